import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { HistoryFilterSchema } from '../../../features/history/common/history.ts';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { arraysText, insideArrays } from '../../fixtures/events.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createSending, prepareBatch, type SendTuning, type StartResult } from '../../../features/sending/node/sending.ts';
import { createEarlyBatches, startingFrom, type EarlyBatches } from '../../../features/sending/node/early-batches.ts';
import { openSubmissions, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';
import { numberedEvent } from '../../fixtures/events.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

const event = (n: number) => numberedEvent(n);
const batchOf = (count: number) =>
  JSON.stringify(
    Array.from({ length: count }, (_, n) => event(n + 1)),
    null,
    2,
  );

/** `onProgress` sees each progress as it is pushed, when the services are as they were then. */
async function setup(
  sandboxOptions: SandboxStartOptions = {},
  chunkSize = 500,
  sendingSettings: { concurrency?: number; maxAttempts?: number } = {},
  onProgress?: (update: SendProgress) => void,
  early?: EarlyBatches,
) {
  const context = await startSandboxSessions(open, sandboxOptions);
  const submissions = openSubmissions(path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sending-')), 'submissions.sqlite'));
  open.push(submissions);
  const progress: SendProgress[] = [];
  const sending = createSending({
    fetch: (input, init) => fetch(input, init),
    ...context,
    submissions,
    push: (update) => {
      onProgress?.(update);
      progress.push(update);
    },
    ...(early ? { early } : {}),
  });
  open.push({ close: () => sending.dispose() });
  await context.environments.update(LOCAL_SANDBOX_ID, { settings: { ...context.environments.get(LOCAL_SANDBOX_ID), chunkSize, ...sendingSettings } });
  await context.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: context.info.demoPassword, rememberPassword: true });
  const finished = (id: string) => expect.poll(() => submissions.get(id)?.status, { timeout: 10_000 }).not.toBe('sending');
  const accepted = () => context.sandbox.traffic().filter((record) => record.path === '/user/events' && record.response?.status === 202).length;
  return { ...context, submissions, sending, progress, finished, accepted };
}

