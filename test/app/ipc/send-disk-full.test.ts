import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentSettingsSchema, type EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import { emptyHistoryFilter } from '../../../features/history/common/history.ts';
import type { SandboxRequestRecord } from '../../../features/sandbox/common/sandbox.ts';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { validEvent } from '../../fixtures/events.ts';
import { startOverContract } from '../../support/contract-app.ts';
import { mountSmallDisk } from '../../support/small-disk.ts';

/**
 * A send whose history is on a disk that fills at different points, through the app's services
 * over the IPC contract: each write of the record (the batch, a request going out, its answer,
 * the end) can be the one that fails. Whatever the point, nothing goes out unrecorded, the
 * reason reaches the window, and once there is room a resume sends exactly what is missing.
 */

const disk = mountSmallDisk(48);
afterAll(() => {
  if (typeof disk !== 'string') disk.unmount();
});

const EVENTS = 2000;
const CHUNK_SIZE = 100;
const batchText = JSON.stringify(Array.from({ length: EVENTS }, (_, n) => validEvent({ token: `disk-${n}` })));
/** Bytes left free when the send starts: from none to more than it needs. */
const FREE_KIB = [0, 32, 128, 384, 768, 1024, 1280, 1536, 2048, 3072, 16_384];
const WAIT_MS = 20_000;

type App = Awaited<ReturnType<typeof startOverContract>>;

