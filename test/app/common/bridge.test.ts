import { describe, expect, it } from 'vitest';
import { createBridge } from '../../../app/common/bridge.ts';
import { AppError, unwrap, type Envelope } from '../../../base/common/errors.ts';
import { channelNames, pushNames } from '../../../app/common/ipc.ts';

describe('the bridge built from the contract', () => {
  const noPushes = () => () => undefined;

  it('has one named method per channel and one subscription per push, grouped by domain, and nothing else', () => {
    const bridge = createBridge(async () => ({ ok: true, value: null }), noPushes);
    const members = Object.entries(bridge).flatMap(([domain, verbs]) => Object.keys(verbs).map((verb) => `${domain}:${verb}`));
    const subscriptions = pushNames.map((push) => push.replace(/:(\w)/, (_match, first: string) => `:on${first.toUpperCase()}`));
    expect(members.sort()).toEqual([...channelNames, ...subscriptions].sort());
    expect(subscriptions).toContain('session:onChanged');
  });

  it('subscribes each push by name and hands back the unsubscribe function', () => {
    const calls: string[] = [];
    const bridge = createBridge(
      async () => ({ ok: true, value: null }),
      (push, listener) => {
        calls.push(push);
        listener({ reason: 'logged-in' });
        return () => calls.push(`stop ${push}`);
      },
    );
    const seen: unknown[] = [];
    const stop = bridge.session.onChanged((payload) => seen.push(payload));
    stop();
    expect(calls).toEqual(['session:changed', 'stop session:changed']);
    expect(seen).toEqual([{ reason: 'logged-in' }]);
  });

  it('sends each call on its own channel with its input', async () => {
    const calls: [string, unknown][] = [];
    const bridge = createBridge(async (channel, input) => {
      calls.push([channel, input]);
      return { ok: true, value: 'answer' };
    }, noPushes);
    await expect(bridge.app.info()).resolves.toEqual({ ok: true, value: 'answer' });
    expect(calls).toEqual([['app:info', undefined]]);
  });
});

describe('unwrap', () => {
  it('returns the value of a successful envelope', () => {
    expect(unwrap({ ok: true, value: 7 })).toBe(7);
  });

  it('throws the AppError an envelope carries, keeping its code and detail', () => {
    try {
      unwrap({ ok: false, error: { code: 'forbidden-sender', message: 'No.', detail: 'why' } });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'forbidden-sender', message: 'No.', detail: 'why' });
    }
  });

  it('refuses an error whose code is not in the list, as it may arrive over IPC, with a clear error of its own', () => {
    const arrived = JSON.parse('{"ok":false,"error":{"code":"vault-locked","message":"The vault is locked."}}') as Envelope<number>;
    try {
      unwrap(arrived);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'invalid-output', message: 'EventDesk answered with an error that does not fit its contract.' });
      expect((error as AppError).detail).toContain('"code":"vault-locked"');
    }
  });
});
