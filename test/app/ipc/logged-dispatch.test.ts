import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { createDispatch, type Handlers, type Sender } from '../../../app/ipc/dispatch.ts';
import { logFailures } from '../../../app/ipc/logged-dispatch.ts';
import { createLog } from '../../../app/node/log.ts';

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const batch = JSON.stringify([{ event: 'signup', email: 'someone@example.com', apiKey: 'sk_live_0123456789' }]);

async function setUp(handlers: Partial<Handlers>) {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-ipc-log-'));
  const log = createLog({ dataFolder, now: () => new Date('2026-11-22T10:00:00.000Z') });
  const dispatch = logFailures(
    createDispatch(handlers as Handlers, (url) => url === appUrl),
    log,
  );
  return { dispatch, text: () => readFile(log.file, 'utf8').catch(() => '') };
}

describe('IPC failures in the log', () => {
  it('note a refused call by channel, code and message, never its payload', async () => {
    const { dispatch, text } = await setUp({
      'send:start': () => {
        throw new AppError('needs-login', 'Log in to Staging first.');
      },
    });
    const envelope = await dispatch('send:start', { environmentId: 'e-1', batchText: batch, again: false }, trusted);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'needs-login' } });
    expect(await text()).toBe('2026-11-22T10:00:00.000Z WARN  IPC send:start refused {"code":"needs-login","message":"Log in to Staging first."}\n');
  });

  it('note an unexpected failure with its stack, as an error', async () => {
    const { dispatch, text } = await setUp({
      'drafts:list': () => {
        throw new TypeError('cannot read properties of undefined');
      },
    });
    await dispatch('drafts:list', undefined, trusted);
    const line = await text();
    expect(line).toMatch(
      /^\S+ ERROR IPC drafts:list failed \{"code":"internal","message":"Something went wrong while handling drafts:list\.","detail":"TypeError: cannot read properties of undefined\\n {4}at /,
    );
  });

  it('note refusals of unknown channels and foreign senders, without what they sent', async () => {
    const { dispatch, text } = await setUp({});
    await dispatch('app:shell-exec', { command: batch }, trusted);
    await dispatch('drafts:list', undefined, { ...trusted, url: 'https://evil.example/' });
    const lines = (await text()).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('IPC app:shell-exec refused {"code":"unknown-channel"');
    expect(lines[1]).toContain('IPC drafts:list refused {"code":"forbidden-sender"');
    expect(lines.join('\n')).not.toContain('someone@example.com');
  });

  it('write nothing for calls that succeed', async () => {
    const { dispatch, text } = await setUp({ 'drafts:close': () => null });
    expect(await dispatch('drafts:close', { id: 'd-1' }, trusted)).toEqual({ ok: true, value: null });
    expect(await text()).toBe('');
  });
});
