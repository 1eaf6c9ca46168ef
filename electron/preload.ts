import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from '../shared/bridge.ts';
import type { Envelope } from '../shared/errors.ts';

// Named methods built from the contract; no raw ipcRenderer and no generic invoke reach the page.
contextBridge.exposeInMainWorld(
  'eventdesk',
  createBridge((channel, input) => ipcRenderer.invoke(channel, input) as Promise<Envelope<unknown>>),
);
