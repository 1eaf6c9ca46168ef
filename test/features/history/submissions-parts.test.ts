import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { HistoryFilterSchema } from '../../../features/history/common/history.ts';
import { batchSearchText } from '../../../features/history/node/history-search.ts';
import { migrations, SUBMISSIONS_SCHEMA_VERSION, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';

/** A batch recorded in parts, a part at a time, and indexed a part at a time: what a big send leaves, whole or cut short. */

const history = historyFilePerTest('eventdesk-parts-');
const openStore = () => history.openStore();

const ids = (store: SubmissionStore, search: string) => store.list({ limit: 100, filter: HistoryFilterSchema.parse({ search }) }).map((row) => row.id);
const event = (n: number) => JSON.stringify({ token: `t-${n}`, customer_id: `cust-${n}` });
/** Events [first, first + count) as a part: their texts joined by commas. */
const part = (firstEvent: number, eventCount: number) => ({
  firstEvent,
  eventCount,
  events: Array.from({ length: eventCount }, (_, n) => event(firstEvent + n)).join(','),
});
const wholeBatch = (count: number) => `[${part(0, count).events}]`;

function opened(store: SubmissionStore, eventCount = 6) {
  return store.openSubmission({
    environmentId: 'env-a',
    environmentName: 'A',
    environmentColor: '#000000',
    baseUrl: 'https://a.example',
    headers: {},
    eventCount,
    batchHash: 'hash',
    batchBytes: Buffer.byteLength(wholeBatch(eventCount)),
    startedAt: '2026-01-01T00:00:00.000Z',
  });
}

/** Records six events in two parts of three and one chunk each, as a send does before its first byte. */
function recordedInParts(store: SubmissionStore): { id: string; parts: ReturnType<typeof part>[] } {
  const { id } = opened(store);
  const parts = [part(0, 3), part(3, 3)];
  store.addChunks(id, [
    { firstEvent: 0, eventCount: 3 },
    { firstEvent: 3, eventCount: 3 },
  ]);
  for (const each of parts) store.addBatchParts(id, [each]);
  return { id, parts };
}

describe('a batch recorded in parts', () => {
  it('reads back whole, is found by words of different parts, and counts its size as the whole batch', () => {
    const store = openStore();
    const { id, parts } = recordedInParts(store);
    for (const each of parts) expect(store.indexBatchPart(id, each.firstEvent, batchSearchText(`[${each.events}]`))).toBe(true);
    // Written once: a second writer (the start's recovery) leaves it as it is.
    expect(store.indexBatchPart(id, 0, 'anything')).toBe(false);

    expect(store.get(id)?.batch).toBe(wholeBatch(6));
    expect(store.batch(id)).toBe(wholeBatch(6));
    // What the window reads of it leaves the batch unread.
    const { batch: _batch, ...withoutBatch } = store.get(id)!;
    expect(store.view(id)).toEqual(withoutBatch);
    expect(ids(store, 'cust-1')).toEqual([id]);
    expect(ids(store, 'cust-5')).toEqual([id]);
    // Each word may be in another part: the submission holds them all.
    expect(ids(store, 'cust-0 cust-5')).toEqual([id]);
    expect(ids(store, 'cust-6')).toEqual([]);
    store.finish(id, 'ok');
    expect(store.usage().storedBytes).toBe(Buffer.byteLength(wholeBatch(6)));
  });

  it('drops the parts and their search rows with their submission', () => {
    const store = openStore();
    const { id, parts } = recordedInParts(store);
    for (const each of parts) store.indexBatchPart(id, each.firstEvent, batchSearchText(`[${each.events}]`));
    store.finish(id, 'ok');
    expect(store.delete([id])).toBe(1);
    const raw = new DatabaseSync(history.file);
    try {
      expect(raw.prepare('SELECT (SELECT count(*) FROM batch_parts) AS parts, (SELECT count(*) FROM search_events) AS rows').get()).toEqual({
        parts: 0,
        rows: 0,
      });
    } finally {
      raw.close();
    }
  });

  it('after a crash: keeps a send whose batch was all recorded, with its unindexed parts to index, and drops one that never sent a byte', () => {
    const crashed = openStore();
    const { id: whole, parts } = recordedInParts(crashed);
    crashed.indexBatchPart(whole, 0, batchSearchText(`[${parts[0]!.events}]`));
    const cutShort = opened(crashed).id;
    crashed.addBatchParts(cutShort, [part(0, 3)]);
    // While it is 'sending', its own send indexes it: the recovery leaves it alone.
    expect(crashed.unindexedParts(10)).toEqual([]);
    crashed.close();

    const store = openStore();
    expect(store.markInterrupted()).toEqual([whole]);
    expect(store.get(cutShort)).toBeNull();
    expect(store.get(whole)).toMatchObject({ status: 'interrupted', batch: wholeBatch(6) });
    expect(ids(store, 'cust-4')).toEqual([]);
    expect(store.unindexedParts(10)).toEqual([{ submissionId: whole, ...parts[1] }]);
  });

  it('opens a database written by schema version 6, each batch its one part, found and counted as before', () => {
    const raw = new DatabaseSync(history.file);
    raw.exec('PRAGMA foreign_keys = ON');
    for (const step of migrations.slice(0, 6)) step(raw);
    raw.exec('PRAGMA user_version = 6');
    const batch = '[{"customer_id":"legacy-6"},{"customer_id":"other-6"}]';
    const { seq } = raw
      .prepare(
        `INSERT INTO submissions (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, finished_at, status, stored_bytes)
        VALUES ('old-6', 'env-a', 'A', '#000000', 'https://a.example', '{}', 2, 'h', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:01.000Z', 'ok', ?) RETURNING seq`,
      )
      .get(batch.length) as { seq: number };
    raw.prepare('INSERT INTO submission_batches (submission_id, batch) VALUES (?, ?)').run('old-6', batch);
    // Version 6 kept one search row per submission, under its seq.
    raw.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)').run(seq, batchSearchText(batch));
    raw.prepare(`INSERT INTO chunks (submission_id, first_event, event_count, status, status_code) VALUES ('old-6', 0, 2, 'ok', 202)`).run();
    raw.close();

    const store = openStore();
    expect(store.get('old-6')).toMatchObject({ batch, eventCount: 2, status: 'ok' });
    expect(ids(store, 'legacy-6')).toEqual(['old-6']);
    expect(ids(store, 'other-6')).toEqual(['old-6']);
    expect(store.unindexedParts(10)).toEqual([]);
    store.annotate('old-6', { label: 'kept', note: '' });
    expect(store.usage().storedBytes).toBe(batch.length);
    store.close();

    const check = new DatabaseSync(history.file);
    try {
      expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: SUBMISSIONS_SCHEMA_VERSION });
      check.exec('PRAGMA foreign_keys = ON');
      check.prepare(`DELETE FROM submissions WHERE id = 'old-6'`).run();
      expect(check.prepare('SELECT (SELECT count(*) FROM batch_parts) AS parts, (SELECT count(*) FROM search_events) AS rows').get()).toEqual({
        parts: 0,
        rows: 0,
      });
    } finally {
      check.close();
    }
  });
});
