import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames } from '../../shared/ipc.ts';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async () => ({ ok: true, value: 'from main' }));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, send: vi.fn(), on: vi.fn() },
}));

beforeEach(() => invoke.mockClear());

describe('the preload', () => {
  it('exposes only window.eventdesk, made of the contract methods', async () => {
    await import('../../electron/preload.ts');
    expect(Object.keys(exposed)).toEqual(['eventdesk']);
    const api = exposed.eventdesk as Record<string, Record<string, unknown>>;
    const methods = Object.entries(api).flatMap(([domain, verbs]) => Object.keys(verbs).map((verb) => `${domain}:${verb}`));
    expect(methods.sort()).toEqual([...channelNames].sort());
    for (const verbs of Object.values(api)) {
      for (const method of Object.values(verbs)) expect(typeof method).toBe('function');
    }
  });

  it('carries no raw ipcRenderer, send or generic invoke', async () => {
    await import('../../electron/preload.ts');
    const api = exposed.eventdesk as Record<string, unknown>;
    for (const name of ['ipcRenderer', 'invoke', 'send', 'on']) expect(api).not.toHaveProperty(name);
  });

  it('sends each method on its own channel through ipcRenderer.invoke', async () => {
    await import('../../electron/preload.ts');
    const api = exposed.eventdesk as { app: { info: () => Promise<unknown> } };
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'from main' });
    expect(invoke).toHaveBeenCalledWith('app:info', undefined);
  });
});
