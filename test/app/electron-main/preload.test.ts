import { beforeEach, describe, expect, it, vi } from 'vitest';
import { channelNames, pushNames } from '../../../app/common/ipc.ts';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async () => ({ ok: true, value: 'from main' }));
const on = vi.fn();
const removeListener = vi.fn();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, send: vi.fn(), on, removeListener },
}));

beforeEach(() => invoke.mockClear());

describe('the preload', () => {
  it('exposes only window.eventdesk, made of the contract methods and push subscriptions', async () => {
    await import('../../../app/electron-main/preload.ts');
    expect(Object.keys(exposed)).toEqual(['eventdesk']);
    const api = exposed.eventdesk as Record<string, Record<string, unknown>>;
    const members = Object.entries(api).flatMap(([domain, verbs]) => Object.keys(verbs).map((verb) => `${domain}:${verb}`));
    expect(members.filter((member) => !/:on[A-Z]/.test(member)).sort()).toEqual([...channelNames].sort());
    expect(members.filter((member) => /:on[A-Z]/.test(member))).toHaveLength(pushNames.length);
    for (const verbs of Object.values(api)) {
      for (const method of Object.values(verbs)) expect(typeof method).toBe('function');
    }
  });

  it('carries no raw ipcRenderer, send or generic invoke', async () => {
    await import('../../../app/electron-main/preload.ts');
    const api = exposed.eventdesk as Record<string, unknown>;
    for (const name of ['ipcRenderer', 'invoke', 'on', 'emit']) expect(api).not.toHaveProperty(name);
    // `send` is a domain of named methods (send.start…), never a raw send function.
    expect(typeof api.send).toBe('object');
    for (const member of Object.values(api)) expect(typeof member).toBe('object');
  });

  it('sends each method on its own channel through ipcRenderer.invoke', async () => {
    await import('../../../app/electron-main/preload.ts');
    const api = exposed.eventdesk as { app: { info: () => Promise<unknown> } };
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: 'from main' });
    expect(invoke).toHaveBeenCalledWith('app:info', undefined);
  });

  it('subscribes to a push with ipcRenderer.on, hands the listener only the payload, and unsubscribes', async () => {
    await import('../../../app/electron-main/preload.ts');
    const api = exposed.eventdesk as { session: { onChanged: (listener: (payload: unknown) => void) => () => void } };
    const seen: unknown[] = [];
    const stop = api.session.onChanged((payload) => seen.push(payload));
    const [channel, handler] = on.mock.calls.at(-1) as [string, (event: unknown, payload: unknown) => void];
    expect(channel).toBe('session:changed');
    handler({ sender: 'the IPC event stays in the preload' }, { reason: 'expired' });
    expect(seen).toEqual([{ reason: 'expired' }]);
    stop();
    expect(removeListener).toHaveBeenCalledWith('session:changed', handler);
  });
});
