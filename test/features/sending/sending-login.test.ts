import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WAITING_FOR_LOGIN, type SendProgress } from '../../../features/history/common/submission.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createSending } from '../../../features/sending/node/sending.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';
import { numberedEvent } from '../../fixtures/events.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

const event = (n: number) => numberedEvent(n);
const batchOf = (count: number) => JSON.stringify(Array.from({ length: count }, (_, n) => event(n + 1)));

/**
 * The app's arrangement: a real sandbox and history, the login not remembered, and sends that
 * wait for the user to log in again when it ends. The sandbox refuses the token of the second
 * chunk (401), as when it expired there.
 */
async function sendUntilTheLoginEnds(loginWaitMs = 60_000) {
  const context = await startSandboxSessions(open, { faults: { failSequence: [200, 401] } });
  const submissions = openSubmissions(path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sending-login-')), 'submissions.sqlite'));
  open.push(submissions);
  const progress: SendProgress[] = [];
  const sending = createSending({ fetch: (input, init) => fetch(input, init), ...context, submissions, push: (update) => progress.push(update), loginWaitMs });
  open.push({ close: () => sending.dispose() });
  await context.environments.update(LOCAL_SANDBOX_ID, { settings: { ...context.environments.get(LOCAL_SANDBOX_ID), chunkSize: 2, concurrency: 1 } });
  const logIn = () =>
    context.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: context.info.demoPassword, rememberPassword: false });
  await logIn();
  const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(6), false);
  if (!('started' in result)) throw new Error('not started');
  const id = result.started.id;
  await expect.poll(() => progress.at(-1)?.waitingForLogin, { timeout: 10_000 }).toBe(true);
  const ended = () => expect.poll(() => submissions.get(id)?.status, { timeout: 10_000 }).not.toBe('sending');
  return { ...context, submissions, sending, progress, id, logIn, ended };
}

describe('a send whose login ends, with no password remembered', () => {
  it('waits for the login, saying so, and is neither partial nor failed meanwhile', async () => {
    const { submissions, progress, id, events } = await sendUntilTheLoginEnds();
    expect(progress.at(-1)).toMatchObject({ status: 'sending', chunksDone: 1, activity: WAITING_FOR_LOGIN, waitingForLogin: true });
    expect(events.at(-1)?.reason).toBe('needs-login');
    const waiting = submissions.get(id)!;
    expect(waiting.status).toBe('sending');
    expect(waiting.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'sending', 'pending']);
  });

  it('goes on once the user logs in, and ends ok', async () => {
    const { submissions, progress, id, logIn, ended } = await sendUntilTheLoginEnds();
    await logIn();
    await ended();
    const detail = submissions.get(id)!;
    expect(detail.status).toBe('ok');
    expect(detail.chunks[1]!.attemptLog.map((attempt) => [attempt.number, attempt.statusCode])).toEqual([
      [1, 401],
      [2, 202],
    ]);
    expect(progress.at(-1)).toMatchObject({ status: 'ok', waitingForLogin: false, activity: null });
  });

  it('stops partial when the login is declined, the chunk saying why and the rest pending for Resume', async () => {
    const { submissions, sessions, id, ended } = await sendUntilTheLoginEnds();
    sessions.declineLogin(LOCAL_SANDBOX_ID);
    await ended();
    const detail = submissions.get(id)!;
    expect(detail.status).toBe('partial');
    expect(detail.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'failed', 'pending']);
    expect(detail.chunks[1]!.error).toBe('The login was cancelled, so the send stopped here. Log in, then resume to send the rest.');
  });

  it('stops when no login comes in time, and ends cancelled when the send is cancelled while it waits', async () => {
    const late = await sendUntilTheLoginEnds(300);
    await late.ended();
    expect(late.submissions.get(late.id)!.chunks[1]!.error).toMatch(/^No login came within/);

    const { sending, submissions, id, ended } = await sendUntilTheLoginEnds();
    sending.cancel(id);
    await ended();
    expect(submissions.get(id)!.status).toBe('cancelled');
    expect(submissions.get(id)!.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'failed', 'cancelled']);
  });
});
