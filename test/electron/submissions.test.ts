import { writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors.ts';
import { bucketName, emptyHistoryFilter, HistoryFilterSchema, type HistoryFilterInput, type TimelineBucket, type TimelineUnit } from '../../shared/history.ts';
import { MAX_RESPONSE_BODY_BYTES, SubmissionDetailSchema } from '../../shared/submission.ts';
import {
  MAX_ATTEMPTS_KEPT,
  SUBMISSIONS_SCHEMA_VERSION,
  migrations,
  openSubmissions,
  type NewSubmission,
  type SubmissionStore,
} from '../../electron/services/submissions.ts';
import { truncateUtf8 } from '../../electron/services/submissions-rows.ts';
import { historyFilePerTest } from './support/history-file.ts';

const history = historyFilePerTest('eventdesk-submissions-');
const openStore = () => history.openStore();

const input = (overrides: Partial<NewSubmission> = {}): NewSubmission => ({
  environmentId: 'env-staging',
  environmentName: 'Staging',
  environmentColor: '#f59e0b',
  baseUrl: 'https://staging.example.com',
  headers: { apiKey: '••••1234', Authorization: 'Bearer ••••' },
  batch: '[{"token":"a"},{"token":"b"},{"token":"c"},{"token":"d"},{"token":"e"},{"token":"f"}]',
  eventCount: 6,
  batchHash: 'hash-1',
  startedAt: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

/** Three chunks of two events: [0,2) [2,4) [4,6). */
const threeChunks = [
  { firstEvent: 0, eventCount: 2 },
  { firstEvent: 2, eventCount: 2 },
  { firstEvent: 4, eventCount: 2 },
];

function codeOf(work: () => unknown): string | undefined {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.code : `not an AppError: ${String(error)}`;
  }
  return undefined;
}

const ranges = (chunks: { firstEvent: number; eventCount: number }[]) => chunks.map((c) => [c.firstEvent, c.eventCount]);

describe('submissions store', () => {
  it('records a submission as sending with pending chunks, and gives it back whole', () => {
    const store = openStore();
    const created = store.createSubmission(input(), threeChunks);
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
    expect(codeOf(() => store.createSubmission(input(), [{ firstEvent: 0, eventCount: 2 }, { firstEvent: 3, eventCount: 3 }]))).toBe('submission-chunks');
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
    expect(codeOf(() => store.splitChunk(id, 2, [{ firstEvent: 2, eventCount: 1 }, { firstEvent: 4, eventCount: 1 }]))).toBe('submission-chunks');
    expect(codeOf(() => store.splitChunk(id, 2, []))).toBe('submission-chunks');
    expect(codeOf(() => store.splitChunk(id, 0, [{ firstEvent: 0, eventCount: 1 }, { firstEvent: 1, eventCount: 1 }]))).toBe('submission-chunk-done');
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
      expect(raw.prepare('SELECT (SELECT count(*) FROM chunks) AS chunks, (SELECT count(*) FROM batch_parts) AS batches').get()).toEqual({ chunks: 0, batches: 0 });
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
      const tables = (check.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'search_%\\_%' ESCAPE '\\' ORDER BY name`).all() as { name: string }[]).map((t) => t.name);
      expect(tables).toEqual(['batch_parts', 'chunk_attempts', 'chunks', 'search_events', 'search_notes', 'settings', 'submissions']);
      const indexes = (check.prepare(`SELECT name FROM sqlite_schema WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as { name: string }[]).map((t) => t.name);
      expect(indexes).toEqual(['batch_parts_unindexed', 'chunk_attempts_by_chunk', 'submissions_by_batch', 'submissions_by_environment', 'submissions_by_environment_status', 'submissions_by_started', 'submissions_by_status', 'submissions_sending']);
      expect(check.prepare('PRAGMA auto_vacuum').get()).toEqual({ auto_vacuum: 2 });
      const plan = check.prepare('EXPLAIN QUERY PLAN SELECT id FROM submissions WHERE environment_id = ? AND batch_hash = ? ORDER BY started_at DESC').all('e', 'h');
      expect(JSON.stringify(plan)).toContain('submissions_by_batch');
      const countPlan = check.prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM submissions s WHERE s.environment_id IN (?) AND s.status IN (?, ?)').all('e', 'ok', 'failed');
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

describe('history queries', () => {
  const event = (customer: string, extra: Record<string, unknown> = {}) => ({
    token: `tok-${customer}`,
    customer_id: customer,
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 7,
    attributes: { plan: 'pro', spend: '19.99' },
    ...extra,
  });

  /** Records a finished one-chunk submission of `events`, answered by `response`. */
  function sent(store: SubmissionStore, events: unknown[], options: { startedAt?: string; status?: 'ok' | 'failed'; response?: string; environmentId?: string } = {}) {
    const { id } = store.createSubmission(
      input({ batch: JSON.stringify(events), eventCount: events.length, startedAt: options.startedAt ?? '2025-03-01T10:00:00.000Z', environmentId: options.environmentId ?? 'env-staging' }),
      [{ firstEvent: 0, eventCount: events.length }],
    );
    const status = options.status ?? 'ok';
    store.updateChunk(id, 0, { status, statusCode: status === 'ok' ? 202 : 400, responseBody: options.response ?? '{"accepted":1}' });
    store.finish(id, status);
    return id;
  }

  const filter = (overrides: HistoryFilterInput = {}) => HistoryFilterSchema.parse(overrides);
  const ids = (store: SubmissionStore, overrides: HistoryFilterInput) => store.list({ limit: 100, filter: filter(overrides) }).map((row) => row.id);

  it('finds a submission by customer_id, device_id, token, an attribute value or a word of its response', () => {
    const store = openStore();
    const alice = sent(store, [event('alice-01'), event('carol-03', { attributes: { coupon: 'SPRING25' } })], { response: '{"error":"quota exceeded for tenant"}' });
    const bob = sent(store, [event('bob-02', { device_id: 'aaaaaaaa-1111-4222-8333-444444444444' })]);

    expect(ids(store, { search: 'alice-01' })).toEqual([alice]);
    expect(ids(store, { search: 'carol-03' })).toEqual([alice]);
    expect(ids(store, { search: 'aaaaaaaa-1111-4222-8333-444444444444' })).toEqual([bob]);
    expect(ids(store, { search: 'tok-bob-02' })).toEqual([bob]);
    expect(ids(store, { search: 'spring25' })).toEqual([alice]);
    expect(ids(store, { search: 'quota' })).toEqual([alice]);
    expect(ids(store, { search: '19.99' }).sort()).toEqual([alice, bob].sort());
    // A word matches from its start, and every word must match.
    expect(ids(store, { search: 'bob-0' })).toEqual([bob]);
    expect(ids(store, { search: 'alice-01 bob-02' })).toEqual([]);
    expect(ids(store, { search: 'nobody' })).toEqual([]);
    // FTS5 syntax typed by a user is just text.
    expect(ids(store, { search: '" OR * NEAR(' })).toEqual([]);
    expect(ids(store, { search: '   ' }).sort()).toEqual([alice, bob].sort());
    // Symbols alone are in no index: nothing matches them.
    expect(ids(store, { search: '€' })).toEqual([]);
    expect(ids(store, { search: ' - * ( ' })).toEqual([]);
    expect(store.count(filter({ search: 'alice-01' }))).toBe(1);
  });

  it('finds a submission by its label and note, and not by the old ones after an edit', () => {
    const store = openStore();
    const id = sent(store, [event('dave-04')]);
    const other = sent(store, [event('erin-05')]);
    const annotated = store.annotate(id, { label: '  Repro for ZD-1234  ', note: 'customer says events vanish after midnight' });
    expect(annotated).toMatchObject({ id, label: 'Repro for ZD-1234', note: 'customer says events vanish after midnight' });
    expect(ids(store, { search: 'zd-1234' })).toEqual([id]);
    expect(ids(store, { search: 'midnight' })).toEqual([id]);
    store.annotate(id, { label: 'renamed', note: '' });
    expect(ids(store, { search: 'midnight' })).toEqual([]);
    expect(ids(store, { search: 'renamed' })).toEqual([id]);
    // The events stay searchable after an edit.
    expect(ids(store, { search: 'dave-04' })).toEqual([id]);
    expect(ids(store, { search: 'erin-05' })).toEqual([other]);
    expect(codeOf(() => store.annotate('no-such-id', { label: '', note: '' }))).toBe('submission-not-found');
  });

  it('filters by environment, status and time, pages through the result and counts it', () => {
    const store = openStore();
    const made = Array.from({ length: 7 }, (_, n) =>
      sent(store, [event(`c-${n}`)], { startedAt: `2025-03-0${n + 1}T10:00:00.000Z`, status: n % 3 === 0 ? 'failed' : 'ok', environmentId: n < 4 ? 'env-a' : 'env-b' }),
    );
    expect(ids(store, { environmentIds: ['env-b'] })).toEqual([made[6], made[5], made[4]]);
    expect(ids(store, { statuses: ['failed'] })).toEqual([made[6], made[3], made[0]]);
    expect(ids(store, { from: '2025-03-02T00:00:00.000Z', to: '2025-03-04T00:00:00.000Z' })).toEqual([made[2], made[1]]);
    expect(ids(store, { environmentIds: ['env-a'], statuses: ['ok'], from: '2025-03-03T10:00:00.000Z' })).toEqual([made[2]]);
    expect(store.count(filter({ statuses: ['ok', 'failed'] }))).toBe(7);
    expect(store.count(filter({ environmentIds: ['env-a'], statuses: ['failed'] }))).toBe(2);

    const onlyOk = filter({ statuses: ['ok'] });
    const page1 = store.list({ limit: 2, filter: onlyOk });
    const page2 = store.list({ limit: 2, filter: onlyOk, before: page1.at(-1)!.id });
    const page3 = store.list({ limit: 2, filter: onlyOk, before: page2.at(-1)!.id });
    expect([...page1, ...page2, ...page3].map((row) => row.id)).toEqual([made[5], made[4], made[2], made[1]]);
    expect(page3).toEqual([]);
    // A list row carries no batch: a page never reads large batches.
    expect(page1[0]).not.toHaveProperty('batch');
  });

  it('counts submissions per hour and per day of local time, by status, in any time zone', () => {
    const store = openStore();
    // Around New York's and Adelaide's clock changes, across midnights, and at quarter hours
    // that fall on different local hours in half-hour and 45-minute zones.
    const times = [
      '2025-03-01T10:05:00.000Z',
      '2025-03-01T10:55:00.000Z',
      '2025-03-01T13:00:00.000Z',
      '2025-03-03T10:00:00.000Z',
      '2025-04-05T16:20:00.000Z',
      '2025-04-05T16:40:00.000Z',
      '2025-11-02T05:30:00.000Z',
      '2025-11-02T06:10:00.000Z',
      '2025-11-02T06:50:00.000Z',
      '2025-12-31T18:14:59.999Z',
      '2025-12-31T18:15:00.000Z',
      '2025-12-31T23:59:59.999Z',
    ];
    times.forEach((startedAt, n) => sent(store, [event(`t-${n}`)], { startedAt, status: n % 3 === 1 ? 'failed' : 'ok' }));
    /** The buckets counted one row at a time, as the timeline means them. */
    const expected = (unit: TimelineUnit, only?: 'ok') => {
      const buckets: TimelineBucket[] = [];
      times.forEach((iso, n) => {
        const status = n % 3 === 1 ? 'failed' : 'ok';
        if (only && status !== only) return;
        const bucket = bucketName(new Date(iso), unit);
        if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, counts: {} });
        const counts = buckets.at(-1)!.counts;
        counts[status] = (counts[status] ?? 0) + 1;
      });
      return buckets;
    };
    const zoneBefore = process.env.TZ;
    try {
      for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Adelaide', 'Pacific/Chatham']) {
        process.env.TZ = zone;
        expect(store.timeline(emptyHistoryFilter, 'hour'), zone).toEqual(expected('hour'));
        expect(store.timeline(filter({ statuses: ['ok'] }), 'day'), zone).toEqual(expected('day', 'ok'));
      }
    } finally {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    }
  });

  it('deletes a selection or everything a filter finds, never a send under way, and its search rows with it', () => {
    const store = openStore();
    const [a, b, c] = ['x-1', 'x-2', 'x-3'].map((customer) => sent(store, [event(customer)]));
    const running = store.createSubmission(input({ batch: JSON.stringify([event('x-4')]), eventCount: 1 }), [{ firstEvent: 0, eventCount: 1 }]).id;

    expect(store.delete([a!, running, 'no-such-id'])).toBe(1);
    expect(store.get(a!)).toBeNull();
    expect(ids(store, { search: 'x-1' })).toEqual([]);
    expect(store.deleteMatching(filter({ search: 'x-2' }))).toBe(1);
    expect(store.deleteMatching(emptyHistoryFilter)).toBe(1);
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([running]);
    expect(store.get(b!)).toBeNull();
    expect(store.get(c!)).toBeNull();
  });

  it('keeps everything by default, and applies a limit by age or by size, oldest first', () => {
    const store = openStore();
    expect(store.retention()).toEqual({ keep: 'all' });
    const now = new Date('2025-03-10T12:00:00.000Z');
    const ages = [1, 5, 20, 40];
    const made = ages.map((days) => sent(store, [event(`r-${days}`, { attributes: { padding: 'p'.repeat(400_000) } })], { startedAt: new Date(now.getTime() - days * 86_400_000).toISOString() }));
    expect(store.applyRetention(now)).toBe(0);
    const usage = store.usage();
    expect(usage.submissions).toBe(4);
    expect(usage.storedBytes).toBeGreaterThan(4 * 400_000);
    expect(usage.fileBytes).toBeGreaterThan(0);

    store.setRetention({ keep: 'days', days: 30 });
    expect(store.retention()).toEqual({ keep: 'days', days: 30 });
    expect(store.applyRetention(now)).toBe(1);
    expect(store.get(made[3]!)).toBeNull();

    store.setRetention({ keep: 'size', megabytes: 1 });
    expect(store.applyRetention(now)).toBe(1);
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([made[0], made[1]]);
    expect(store.usage().storedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(() => store.setRetention({ keep: 'days', days: 0 })).toThrow();
  });

  it('never drops the newest submission for size, even when it alone is over the limit', () => {
    const store = openStore();
    const older = sent(store, [event('small-1')], { startedAt: '2025-03-01T10:00:00.000Z' });
    const newest = sent(store, [event('big-2', { attributes: { padding: 'p'.repeat(1_500_000) } })], { startedAt: '2025-03-02T10:00:00.000Z' });
    store.setRetention({ keep: 'size', megabytes: 1 });
    expect(store.applyRetention()).toBe(1);
    expect(store.get(older)).toBeNull();
    expect(store.list({ limit: 10 }).map((row) => row.id)).toEqual([newest]);
  });

  it('says when the row a page starts after is gone, rather than answering an empty page', () => {
    const store = openStore();
    const made = ['p-1', 'p-2', 'p-3'].map((customer, n) => sent(store, [event(customer)], { startedAt: `2025-03-0${n + 1}T10:00:00.000Z` }));
    const first = store.list({ limit: 1 });
    expect(first.map((row) => row.id)).toEqual([made[2]]);
    store.delete([made[2]!]);
    expect(codeOf(() => store.list({ limit: 1, before: made[2]! }))).toBe('history-cursor-gone');
  });

  it('makes the answers of a send cut short by a crash searchable, and counts them', () => {
    const store = openStore();
    const { id } = store.createSubmission(input({ batch: JSON.stringify([event('crash-1'), event('crash-2')]), eventCount: 2 }), [
      { firstEvent: 0, eventCount: 1 },
      { firstEvent: 1, eventCount: 1 },
    ]);
    store.updateChunk(id, 0, { status: 'ok', statusCode: 202, responseBody: '{"accepted":1,"ticket":"before-the-crash"}' });
    const before = store.usage().storedBytes;
    expect(store.markInterrupted()).toEqual([id]);
    expect(ids(store, { search: 'before-the-crash' })).toEqual([id]);
    expect(store.usage().storedBytes).toBe(before + '{"accepted":1,"ticket":"before-the-crash"}'.length);
  });

  it('opens a database written by schema version 1, keeping its submissions and making them searchable', () => {
    const raw = new DatabaseSync(history.file);
    migrations[0]!(raw);
    raw.exec('PRAGMA user_version = 1');
    raw.prepare(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status)
      VALUES ('old-1', 'env-a', 'A', '#000000', 'https://a.example', '{}', 1, 'h', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:01.000Z', 'ok')`).run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-1', '[{"customer_id":"legacy-7"}]')`).run();
    raw.prepare(`INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, response_body) VALUES ('old-1', 0, 0, 1, 'ok', 202, '{"accepted":1}')`).run();
    raw.close();

    const store = openStore();
    expect(store.get('old-1')).toMatchObject({ id: 'old-1', label: '', note: '', status: 'ok', batch: '[{"customer_id":"legacy-7"}]' });
    expect(ids(store, { search: 'legacy-7' })).toEqual(['old-1']);
    expect(ids(store, { search: 'accepted' })).toEqual(['old-1']);
    expect(store.usage().storedBytes).toBe('[{"customer_id":"legacy-7"}]'.length + '{"accepted":1}'.length);
    // Its time is the one it was shown with: from its start to its end.
    expect(store.get('old-1')?.sendingMs).toBe(1000);
  });

  it('opens a database written by schema version 4, keeping the last answer of each chunk as its one known attempt', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 4)) step(raw);
    raw.exec('PRAGMA user_version = 4');
    raw.prepare(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status)
      VALUES ('old-4', 'env-a', 'A', '#000000', 'https://a.example', '{}', 2, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'partial')`).run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-4', '[{"a":1},{"a":2}]')`).run();
    raw.prepare(`INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, response_body, attempts, duration_ms)
      VALUES ('old-4', 0, 0, 1, 'ok', 202, '{"accepted":1}', 3, 40)`).run();
    raw.prepare(`INSERT INTO chunks (submission_id, idx, first_event, event_count, status) VALUES ('old-4', 1, 1, 1, 'pending')`).run();
    raw.close();

    const store = openStore();
    const detail = store.get('old-4')!;
    expect(SubmissionDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.chunks[0]).toMatchObject({ status: 'ok', attempts: 3, wentOut: false });
    expect(detail.chunks[0]!.attemptLog).toEqual([
      { number: 3, startedAt: null, durationMs: 40, firstEvent: 0, eventCount: 1, statusCode: 202, retryAfter: null, error: null, responseHeaders: {}, responseBody: '{"accepted":1}', responseTruncated: false, mayHaveArrived: false },
    ]);
    expect(detail.chunks[1]).toMatchObject({ status: 'pending', attempts: 0, wentOut: false, attemptLog: [] });
    // A chunk can now be skipped, which the old CHECK refused.
    store.skipChunks('old-4', [1], 'Skipped on resume.');
    expect(store.get('old-4')!.chunks[1]).toMatchObject({ status: 'skipped', error: 'Skipped on resume.' });
  });

  it('opens a database written by schema version 5, keeping its chunks in event order, each known by its first event', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 5)) step(raw);
    raw.exec('PRAGMA user_version = 5');
    raw.prepare(`INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, status)
      VALUES ('old-5', 'env-a', 'A', '#000000', 'https://a.example', '{}', 6, 'h', '2025-06-01T00:00:00.000Z', 'interrupted')`).run();
    raw.prepare(`INSERT INTO submission_batches (submission_id, batch) VALUES ('old-5', '[1,2,3,4,5,6]')`).run();
    // Rows out of event order in the file: the list is in event order all the same.
    const chunk = raw.prepare('INSERT INTO chunks (submission_id, idx, first_event, event_count, status, status_code, attempts) VALUES (?, ?, ?, ?, ?, ?, ?)');
    chunk.run('old-5', 2, 4, 2, 'pending', null, 0);
    chunk.run('old-5', 0, 0, 3, 'ok', 202, 1);
    chunk.run('old-5', 1, 3, 1, 'failed', 500, 2);
    raw.prepare(`INSERT INTO chunk_attempts (submission_id, first_event, event_count, number, status_code, may_have_arrived) VALUES ('old-5', 3, 1, 2, 500, 0)`).run();
    raw.close();

    const store = openStore();
    const detail = store.get('old-5')!;
    expect(SubmissionDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.chunks.map((c) => [c.firstEvent, c.eventCount, c.status, c.attempts])).toEqual([
      [0, 3, 'ok', 1],
      [3, 1, 'failed', 2],
      [4, 2, 'pending', 0],
    ]);
    expect(detail.chunks[1]!.attemptLog).toMatchObject([{ number: 2, firstEvent: 3, statusCode: 500 }]);
    // Split after the migration: the chunks around it keep their keys, and the parts take theirs.
    store.splitChunk('old-5', 4, [
      { firstEvent: 4, eventCount: 1 },
      { firstEvent: 5, eventCount: 1 },
    ]);
    store.updateChunk('old-5', 5, { status: 'ok', statusCode: 202 });
    expect(store.remainingChunks('old-5').map((c) => [c.firstEvent, c.status])).toEqual([
      [3, 'failed'],
      [4, 'pending'],
    ]);
    const check = new DatabaseSync(history.file);
    try {
      const columns = (check.prepare('PRAGMA table_info(chunks)').all() as { name: string; pk: number }[]).filter((column) => column.pk > 0).map((column) => column.name);
      expect(columns).toEqual(['submission_id', 'first_event']);
    } finally {
      check.close();
    }
  });
});