describe('sending a batch', () => {
  it('records the submission before the first byte, then every chunk as it completes', async () => {
    const { sending, submissions, finished, progress, sandbox } = await setup({}, 2);
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(5), false);
    if (!('started' in result)) throw new Error('not started');
    expect(submissions.get(result.started.id)).toMatchObject({ status: 'sending', eventCount: 5 });
    await finished(result.started.id);
    const detail = submissions.get(result.started.id)!;
    expect(detail).toMatchObject({ status: 'ok', headers: { Authorization: 'Bearer ••••' } });
    expect(detail.chunks.map((chunk) => [chunk.firstEvent, chunk.eventCount, chunk.status, chunk.statusCode])).toEqual([
      [0, 2, 'ok', 202],
      [2, 2, 'ok', 202],
      [4, 1, 'ok', 202],
    ]);
    expect(progress.at(-1)).toMatchObject({ status: 'ok', eventsDone: 5, eventsTotal: 5, chunksDone: 3 });
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toHaveLength(3);
  });

  it('keeps the record in step when a 413 splits a chunk', async () => {
    const { sending, submissions, finished, accepted } = await setup({ faults: { maxEvents: 1 } }, 3);
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(4), false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    const detail = submissions.get(result.started.id)!;
    expect(detail.status).toBe('ok');
    expect(detail.chunks.map((chunk) => [chunk.firstEvent, chunk.eventCount, chunk.status])).toEqual([
      [0, 1, 'ok'],
      [1, 1, 'ok'],
      [2, 1, 'ok'],
      [3, 1, 'ok'],
    ]);
    expect(accepted()).toBe(4);
  });

  it('keeps every attempt of a chunk: the 500, the 429 with its Retry-After, then the 202', async () => {
    const { sending, submissions, finished } = await setup({ faults: { failSequence: [500, 429, 200], retryAfterSeconds: 0 } });
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(2), false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    const [chunk] = submissions.get(result.started.id)!.chunks;
    expect(chunk).toMatchObject({ status: 'ok', statusCode: 202, attempts: 3, wentOut: false });
    expect(chunk!.attemptLog.map((attempt) => [attempt.number, attempt.statusCode, attempt.retryAfter, attempt.error])).toEqual([
      [1, 500, null, null],
      [2, 429, '0', null],
      [3, 202, null, null],
    ]);
    for (const attempt of chunk!.attemptLog) {
      expect(Date.parse(attempt.startedAt!)).toBeGreaterThanOrEqual(Date.parse(result.started.startedAt));
      expect(attempt.durationMs).toBeGreaterThan(0);
      expect(attempt.responseHeaders['content-type']).toMatch(/json/);
      expect(attempt.responseBody).not.toBe('');
    }
  });

  it('asks before sending the same resolved batch to the same environment again', async () => {
    const { sending, finished } = await setup();
    const first = await sending.start(LOCAL_SANDBOX_ID, batchOf(1), false);
    if (!('started' in first)) throw new Error('not started');
    await finished(first.started.id);
    const second = await sending.start(LOCAL_SANDBOX_ID, batchOf(1), false);
    expect(second).toEqual({ duplicateOf: expect.objectContaining({ id: first.started.id }) });
    const again = await sending.start(LOCAL_SANDBOX_ID, batchOf(1), true);
    if (!('started' in again)) throw new Error('not started again');
    await finished(again.started.id);
  });

  it('resends a submission under its label: the new one is labelled from the start and found by it', async () => {
    const { sending, submissions, finished, accepted } = await setup();
    const first = await sending.start(LOCAL_SANDBOX_ID, batchOf(2), false);
    if (!('started' in first)) throw new Error('not started');
    await finished(first.started.id);
    submissions.annotate(first.started.id, { label: 'ZD-1234 repro', note: 'only the first' });
    expect(await sending.resend(first.started.id, false)).toEqual({ duplicateOf: expect.objectContaining({ id: first.started.id }) });
    const again = await sending.resend(first.started.id, true);
    if (!('started' in again)) throw new Error('not started again');
    expect(again.started).toMatchObject({ label: 'ZD-1234 repro', note: '' });
    await finished(again.started.id);
    expect(submissions.get(again.started.id)).toMatchObject({
      status: 'ok',
      label: 'ZD-1234 repro',
      note: '',
      batch: submissions.get(first.started.id)!.batch,
    });
    expect(accepted()).toBe(2);
    const found = submissions.list({ filter: HistoryFilterSchema.parse({ search: 'zd-1234' }), limit: 10 });
    expect(found.map((row) => row.id).sort()).toEqual([first.started.id, again.started.id].sort());
  });

  it('refuses to resend a submission that is gone, with a clear error', async () => {
    const { sending } = await setup();
    await expect(sending.resend('no-such-submission', true)).rejects.toMatchObject({
      code: 'submission-not-found',
      message: 'That submission no longer exists.',
    });
  });

  it('resolves templates once and records the resolved batch', async () => {
    const { sending, submissions, finished } = await setup();
    const result = await sending.start(
      LOCAL_SANDBOX_ID,
      JSON.stringify([
        { ...event(1), token: 'evt-{{$seq}}', device_id: '{{$uuid}}' },
        { ...event(2), token: 'evt-{{$seq}}' },
      ]),
      false,
    );
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    const sent = JSON.parse(submissions.get(result.started.id)!.batch) as { token: string; device_id: string }[];
    expect(sent.map((item) => item.token)).toEqual(['evt-1', 'evt-2']);
    expect(sent[0]!.device_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('resumes an interrupted submission by sending only the chunks never acknowledged', async () => {
    const { sending, submissions, finished, accepted } = await setup({}, 2);
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(6), false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    // As after a crash: the last two chunks never got their answer.
    submissions.updateChunk(result.started.id, 2, { status: 'sending' });
    submissions.updateChunk(result.started.id, 4, { status: 'pending' });
    submissions.finish(result.started.id, 'sending');
    expect(submissions.markInterrupted()).toEqual([result.started.id]);
    const before = accepted();
    sending.resume(result.started.id);
    await finished(result.started.id);
    expect(accepted() - before).toBe(2);
    expect(submissions.get(result.started.id)!.chunks.every((chunk) => chunk.status === 'ok')).toBe(true);
    // A resumed chunk's attempts go on from those of the first run.
    expect(submissions.get(result.started.id)!.chunks.map((chunk) => chunk.attempts)).toEqual([1, 2, 2]);
    expect(() => sending.resume(result.started.id)).toThrow(/already acknowledged/);
  });

  it("numbers the attempts of a resumed chunk split by a 413 among its parts, from 1: those before were the whole chunk's", async () => {
    const { sending, submissions, finished, sandbox } = await setup({ faults: { failSequence: [503, 503] } }, 4, { maxAttempts: 2 });
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(4), false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    sandbox.setFaults({ maxEvents: 2 });
    sending.resume(result.started.id);
    await finished(result.started.id);
    const { chunks } = submissions.get(result.started.id)!;
    expect(chunks.map((chunk) => [chunk.firstEvent, chunk.eventCount, chunk.status, chunk.attempts])).toEqual([
      [0, 2, 'ok', 1],
      [2, 2, 'ok', 1],
    ]);
    expect(chunks[0]!.attemptLog.map((attempt) => [attempt.eventCount, attempt.number, attempt.statusCode])).toEqual([
      [4, 1, 503],
      [4, 2, 503],
      [4, 3, 413],
      [2, 1, 202],
    ]);
  });

  it('on resume, names the chunks that went out without an answer, and sends them again or skips them as told', async () => {
    const { sending, submissions, finished, accepted } = await setup({}, 2);
    const crashed = async () => {
      const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(6), true);
      if (!('started' in result)) throw new Error('not started');
      const id = result.started.id;
      await finished(id);
      // As after a kill: chunk 2's request was out, chunk 3 had not started.
      submissions.beginAttempt(id, { number: 2, startedAt: new Date().toISOString(), firstEvent: 2, eventCount: 2 });
      submissions.updateChunk(id, 4, { status: 'pending' });
      submissions.finish(id, 'sending');
      expect(submissions.markInterrupted()).toEqual([id]);
      return id;
    };

    const skipped = await crashed();
    expect(() => sending.resume(skipped)).toThrow(
      expect.objectContaining({
        code: 'resume-unanswered',
        message: expect.stringContaining('events 3–4 went out without an answer; the server may already hold them'),
      }),
    );
    expect(submissions.get(skipped)!.status).toBe('interrupted');
    let before = accepted();
    sending.resume(skipped, undefined, 'skip');
    await finished(skipped);
    expect(accepted() - before).toBe(1);
    expect(submissions.get(skipped)).toMatchObject({ status: 'partial' });
    expect(submissions.get(skipped)!.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'skipped', 'ok']);
    expect(submissions.get(skipped)!.chunks[1]!.error).toMatch(/^Skipped on resume/);

    const resent = await crashed();
    before = accepted();
    sending.resume(resent, undefined, 'resend');
    await finished(resent);
    expect(accepted() - before).toBe(2);
    expect(submissions.get(resent)).toMatchObject({ status: 'ok' });
  });

  it('counts the time spent sending, not the pause between a cancel and its resume', async () => {
    const { sending, submissions, finished } = await setup({ faults: { latencyMs: 200 } }, 1);
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(3), false);
    if (!('started' in result)) throw new Error('not started');
    const id = result.started.id;
    await expect.poll(() => submissions.get(id)!.chunks.some((chunk) => chunk.status === 'ok'), { timeout: 10_000 }).toBe(true);
    sending.cancel(id);
    await finished(id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    sending.resume(id, undefined, 'resend');
    await finished(id);
    const done = submissions.get(id)!;
    expect(done.status).toBe('ok');
    expect(done.sendingMs).toBeGreaterThan(0);
    expect(Date.parse(done.finishedAt!) - Date.parse(done.startedAt) - done.sendingMs).toBeGreaterThanOrEqual(1400);
  });

  it('cancels every send on quit and records how each ended', async () => {
    const { sending, submissions } = await setup({ faults: { latencyMs: 2000 } }, 1);
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(3), false);
    if (!('started' in result)) throw new Error('not started');
    await sending.dispose();
    expect(submissions.get(result.started.id)?.status).toBe('cancelled');
  });

  it('refuses, recording nothing, a send still being read when the services close', async () => {
    const { sending, submissions } = await setup();
    const starting = sending.start(LOCAL_SANDBOX_ID, batchOf(20_000), false);
    await sending.dispose();
    await expect(starting).rejects.toThrow(expect.objectContaining({ code: 'services-closing', message: 'EventDesk is closing; nothing was sent.' }));
    expect(submissions.list({ limit: 10 })).toEqual([]);
  });

  it("follows the environment's attempts per chunk", async () => {
    const { sending, submissions, finished } = await setup({ faults: { failSequence: [503, 503, 503] } }, 500, { maxAttempts: 2 });
    const result = await sending.start(LOCAL_SANDBOX_ID, batchOf(1), false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    expect(submissions.get(result.started.id)!.chunks[0]).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('asks for a login, or an API key, before recording anything', async () => {
    const { sending, submissions, sessions, vault } = await setup();
    await sessions.logout(LOCAL_SANDBOX_ID);
    await vault.clear(LOCAL_SANDBOX_ID, ['password']);
    await expect(sending.start(LOCAL_SANDBOX_ID, batchOf(1), false)).rejects.toThrow(expect.objectContaining({ code: 'needs-login' }));
    await vault.clear(LOCAL_SANDBOX_ID, ['apiKey']);
    await expect(sending.start(LOCAL_SANDBOX_ID, batchOf(1), false)).rejects.toThrow(expect.objectContaining({ code: 'missing-api-key' }));
    expect(submissions.list({ limit: 10 })).toEqual([]);
  });

  it('sends a batch read ahead under its key as it sends its text: templates resolved once, asked about when sent before', async () => {
    const early = createEarlyBatches();
    const { sending, submissions, finished, environments } = await setup({}, 500, {}, undefined, early);
    const text = JSON.stringify([
      { ...event(1), token: 'evt-{{$seq}}' },
      { ...event(2), token: 'evt-{{$seq}}' },
    ]);
    early.prepare('batch', environments.get(LOCAL_SANDBOX_ID), text);
    const first = await sending.start(LOCAL_SANDBOX_ID, { early: 'batch' }, false);
    if (!('started' in first)) throw new Error('not started');
    await finished(first.started.id);
    const sent = JSON.parse(submissions.get(first.started.id)!.batch) as { token: string }[];
    expect(sent.map((item) => item.token)).toEqual(['evt-1', 'evt-2']);
    // Read ahead again, the same resolved batch is asked about, and kept until it is sent.
    early.prepare('again', environments.get(LOCAL_SANDBOX_ID), text);
    expect(await sending.start(LOCAL_SANDBOX_ID, { early: 'again' }, false)).toEqual({ duplicateOf: expect.objectContaining({ id: first.started.id }) });
    const again = await sending.start(LOCAL_SANDBOX_ID, { early: 'again' }, true);
    if (!('started' in again)) throw new Error('not started again');
    await finished(again.started.id);
    // Sent, it is let go of; a key never read ahead, or read for another environment, sends nothing.
    await expect(sending.start(LOCAL_SANDBOX_ID, { early: 'again' }, true)).rejects.toMatchObject({ code: 'batch-not-read-ahead' });
    early.prepare('elsewhere', { ...environments.get(LOCAL_SANDBOX_ID), id: 'another' }, text);
    await expect(sending.start(LOCAL_SANDBOX_ID, { early: 'elsewhere' }, true)).rejects.toMatchObject({ code: 'batch-not-read-ahead' });
    expect(submissions.count()).toBe(2);
  });

  it('sends the text when the services have nothing read ahead under the key (they started again since), and the text from then on', async () => {
    const early = createEarlyBatches();
    const { sending, submissions, finished } = await setup({}, 500, {}, undefined, early);
    const asked: unknown[] = [];
    const start = startingFrom<SendTuning, StartResult>(
      (environmentId, batch, again, tuning) => {
        asked.push(batch);
        return sending.start(environmentId, batch, again, tuning);
      },
      'lost',
      batchOf(2),
    );
    const first = await start(LOCAL_SANDBOX_ID, false);
    if (!('started' in first)) throw new Error('not started');
    await finished(first.started.id);
    expect(submissions.get(first.started.id)).toMatchObject({ status: 'ok', eventCount: 2 });
    expect(await start(LOCAL_SANDBOX_ID, false)).toEqual({ duplicateOf: expect.objectContaining({ id: first.started.id }) });
    expect(asked).toEqual([{ early: 'lost' }, batchOf(2), batchOf(2)]);
    // Any other refusal is the send's answer, as it was.
    await expect(startingFrom(sending.start, null, '[]')(LOCAL_SANDBOX_ID, false)).rejects.toThrow(/at least one event/);
  });

  it('explains a batch read ahead that cannot be sent, as it does its text, with no unhandled rejection meanwhile', async () => {
    const early = createEarlyBatches();
    const { sending, environments } = await setup({}, 500, {}, undefined, early);
    early.prepare('broken', environments.get(LOCAL_SANDBOX_ID), JSON.stringify([{ token: '{{nobody}}' }]));
    // Read, failed, and not yet asked for: nothing is said until the send reads it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(sending.start(LOCAL_SANDBOX_ID, { early: 'broken' }, false)).rejects.toThrow(/templates cannot be resolved/);
  });

  it('explains a batch that cannot be sent', async () => {
    const { sending } = await setup();
    await expect(sending.start(LOCAL_SANDBOX_ID, '[', false)).rejects.toThrow(/not valid JSON/);
    await expect(sending.start(LOCAL_SANDBOX_ID, '[]', false)).rejects.toThrow(/at least one event/);
    await expect(sending.start(LOCAL_SANDBOX_ID, JSON.stringify([{ token: '{{nobody}}' }]), false)).rejects.toThrow(/templates cannot be resolved/);
  });

  it('explains a batch nested too deep, whether its brackets are dense or few among many events', async () => {
    const { sending, submissions, sandbox } = await setup();
    const [before, after] = JSON.stringify([event(1)]).split('{}');
    const dense = `${before}{"a": ${arraysText(20_000)}}${after}`;
    await expect(sending.start(LOCAL_SANDBOX_ID, dense, false)).rejects.toThrow(
      expect.objectContaining({ code: 'batch-too-deep', message: `${TOO_DEEP_MESSAGE} Nothing was sent.` }),
    );
    const sparse = JSON.stringify([...Array.from({ length: 200 }, (_, n) => event(n)), { ...event(200), attributes: { a: insideArrays(100, 1) } }]);
    // The resolver finds it at the path where level 65 opens (attributes/a opens level 4).
    await expect(sending.start(LOCAL_SANDBOX_ID, sparse, false)).rejects.toThrow(
      expect.objectContaining({
        code: 'batch-too-deep',
        message: `${TOO_DEEP_MESSAGE} Nothing was sent.`,
        detail: `at /200/attributes/a${'/0'.repeat(MAX_JSON_DEPTH - 3)}`,
      }),
    );
    expect(submissions.list({ limit: 10 })).toEqual([]);
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toEqual([]);
  });
});

describe('a send that does not hold the event loop', () => {
  /** About 400 KB of events (3 000): a batch recorded, and indexed, in more than one part. */
  const bigBatch = () => batchOf(3000);
  const ids = (submissions: SubmissionStore, search: string) =>
    submissions.list({ limit: 10, filter: HistoryFilterSchema.parse({ search }) }).map((row) => row.id);

  it('pushes its first progress at once: before it records the batch, and before the first request', async () => {
    const firstPush: { progress: SendProgress; requests: number; batch: string | undefined }[] = [];
    const context = await setup({}, 500, {}, (update) => {
      if (firstPush.length > 0) return;
      const requests = context.sandbox.traffic().filter((record) => record.path === '/user/events').length;
      firstPush.push({ progress: update, requests, batch: context.submissions.get(update.submissionId)?.batch });
    });
    const result = await context.sending.start(LOCAL_SANDBOX_ID, bigBatch(), false);
    if (!('started' in result)) throw new Error('not started');
    // Pushed before start() answered: the window shows the send as soon as it knows of it, and where it goes.
    expect(firstPush).toHaveLength(1);
    expect(firstPush[0]).toEqual({
      progress: expect.objectContaining({
        submissionId: result.started.id,
        environmentId: LOCAL_SANDBOX_ID,
        status: 'sending',
        chunksDone: 0,
        chunksTotal: 6,
        eventsDone: 0,
        eventsTotal: 3000,
      }),
      requests: 0,
      batch: '[]',
    });
    await context.finished(result.started.id);
    expect(JSON.parse(context.submissions.get(result.started.id)!.batch)).toHaveLength(3000);
  });

  it('makes every value of the batch searchable, part by part, as one parse of it found them', async () => {
    const { sending, submissions, finished } = await setup();
    const text = bigBatch();
    const result = await sending.start(LOCAL_SANDBOX_ID, text, false);
    if (!('started' in result)) throw new Error('not started');
    await finished(result.started.id);
    await sending.dispose();
    const id = result.started.id;
    // What the one search row of the whole batch found before: the first event, the last, one in between, each word anywhere.
    for (const search of ['t-1', 'c-1500', 'c-3000', 'c-2 t-2999', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', '2026-11-22'])
      expect(ids(submissions, search)).toEqual([id]);
    expect(ids(submissions, 'c-3001')).toEqual([]);
    const raw = new DatabaseSync(submissions.file, { readOnly: true });
    try {
      const { parts, indexed } = raw.prepare('SELECT count(*) AS parts, sum(indexed) AS indexed FROM batch_parts').get() as { parts: number; indexed: number };
      expect(parts).toBeGreaterThan(1);
      expect(indexed).toBe(parts);
    } finally {
      raw.close();
    }
  });

  it('indexes at the next start what a crash left unindexed', async () => {
    const context = await startSandboxSessions(open);
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sending-')), 'submissions.sqlite');
    const crashed = openSubmissions(file);
    // As a kill leaves a send whose batch was recorded, but whose search rows were not all written.
    const batch = prepareBatch({ variables: [], timeZone: 'UTC' }, bigBatch());
    const { id } = crashed.openSubmission({
      environmentId: LOCAL_SANDBOX_ID,
      environmentName: 'Local sandbox',
      environmentColor: '#000000',
      baseUrl: 'http://127.0.0.1',
      headers: {},
      eventCount: 3000,
      batchHash: batch.batchHash,
      batchBytes: batch.batchBytes,
      startedAt: new Date().toISOString(),
    });
    crashed.addChunks(id, [{ firstEvent: 0, eventCount: 3000 }]);
    crashed.addBatchParts(id, batch.parts);
    crashed.indexBatchPart(id, 0, batch.parts[0]!.searchText);
    crashed.close();

    const submissions = openSubmissions(file);
    open.push(submissions);
    expect(submissions.markInterrupted()).toEqual([id]);
    expect(ids(submissions, 'c-3000')).toEqual([]);
    const sending = createSending({ fetch: (input, init) => fetch(input, init), ...context, submissions, push: () => undefined });
    await sending.dispose();
    expect(ids(submissions, 'c-3000')).toEqual([id]);
    expect(ids(submissions, 'c-1')).toEqual([id]);
    expect(submissions.unindexedParts(10)).toEqual([]);
  });
});
