import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { HistoryFilterSchema } from '../../../features/history/common/history.ts';
import { MAX_RESPONSE_BODY_BYTES } from '../../../features/history/common/submission.ts';
import { MAX_ATTEMPTS_KEPT, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { input, sendingHere, threeChunks } from '../../support/submissions-fixtures.ts';

const history = historyFilePerTest('eventdesk-submissions-attempts-');
const openStore = () => history.openStore();

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
    sendingHere(store, id);
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
