import { writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { HistoryFilterSchema } from '../../../features/history/common/history.ts';
import { MAX_RESPONSE_BODY_BYTES, SubmissionDetailSchema } from '../../../features/history/common/submission.ts';
import { SUBMISSIONS_SCHEMA_VERSION, openSubmissions } from '../../../features/history/node/submissions.ts';
import { truncateUtf8 } from '../../../features/history/node/submissions-rows.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { input, threeChunks, codeOf, ranges, sendingHere } from '../../support/submissions-fixtures.ts';

const history = historyFilePerTest('eventdesk-submissions-');
const openStore = () => history.openStore();

describe('submissions store', () => {
  it('records a submission as sending with pending chunks, and gives it back whole', () => {
    const store = openStore();
    const created = store.createSubmission(input(), threeChunks);
    sendingHere(store, created.id);
    expect(created.status).toBe('sending');
    expect(created.finishedAt).toBeNull();
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    const detail = store.get(created.id);
    expect(SubmissionDetailSchema.parse(detail)).toEqual(detail);
    expect(detail).toEqual({
      ...input(),
      id: created.id,
      finishedAt: null,
      sendingMs: 0,
      status: 'sending',
      label: '',
      note: '',
      pseudonymizedFrom: [],
      chunks: threeChunks.map((range) => ({
        ...range,
        status: 'pending',
        statusCode: null,
        responseHeaders: {},
        responseBody: '',
        responseTruncated: false,
        attempts: 0,
        durationMs: 0,
        error: null,
        wentOut: false,
        attemptLog: [],
      })),
    });
    expect(store.get('no-such-id')).toBeNull();
  });

  it('refuses chunks that do not cover the batch in order, and writes nothing then', () => {
    const store = openStore();
    expect(
      codeOf(() =>
        store.createSubmission(input(), [
          { firstEvent: 0, eventCount: 2 },
          { firstEvent: 3, eventCount: 3 },
        ]),
      ),
    ).toBe('submission-chunks');
    expect(codeOf(() => store.createSubmission(input(), threeChunks.slice(0, 2)))).toBe('submission-chunks');
    expect(codeOf(() => store.createSubmission(input({ startedAt: 'yesterday' }), threeChunks))).toBe('submission-started-at');
    expect(store.list({ limit: 10 })).toEqual([]);
  });

  it('records what happened to a chunk, leaving the rest as it was', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.updateChunk(id, 2, { status: 'sending', attempts: 1 });
    const updated = store.updateChunk(id, 2, {
      status: 'ok',
      statusCode: 202,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: '{"accepted":2}',
      durationMs: 41.5,
    });
    expect(updated).toMatchObject({ firstEvent: 2, eventCount: 2, status: 'ok', statusCode: 202, attempts: 1, durationMs: 41.5, error: null });
    store.updateChunk(id, 4, { status: 'failed', statusCode: null, error: 'connection reset', attempts: 5 });

    const chunks = store.get(id)?.chunks ?? [];
    expect(chunks.map((c) => c.status)).toEqual(['pending', 'ok', 'failed']);
    expect(chunks[1]?.responseHeaders).toEqual({ 'content-type': 'application/json' });
    expect(chunks[1]?.responseBody).toBe('{"accepted":2}');
    expect(chunks[2]).toMatchObject({ error: 'connection reset', attempts: 5, statusCode: null });
    // A chunk is known by its first event: event 3 is inside the chunk that begins at 2.
    expect(codeOf(() => store.updateChunk(id, 3, { status: 'ok' }))).toBe('chunk-not-found');
    expect(codeOf(() => store.updateChunk(id, 6, { status: 'ok' }))).toBe('chunk-not-found');
    expect(codeOf(() => store.updateChunk('nope', 0, { status: 'ok' }))).toBe('chunk-not-found');
  });

  it('keeps at most 64 KiB of a response body, cut on a character, and says so', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    const body = 'é'.repeat(MAX_RESPONSE_BODY_BYTES); // 2 bytes each: twice the bound
    const stored = store.updateChunk(id, 0, { status: 'ok', responseBody: body });
    expect(stored.responseTruncated).toBe(true);
    expect(Buffer.byteLength(stored.responseBody)).toBe(MAX_RESPONSE_BODY_BYTES);
    expect(stored.responseBody).toBe('é'.repeat(MAX_RESPONSE_BODY_BYTES / 2));

    const small = store.updateChunk(id, 0, { responseBody: 'fine' });
    expect(small).toMatchObject({ responseBody: 'fine', responseTruncated: false });

    // Odd cut: 3-byte characters never split in the middle.
    const cut = truncateUtf8('a€€', 5);
    expect(cut).toEqual({ text: 'a€', truncated: true });
    expect(truncateUtf8('x'.repeat(MAX_RESPONSE_BODY_BYTES), MAX_RESPONSE_BODY_BYTES)).toEqual({ text: 'x'.repeat(MAX_RESPONSE_BODY_BYTES), truncated: false });
  });

  it('refuses a batch over 200 MB', () => {
    const store = openStore();
    const huge = 'x'.repeat(200 * 1024 * 1024 + 1);
    expect(codeOf(() => store.createSubmission(input({ batch: huge }), threeChunks))).toBe('batch-too-large');
    expect(store.list({ limit: 10 })).toEqual([]);
  });

  it('splits a chunk after a 413, listing the parts in event order and leaving the other chunks as they were', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.updateChunk(id, 0, { status: 'ok', statusCode: 200 });
    store.updateChunk(id, 2, { status: 'sending', attempts: 1 });
    store.updateChunk(id, 4, { status: 'failed', error: 'kept as it was' });

    const parts = store.splitChunk(id, 2, [
      { firstEvent: 2, eventCount: 1 },
      { firstEvent: 3, eventCount: 1 },
    ]);
    expect(ranges(parts)).toEqual([
      [2, 1],
      [3, 1],
    ]);
    expect(parts.map((p) => p.status)).toEqual(['pending', 'pending']);

    const chunks = store.get(id)?.chunks ?? [];
    expect(ranges(chunks)).toEqual([
      [0, 2],
      [2, 1],
      [3, 1],
      [4, 2],
    ]);
    expect(chunks.map((c) => c.status)).toEqual(['ok', 'pending', 'pending', 'failed']);
    expect(chunks[3]?.error).toBe('kept as it was');
    // The chunk after the split answers to the same first event as before it.
    expect(store.updateChunk(id, 4, { attempts: 2 })).toMatchObject({ firstEvent: 4, eventCount: 2, status: 'failed', attempts: 2 });

    // Splitting the first chunk, into three, of a longer submission.
    const long = store.createSubmission(input({ eventCount: 10 }), [
      { firstEvent: 0, eventCount: 4 },
      { firstEvent: 4, eventCount: 6 },
    ]);
    store.splitChunk(long.id, 0, [
      { firstEvent: 0, eventCount: 2 },
      { firstEvent: 2, eventCount: 1 },
      { firstEvent: 3, eventCount: 1 },
    ]);
    expect(ranges(store.get(long.id)?.chunks ?? [])).toEqual([
      [0, 2],
      [2, 1],
      [3, 1],
      [4, 6],
    ]);
  });

  it('refuses a split that does not cover the chunk, or of a chunk already done, and changes nothing', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.updateChunk(id, 0, { status: 'ok' });
    const before = store.get(id);
    expect(codeOf(() => store.splitChunk(id, 2, [{ firstEvent: 2, eventCount: 1 }]))).toBe('submission-chunks');
    expect(
      codeOf(() =>
        store.splitChunk(id, 2, [
          { firstEvent: 2, eventCount: 1 },
          { firstEvent: 4, eventCount: 1 },
        ]),
      ),
    ).toBe('submission-chunks');
    expect(codeOf(() => store.splitChunk(id, 2, []))).toBe('submission-chunks');
    expect(
      codeOf(() =>
        store.splitChunk(id, 0, [
          { firstEvent: 0, eventCount: 1 },
          { firstEvent: 1, eventCount: 1 },
        ]),
      ),
    ).toBe('submission-chunk-done');
    expect(codeOf(() => store.splitChunk(id, 7, [{ firstEvent: 0, eventCount: 1 }]))).toBe('chunk-not-found');
    expect(store.get(id)).toEqual(before);
  });

  it('finishes a submission with its status and the time', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    const before = Date.now();
    store.finish(id, 'partial');
    const done = store.get(id);
    expect(done?.status).toBe('partial');
    expect(Date.parse(done?.finishedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(codeOf(() => store.finish('nope', 'ok'))).toBe('submission-not-found');
    expect(codeOf(() => store.finish(id, 'done' as 'ok'))).toBe('submission-status');
    store.finish(id, 'sending');
    sendingHere(store, id);
    expect(store.get(id)).toMatchObject({ status: 'sending', finishedAt: null });
  });

  it('counts the time of every run, and not the pause between a cancel and a resume', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.finish(id, 'cancelled', 1200);
    store.finish(id, 'sending');
    store.finish(id, 'ok', 800);
    expect(store.get(id)?.sendingMs).toBe(2000);
    expect(codeOf(() => store.finish(id, 'ok', -1))).toBe('submission-duration');
    expect(codeOf(() => store.finish(id, 'ok', 1.5))).toBe('submission-duration');
  });

  it('after a crash, shows what was sending as interrupted, with exactly the chunks left to send', () => {
    // The sending process: four chunks, one acknowledged, one in flight, one failed, one not started.
    const crashed = openSubmissions(history.file);
    const { id } = crashed.createSubmission(input({ eventCount: 8 }), [...threeChunks, { firstEvent: 6, eventCount: 2 }]);
    crashed.updateChunk(id, 0, { status: 'ok', statusCode: 202, attempts: 1 });
    crashed.updateChunk(id, 2, { status: 'sending', attempts: 1 });
    crashed.updateChunk(id, 4, { status: 'failed', statusCode: 500, attempts: 5, error: 'server error' });
    const finished = crashed.createSubmission(input({ batchHash: 'other' }), threeChunks);
    crashed.finish(finished.id, 'ok');
    crashed.close(); // never finished: as good as a kill, everything was committed as it went

    const next = openStore();
    expect(next.markInterrupted()).toEqual([id]);
    expect(next.get(id)?.status).toBe('interrupted');
    expect(next.get(finished.id)?.status).toBe('ok');
    expect(next.get(id)?.chunks.map((c) => c.status)).toEqual(['ok', 'pending', 'failed', 'pending']);
    expect(ranges(next.remainingChunks(id))).toEqual([
      [2, 2],
      [4, 2],
      [6, 2],
    ]);
    expect(next.markInterrupted()).toEqual([]);

    // A resume puts it back to sending, so a second crash is caught the same way.
    next.finish(id, 'sending');
    next.updateChunk(id, 2, { status: 'ok' });
    expect(next.markInterrupted()).toEqual([id]);
    expect(ranges(next.remainingChunks(id))).toEqual([
      [4, 2],
      [6, 2],
    ]);
  });

  it('shows a submission still sending that no live process sends as interrupted, everywhere it is read, before anything records it', () => {
    // A send stopped by a full disk: its record could not say how it ended, and its claim is gone.
    const store = openStore();
    const { id } = store.createSubmission(input({ startedAt: new Date().toISOString() }), threeChunks);
    store.updateChunk(id, 0, { status: 'ok', statusCode: 202, attempts: 1 });
    store.updateChunk(id, 2, { status: 'sending', attempts: 1 });
    const live = store.createSubmission(input({ batchHash: 'live', startedAt: new Date().toISOString() }), threeChunks);
    sendingHere(store, live.id);
    const byStatus = (status: 'sending' | 'interrupted') => HistoryFilterSchema.parse({ statuses: [status] });

    expect(store.list({ limit: 10 }).map((row) => [row.id, row.status])).toEqual(
      expect.arrayContaining([
        [id, 'interrupted'],
        [live.id, 'sending'],
      ]),
    );
    expect(store.view(id)).toMatchObject({ status: 'interrupted', chunks: [{ status: 'ok' }, { status: 'pending', wentOut: false }, { status: 'pending' }] });
    expect(store.get(id)?.status).toBe('interrupted');
    expect(store.get(live.id)?.status).toBe('sending');
    expect(store.list({ limit: 10, filter: byStatus('interrupted') }).map((row) => row.id)).toEqual([id]);
    expect(store.count(byStatus('sending'))).toBe(1);
    expect(store.timeline(HistoryFilterSchema.parse({}), 'day').flatMap((bucket) => Object.entries(bucket.counts))).toEqual(
      expect.arrayContaining([
        ['interrupted', 1],
        ['sending', 1],
      ]),
    );
    // Only shown so: the next start records it, and a resume finds its chunks as they are.
    expect(store.markInterrupted((each) => each === id)).toEqual([id]);
    expect(store.get(id)?.status).toBe('interrupted');
  });

  it('finds the latest earlier send of the same batch to the same environment only', () => {
    const store = openStore();
    expect(store.lastWithSameBatch('env-staging', 'hash-1')).toBeNull();
    store.createSubmission(input({ startedAt: '2025-03-01T09:00:00.000Z' }), threeChunks);
    const latest = store.createSubmission(input({ startedAt: '2025-03-01T11:00:00.000Z' }), threeChunks);
    store.createSubmission(input({ startedAt: '2025-03-01T12:00:00.000Z', environmentId: 'env-prod' }), threeChunks);
    store.createSubmission(input({ startedAt: '2025-03-01T13:00:00.000Z', batchHash: 'hash-2' }), threeChunks);

    expect(store.lastWithSameBatch('env-staging', 'hash-1')).toMatchObject({ id: latest.id, startedAt: '2025-03-01T11:00:00.000Z' });
    expect(store.lastWithSameBatch('env-prod', 'hash-2')).toBeNull();
    expect(store.lastWithSameBatch('env-other', 'hash-1')).toBeNull();
  });

  it('lists newest first, a page at a time', () => {
    const store = openStore();
    const ids = ['08', '09', '10', '10', '11'].map((hour) => store.createSubmission(input({ startedAt: `2025-03-01T${hour}:00:00.000Z` }), threeChunks).id);
    const newestFirst = [ids[4], ids[3], ids[2], ids[1], ids[0]];
    expect(store.list({ limit: 10 }).map((s) => s.id)).toEqual(newestFirst);
    const page1 = store.list({ limit: 2 });
    const page2 = store.list({ limit: 2, before: page1.at(-1)?.id ?? '' });
    const page3 = store.list({ limit: 2, before: page2.at(-1)?.id ?? '' });
    expect([...page1, ...page2, ...page3].map((s) => s.id)).toEqual(newestFirst);
    expect(store.list({ limit: -1 })).toEqual([]);
  });

  it('keeps a record after a reopen, in WAL mode, with foreign keys on', () => {
    const store = openSubmissions(history.file);
    const { id } = store.createSubmission(input(), threeChunks);
    store.close();
    expect(openStore().get(id)?.chunks).toHaveLength(3);

    const raw = new DatabaseSync(history.file);
    try {
      expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION });
    } finally {
      raw.close();
    }
  });

  it('deletes the chunks and the batch with their submission', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.close();
    const raw = new DatabaseSync(history.file);
    try {
      raw.exec('PRAGMA foreign_keys = ON');
      raw.prepare('DELETE FROM submissions WHERE id = ?').run(id);
      expect(raw.prepare('SELECT (SELECT count(*) FROM chunks) AS chunks, (SELECT count(*) FROM batch_parts) AS batches').get()).toEqual({
        chunks: 0,
        batches: 0,
      });
    } finally {
      raw.close();
    }
  });

  it('brings an empty database at version 0 to the current schema', () => {
    const raw = new DatabaseSync(history.file);
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: 0 });
    raw.close();

    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    expect(store.get(id)?.chunks).toHaveLength(3);
    store.close();

    const check = new DatabaseSync(history.file);
    try {
      expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION });
      // FTS5's own shadow tables (search_events_data, …) are left out.
      const tables = (
        check.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'search_%\\_%' ESCAPE '\\' ORDER BY name`).all() as {
          name: string;
        }[]
      ).map((t) => t.name);
      expect(tables).toEqual([
        'batch_parts',
        'chunk_attempts',
        'chunks',
        'search_events',
        'search_notes',
        'settings',
        'submissions',
        'timeline_all_hours',
        'timeline_hours',
      ]);
      const indexes = (
        check.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]
      ).map((t) => t.name);
      expect(indexes).toEqual([
        'batch_parts_unindexed',
        'chunk_attempts_by_chunk',
        'submissions_by_batch',
        'submissions_by_environment',
        'submissions_by_environment_status',
        'submissions_by_started',
        'submissions_by_status',
        'submissions_sending',
      ]);
      expect(check.prepare('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 2 });
      const plan = check
        .prepare('EXPLAIN QUERY PLAN SELECT id FROM submissions WHERE environment_id = ? AND batch_hash = ? ORDER BY started_at DESC')
        .all('e', 'h');
      expect(JSON.stringify(plan)).toContain('submissions_by_batch');
      const countPlan = check
        .prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM submissions s WHERE s.environment_id IN (?) AND s.status IN (?, ?)')
        .all('e', 'ok', 'failed');
      expect(JSON.stringify(countPlan)).toContain('COVERING INDEX submissions_by_environment_status');
    } finally {
      check.close();
    }
  });

  it('refuses a database from a newer version, and leaves it untouched', async () => {
    const raw = new DatabaseSync(history.file);
    raw.exec(`PRAGMA user_version = ${SUBMISSIONS_SCHEMA_VERSION + 1}`);
    raw.close();

    let error: unknown;
    try {
      openSubmissions(history.file);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('history-newer');
    expect((error as AppError).message).toMatch(/newer version of EventDesk/);

    const check = new DatabaseSync(history.file);
    try {
      expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION + 1 });
      expect(check.prepare(`SELECT count(*) AS n FROM sqlite_schema`).get()).toEqual({ n: 0 });
      expect(check.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'delete' });
    } finally {
      check.close();
    }
  });

  it('refuses a file that is not a database, clearly', async () => {
    await writeFile(history.file, 'this is not sqlite at all, just some text that is long enough to have a header'.repeat(10));
    expect(codeOf(() => openSubmissions(history.file))).toBe('history-unreadable');
  });

  it('writes 10 000 chunk rows in one createSubmission', () => {
    const store = openStore();
    const chunks = Array.from({ length: 10_000 }, (_, n) => ({ firstEvent: n * 10, eventCount: 10 }));
    const started = performance.now();
    const { id } = store.createSubmission(input({ eventCount: 100_000, batch: '[]' }), chunks);
    const elapsed = performance.now() - started;
    console.log(`createSubmission with 10 000 chunks: ${elapsed.toFixed(1)} ms`);
    const detail = store.get(id);
    expect(detail?.chunks).toHaveLength(10_000);
    expect(detail?.chunks.at(-1)).toMatchObject({ firstEvent: 99_990, eventCount: 10 });
    expect(store.remainingChunks(id)).toHaveLength(10_000);
  });
});
