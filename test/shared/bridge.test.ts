import { describe, expect, it } from 'vitest';
import { createBridge } from '../../shared/bridge.ts';
import { AppError, unwrap } from '../../shared/errors.ts';
import { channelNames } from '../../shared/ipc.ts';

describe('the bridge built from the contract', () => {
  it('has one named method per channel, grouped by domain, and nothing else', () => {
    const bridge = createBridge(async () => ({ ok: true, value: null }));
    const methods = Object.entries(bridge).flatMap(([domain, verbs]) => Object.keys(verbs).map((verb) => `${domain}:${verb}`));
    expect(methods.sort()).toEqual([...channelNames].sort());
  });

  it('sends each call on its own channel with its input', async () => {
    const calls: [string, unknown][] = [];
    const bridge = createBridge(async (channel, input) => {
      calls.push([channel, input]);
      return { ok: true, value: 'answer' };
    });
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
});