async function startApp(data: string) {
  const ends = new Map<string, SendProgress>();
  const app = await startOverContract(data, {
    onPush: (name, payload) => {
      const progress = payload as SendProgress;
      if (name === 'send:progress' && progress.status !== 'sending') ends.set(progress.submissionId, progress);
    },
  });
  const sandbox = app.services.sandbox!.info();
  // Chunks small enough that the sandbox's traffic keeps each whole (64 KB), and many write points.
  const listed = await app.call('environments:list');
  const local = (listed as { value: { environments: (EnvironmentSettings & { id: string })[] } }).value.environments.find(
    (environment) => environment.id === 'local-sandbox',
  )!;
  const settings = Object.fromEntries(Object.keys(EnvironmentSettingsSchema.shape).map((key) => [key, local[key as keyof EnvironmentSettings]]));
  expect((await app.call('environments:update', { id: 'local-sandbox', edit: { settings: { ...settings, chunkSize: CHUNK_SIZE } } })).ok).toBe(true);
  const login = await app.call('session:login', {
    environmentId: 'local-sandbox',
    username: sandbox.demoUsername,
    password: sandbox.demoPassword,
    rememberPassword: false,
  });
  expect(login.ok).toBe(true);
  /** The last progress of a send, once it has ended. */
  const ended = async (id: string): Promise<SendProgress> => {
    for (const deadline = Date.now() + WAIT_MS; !ends.has(id);) {
      if (Date.now() > deadline) throw new Error(`The send ${id} did not end within ${WAIT_MS} ms.`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return ends.get(id)!;
  };
  return { app, ended };
}

/** The tokens of every event the sandbox accepted; no request went out without its events. */
async function accepted(app: App): Promise<string[]> {
  const answer = await app.call('sandbox:traffic');
  const records = (answer as { value: SandboxRequestRecord[] }).value.filter((record) => record.path === '/user/events');
  for (const record of records) expect(record.body).toMatchObject({ truncated: false, text: expect.not.stringMatching(/^\[\s*\]$/) });
  return records
    .filter((record) => record.response?.status === 202)
    .flatMap((record) => (JSON.parse(record.body.text) as { token: string }[]).map((event) => event.token));
}

/** The status History lists a submission with (none when it is not recorded). */
async function listed(app: App, id: string): Promise<string[]> {
  const answer = await app.call('history:list', { filter: emptyHistoryFilter, limit: 50 });
  return (answer as { value: { id: string; status: string }[] }).value.filter((row) => row.id === id).map((row) => row.status);
}

/** The tokens of the events the record says were acknowledged. */
function recordedOk(app: App, id: string): string[] {
  const detail = app.services.submissions.get(id)!;
  const events = JSON.parse(detail.batch) as { token: string }[];
  return detail.chunks
    .filter((chunk) => chunk.status === 'ok')
    .flatMap((chunk) => events.slice(chunk.firstEvent, chunk.firstEvent + chunk.eventCount).map((event) => event.token));
}

describe.skipIf(typeof disk === 'string')(`a send on a disk that fills${typeof disk === 'string' ? ` (skipped: ${disk})` : ''}`, () => {
  it('never sends what it did not record, says why it stopped, and a resume with room sends exactly the rest', { timeout: 240_000 }, async () => {
    if (typeof disk === 'string') return;
    const seen = new Set<string>();
    for (const freeKib of FREE_KIB) {
      const data = path.join(disk.folder, `data-${freeKib}`);
      disk.unfill();
      const first = await startApp(data);
      disk.fill(freeKib * 1024);
      const started = await first.app.call('send:start', { environmentId: 'local-sandbox', batchText, again: false });
      if (!started.ok) {
        // The submission itself could not be recorded: refused, saying so, with nothing sent.
        expect(started.error).toMatchObject({ code: 'history-full', message: expect.stringContaining('the disk holding it is full') });
        expect(await accepted(first.app)).toEqual([]);
        seen.add('refused');
        await first.app.services.close();
        rmSync(data, { recursive: true, force: true });
        continue;
      }
      const id = (started.value as { started: { id: string } }).started.id;
      const end = await first.ended(id);
      const sentFirst = await accepted(first.app);
      const recorded = first.app.services.submissions.get(id);
      const whole = recorded !== null && first.app.services.submissions.eventsRecorded(id) === EVENTS;
      if (end.problem === null) {
        expect(end.status).toBe('ok');
        expect(new Set(sentFirst).size).toBe(EVENTS);
        seen.add('sent');
      } else {
        expect(end).toMatchObject({ status: 'failed', problem: expect.stringContaining('the disk holding it is full') });
        // The disk still full, History and Recent sends read the stopped send as interrupted, never as going out.
        expect(await listed(first.app, id)).toEqual(whole ? ['interrupted'] : expect.not.arrayContaining(['sending']));
        if (whole) {
          // Only what the server acknowledged is counted, in the progress and in the record.
          expect(end.eventsDone).toBeLessThanOrEqual(sentFirst.length);
          expect(sentFirst).toEqual(expect.arrayContaining(recordedOk(first.app, id)));
          seen.add('stopped');
        } else {
          expect(end.problem).toContain('nothing was sent');
          expect(sentFirst).toEqual([]);
          seen.add('nothing sent');
        }
      }
      await first.app.services.close();

      // With room again, the next start ends what the full disk left, and a resume sends the rest.
      disk.unfill();
      const second = await startApp(data);
      const after = second.app.services.submissions.get(id);
      if (!whole) expect(after).toBeNull();
      if (after && after.status !== 'ok') {
        const resumed = await second.app.call('send:resume', { submissionId: id, unanswered: 'resend' });
        expect(resumed.ok).toBe(true);
        // Every chunk acknowledged, only the end unrecorded: it is ok at once, with nothing to send.
        if ((resumed as { value: { status: string } }).value.status === 'sending')
          expect(await second.ended(id)).toMatchObject({ status: 'ok', problem: null });
        const all = new Set([...sentFirst, ...(await accepted(second.app))]);
        expect(all.size).toBe(EVENTS);
        expect(second.app.services.submissions.get(id)!.chunks.every((chunk) => chunk.status === 'ok')).toBe(true);
      }
      await second.app.services.close();
      rmSync(data, { recursive: true, force: true });
    }
    expect([...seen]).toEqual(expect.arrayContaining(['nothing sent', 'stopped', 'sent']));
  });
});
