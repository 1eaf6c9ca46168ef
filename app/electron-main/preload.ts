import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { createBridge } from '../common/bridge.ts';
import type { Envelope } from '../../base/common/errors.ts';

// Named methods and subscriptions built from the contract; no raw ipcRenderer and no generic
// invoke or send reach the page.
contextBridge.exposeInMainWorld(
  'eventdesk',
  createBridge(
    (channel, input) => ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>,
    (push, listener) => {
      const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(push, handler);
      return () => void ipcRenderer.removeListener(push, handler);
    },
  ),
);