describe('every attempt of a chunk', () => {
  const ids = (store: SubmissionStore, search: string) => store.list({ limit: 100, filter: HistoryFilterSchema.parse({ search }) }).map((row) => row.id);
  const answer = (statusCode: number | null, body = '', error: string | null = null) => ({
    durationMs: 12,
    statusCode,
    retryAfter: statusCode === 429 ? '2' : null,
    error,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: body,
    responseTruncated: false,
    mayHaveArrived: statusCode === null,
  });
  const start = (number: number, firstEvent = 0, eventCount = 2) => ({ number, startedAt: '2025-03-01T10:00:0' + number + '.000Z', firstEvent, eventCount });

  it('keeps each request with its answer, oldest first, and counts and indexes every body', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    const statuses: [number, string][] = [
      [500, '{"error":"boom-five-hundred"}'],
      [429, '{"error":"slow-down"}'],
      [202, '{"accepted":2}'],
    ];
    statuses.forEach(([code, body], at) => {
      const attempt = store.beginAttempt(id, start(at + 1));
      expect(store.get(id)!.chunks[0]).toMatchObject({ status: 'sending', attempts: at + 1, wentOut: true });
      store.endAttempt(id, attempt, answer(code, body));
    });
    store.updateChunk(id, 0, { status: 'ok', statusCode: 202, responseBody: '{"accepted":2}', attempts: 3 });
    store.finish(id, 'partial');

    const chunk = store.get(id)!.chunks[0]!;
    expect(chunk.wentOut).toBe(false);
    expect(chunk.attemptLog.map((attempt) => [attempt.number, attempt.statusCode, attempt.retryAfter, attempt.startedAt])).toEqual([
      [1, 500, null, '2025-03-01T10:00:01.000Z'],
      [2, 429, '2', '2025-03-01T10:00:02.000Z'],
      [3, 202, null, '2025-03-01T10:00:03.000Z'],
    ]);
    expect(store.get(id)!.chunks[1]!.attemptLog).toEqual([]);
    expect(ids(store, 'boom-five-hundred')).toEqual([id]);
    const bodies = statuses.reduce((sum, [, body]) => sum + body.length, 0) + '{"accepted":2}'.length;
    expect(store.usage().storedBytes).toBe(input().batch.length + bodies);
  });

  it('cuts each body at 64 KiB, and keeps at most MAX_ATTEMPTS_KEPT attempts: the first and the newest', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    for (let number = 1; number <= MAX_ATTEMPTS_KEPT + 5; number++) {
      store.endAttempt(id, store.beginAttempt(id, { ...start(1, 2), number }), answer(500, 'x'.repeat(MAX_RESPONSE_BODY_BYTES + 10)));
    }
    const log = store.get(id)!.chunks[1]!.attemptLog;
    expect(log).toHaveLength(MAX_ATTEMPTS_KEPT);
    expect(log.every((attempt) => attempt.responseBody.length === MAX_RESPONSE_BODY_BYTES && attempt.responseTruncated)).toBe(true);
    const raw = new DatabaseSync(history.file);
    try {
      const kept = (raw.prepare('SELECT id FROM chunk_attempts ORDER BY id').all() as { id: number }[]).map((row) => row.id);
      expect(kept[0]).toBe(1);
      expect(kept.slice(1)).toEqual(Array.from({ length: MAX_ATTEMPTS_KEPT - 1 }, (_, at) => at + 7));
    } finally {
      raw.close();
    }
  });

  it('after a crash, a request that went out without an answer stays marked, says why, and the chunk can be skipped', () => {
    const store = openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.endAttempt(id, store.beginAttempt(id, start(1)), answer(202, '{"accepted":2}'));
    store.updateChunk(id, 0, { status: 'ok', statusCode: 202, attempts: 1 });
    store.beginAttempt(id, start(1, 2));
    // A connection refused: nothing reached a server, so no caution is due.
    store.endAttempt(id, store.beginAttempt(id, start(1, 4)), { ...answer(null, '', 'Nothing is listening'), mayHaveArrived: false });
    store.updateChunk(id, 4, { status: 'failed' });
    expect(store.markInterrupted()).toEqual([id]);

    const chunks = store.get(id)!.chunks;
    expect(chunks.map((chunk) => [chunk.status, chunk.wentOut])).toEqual([
      ['ok', false],
      ['pending', true],
      ['failed', false],
    ]);
    expect(chunks[1]!.attemptLog[0]).toMatchObject({ statusCode: null, error: expect.stringContaining('while this request was out') });
    expect(store.remainingChunks(id).map((chunk) => [chunk.firstEvent, chunk.wentOut])).toEqual([
      [2, true],
      [4, false],
    ]);

    store.skipChunks(id, [0, 2], 'Skipped: it went out without an answer.');
    expect(store.get(id)!.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'skipped', 'failed']);
    expect(store.remainingChunks(id).map((chunk) => chunk.firstEvent)).toEqual([4]);
  });
});
