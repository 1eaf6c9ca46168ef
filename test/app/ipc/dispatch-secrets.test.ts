import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { createDispatch, type Handlers, type Sender } from '../../../app/ipc/dispatch.ts';
import { longToken } from '../../fixtures/hostile/secrets.ts';

/**
 * Issue #29 item 4: whatever a handler throws, the error that goes back to the window holds no
 * secret: neither the call's own (the password being logged in with) nor the vault's.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const PASSWORD = 'hunter2 "wörd"/<&>';
const input = { environmentId: 'env-1', username: 'qa', password: PASSWORD, rememberPassword: false };

function dispatchThrowing(error: unknown, vault: () => readonly string[] = () => []) {
  const handlers = { 'session:login': () => Promise.reject(error) } as Partial<Handlers> as Handlers;
  return createDispatch(handlers, (url) => url === appUrl, vault);
}

describe('an error answer', () => {
  it('masks the call’s password in an unexpected error’s message and stack, as is and escaped', async () => {
    const thrown = new SyntaxError(
      `Invalid regular expression: /${PASSWORD}|${JSON.stringify(PASSWORD)}|${encodeURIComponent(PASSWORD)}/: Regular expression too large`,
    );
    const envelope = await dispatchThrowing(thrown)('session:login', input, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'internal' } });
    const text = JSON.stringify(envelope);
    for (const form of [PASSWORD, JSON.stringify(PASSWORD).slice(1, -1), encodeURIComponent(PASSWORD)]) expect(text).not.toContain(form);
    expect(text).toContain('••••');
  });

  it('masks the vault’s tokens in an AppError’s message and detail', async () => {
    const refresh = longToken(60 * 1024);
    const envelope = await dispatchThrowing(new AppError('bad-token-response', `token ${refresh}`, `{"refresh_token":"${refresh}"}`), () => [refresh])(
      'session:login',
      input,
      trusted,
    );
    expect(envelope).toEqual({ ok: false, error: { code: 'bad-token-response', message: 'token ••••', detail: '{"refresh_token":"••••"}' } });
  });

  it('cuts an unexpected error’s detail to a readable size', async () => {
    const envelope = await dispatchThrowing(new Error(`x${'y'.repeat(300 * 1024)}`))('session:login', input, trusted);
    expect(envelope.ok === false && envelope.error.detail!.length).toBeLessThanOrEqual(16 * 1024);
  });

  it('masks the password of a refused input', async () => {
    const envelope = await dispatchThrowing(new Error('never called'))('session:login', { ...input, environmentId: 7 }, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(JSON.stringify(envelope)).not.toContain(PASSWORD);
  });
});
