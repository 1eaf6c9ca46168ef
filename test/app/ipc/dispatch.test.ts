import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import type { AppInfo } from '../../../app/common/ipc.ts';
import { createDispatch, type Handlers, type Sender } from '../../../app/ipc/dispatch.ts';

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };

const info: AppInfo = {
  name: 'EventDesk',
  version: '1.2.3',
  platform: 'linux',
  arch: 'x64',
  runtime: { electron: null, chrome: null, node: '24.0.0' },
  dataFolder: '/data',
  secretStorage: { backend: 'none', encryptionAvailable: false, protectsSecrets: false, summary: 'memory only' },
};

// Only app:info is exercised; the wrapper treats every channel alike.
function dispatchWith(handler: Handlers['app:info']) {
  return createDispatch({ 'app:info': handler } as Partial<Handlers> as Handlers, (url) => url === appUrl);
}

describe('the IPC wrapper', () => {
  it('answers a valid call from the app window with the handler value', async () => {
    const envelope = await dispatchWith(() => info)('app:info', undefined, trusted);
    expect(envelope).toEqual({ ok: true, value: info });
  });

  it('rejects a channel the contract does not name, without calling anything', async () => {
    let called = false;
    const envelope = await dispatchWith(() => ((called = true), info))('app:shell-exec', undefined, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    expect(called).toBe(false);
  });

  it('rejects inherited object keys posing as channels', async () => {
    for (const channel of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const envelope = await dispatchWith(() => info)(channel, undefined, trusted);
      expect(envelope).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    }
  });

  it.each<[string, Sender]>([
    ['another window', { ...trusted, fromAppWindow: false }],
    ['a sub-frame of the app window', { ...trusted, fromMainFrame: false }],
    ['a page from another origin', { ...trusted, url: 'https://evil.example/' }],
    ['a file:// page', { ...trusted, url: 'file:///tmp/index.html' }],
  ])('rejects a call from %s', async (_name, sender) => {
    let called = false;
    const envelope = await dispatchWith(() => ((called = true), info))('app:info', undefined, sender);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(called).toBe(false);
  });

  it('rejects a payload that fails the schema, with the reason in the detail', async () => {
    let called = false;
    const envelope = await dispatchWith(() => ((called = true), info))('app:info', { sneaky: true }, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringMatching(/^Refused: /) } });
    expect(envelope.ok === false && envelope.error.detail).toBeTruthy();
    expect(called).toBe(false);
  });

  it('strips fields the contract does not name from what a handler returns', async () => {
    const leaky = { ...info, accessToken: 'secret-token' } as AppInfo;
    const envelope = await dispatchWith(() => leaky)('app:info', undefined, trusted);
    expect(envelope.ok).toBe(true);
    expect(JSON.stringify(envelope)).not.toContain('secret-token');
  });

  it('refuses to send an answer that does not fit the output schema', async () => {
    const broken = { ...info, version: 42 } as unknown as AppInfo;
    const envelope = await dispatchWith(() => broken)('app:info', undefined, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-output' } });
  });

  it('passes an AppError through as a typed error', async () => {
    const envelope = await dispatchWith(() => {
      throw new AppError('password-needed', 'Enter the password.', 'raw detail');
    })('app:info', undefined, trusted);
    expect(envelope).toEqual({ ok: false, error: { code: 'password-needed', message: 'Enter the password.', detail: 'raw detail' } });
  });

  it('turns any other failure into an internal error that keeps the stack as detail', async () => {
    const envelope = await dispatchWith(async () => {
      throw new TypeError('boom');
    })('app:info', undefined, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(envelope.ok === false && envelope.error.detail).toContain('boom');
  });
});
