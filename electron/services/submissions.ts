import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { AppError } from '../../shared/errors.ts';
import { bucketName, emptyHistoryFilter, RetentionSchema, type HistoryFilter, type HistoryUsage, type Retention, type TimelineBucket, type TimelineUnit } from '../../shared/history.ts';
import {
  eventRangeText,
  SubmissionStatusSchema,
  type AttemptEnd,
  type AttemptStart,
  type ChunkAttempt,
  MAX_RESPONSE_BODY_BYTES,
  type ChunkPatch,
  type ChunkRecord,
  type Submission,
  type SubmissionDetail,
  type SubmissionStatus,
  type SubmissionSummary,
  type SubmissionView,
} from '../../shared/submission.ts';
import { parseJsonOrNull } from './json-file.ts';
import { batchSearchText } from './history-search.ts';
import { openDatabase } from './submissions-database.ts';
import { filterSql, submissionColumns, summaryColumns, toAttempt, toChunk, toSubmission, toSummary, truncateUtf8, type Row } from './submissions-rows.ts';
import { migrations, settle, SUBMISSIONS_SCHEMA_VERSION } from './submissions-schema.ts';

/**
 * The record of every send, in SQLite (`node:sqlite`, no native module) in the data folder.
 * The app and the command line open the same file, so it runs in WAL mode with a busy
 * timeout; the schema version lives in `PRAGMA user_version` and grows only through the
 * migrations below.
 *
 * A submission row, all its chunk rows and its batch are written before the first byte goes
 * out, in short transactions (a send of 100 000 events must not hold the services' event loop
 * for a second). After a crash, what is still 'sending' is what was under way: the next start
 * calls `markInterrupted()` and a resume sends only the chunks that are not 'ok'.
 *
 * Layout, chosen so the history (#7) can grow by migration:
 * - `submissions`: one small row per send. `seq` is a stable integer rowid (an external-content
 *   FTS5 table can key on it), `id` the public UUID. The batch text is NOT in this row, so a
 *   list, a count or a filter never walks a large batch's overflow pages.
 * - `batch_parts` (version 7): the resolved batch text, in parts of consecutive events (their
 *   texts joined by commas), so that it is written, and indexed, a part at a time.
 * - `chunks`: one row per chunk, keyed by (submission_id, first_event) since version 6, listed
 *   in event order; a 413 split replaces one row by its parts and leaves the others as they
 *   were. Response bodies are bounded.
 * Children go with their submission (ON DELETE CASCADE), so deleting history is one statement.
 * - `search_events` and `search_notes` (version 2): the full-text index of each submission's
 *   event values, keyed by the batch part's id since version 7, and of its responses, label and
 *   note, keyed by `seq`; see history-search.ts. Triggers drop the index rows with their part
 *   and their submission. A part whose index row a crash kept from being written stays marked
 *   (`indexed` = 0) and is indexed at the next start (`unindexedParts`, sending.ts).
 * - `settings` (version 2): the history's own settings (retention), so the app and the command
 *   line read the same ones.
 * - `chunk_attempts` (version 5): every request of every chunk and its answer, masked and
 *   bounded, keyed to its chunk by (submission_id, first_event), in submissions-schema.ts with
 *   the migrations. A row is written before the request's first byte and marked as one that
 *   may have arrived until an answer says otherwise, so a crash leaves its chunk marked
 *   (`ChunkRecord.wentOut`).
 */

/**
 * The attempts one chunk keeps: a run makes at most maxAttempts (20), resumes add theirs. Past
 * this the oldest after the first go, so the first answer and the latest ones stay.
 */
export const MAX_ATTEMPTS_KEPT = 40;
/** A batch larger than this (UTF-8 bytes) is refused rather than stored. */
export const MAX_BATCH_BYTES = 200 * 1024 * 1024;

export { migrations, SUBMISSIONS_SCHEMA_VERSION };

export type NewSubmission = Omit<Submission, 'id' | 'finishedAt' | 'sendingMs' | 'status' | 'label' | 'note'>;
export type ChunkRange = { firstEvent: number; eventCount: number };
/** Consecutive events of a batch as recorded: their JSON texts joined by commas, as in the batch. */
export type BatchPart = ChunkRange & { events: string };
export type SubmissionStore = ReturnType<typeof openSubmissions>;

/** Ids deleted per statement, under SQLite's limit on parameters. */
const DELETE_BATCH = 500;

/** Whether local time has been a whole number of hours from UTC, winter and summer, from 2000 to 2100. */
function wholeHourZone(): boolean {
  for (let year = 2000; year <= 2100; year++) {
    if (new Date(year, 0, 1).getTimezoneOffset() % 60 !== 0 || new Date(year, 6, 1).getTimezoneOffset() % 60 !== 0) return false;
  }
  return true;
}

/** The local bucket of a UTC quarter hour written as `YYYY-MM-DDTHH:q` (q from 0 to 3), as the timeline query groups. */
function localBucket(quarter: string, unit: TimelineUnit): string {
  const [year, month, day, hour] = [quarter.slice(0, 4), quarter.slice(5, 7), quarter.slice(8, 10), quarter.slice(11, 13)].map(Number);
  return bucketName(new Date(Date.UTC(year!, month! - 1, day!, hour!, Number(quarter.slice(14)) * 15)), unit);
}

/** Checks that ranges follow one another from `start` with no gap or overlap; returns where they end. */
function checkConsecutive(ranges: readonly ChunkRange[], start: number): number {
  let next = start;
  for (const range of ranges) {
    if (!Number.isInteger(range.firstEvent) || !Number.isInteger(range.eventCount) || range.eventCount < 1 || range.firstEvent !== next) {
      throw new AppError('submission-chunks', 'The chunks must cover the events in order, each with at least one event.', JSON.stringify(range));
    }
    next += range.eventCount;
  }
  return next;
}

export function openSubmissions(file: string) {
  const db = openDatabase(file);

  /** Runs `work` in one transaction; inside another, as part of it. */
  function transaction<T>(work: () => T): T {
    if (db.isTransaction) return work();
    db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      db.exec('COMMIT');
      return result;
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  const statements = {
    insertSubmission: db.prepare(`INSERT INTO submissions
      (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, status, stored_bytes)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?) RETURNING seq`),
    insertPart: db.prepare('INSERT INTO batch_parts (submission_id, first_event, event_count, events, bytes) VALUES (?, ?, ?, ?, ?)'),
    // Marked and indexed in one transaction, once: whoever marks it writes its search row.
    markIndexed: db.prepare('UPDATE batch_parts SET indexed = 1 WHERE submission_id = ? AND first_event = ? AND indexed = 0 RETURNING id'),
    indexPart: db.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)'),
    // Parts of a send still under way (here or in another process) are indexed by that send.
    unindexedParts: db.prepare(`SELECT p.submission_id, p.first_event, p.event_count, p.events FROM batch_parts p JOIN submissions s ON s.id = p.submission_id
      WHERE p.indexed = 0 AND s.status <> 'sending' LIMIT ?`),
    eventsRecorded: db.prepare('SELECT coalesce(sum(event_count), 0) AS n FROM batch_parts WHERE submission_id = ?'),
    insertChunk: db.prepare(`INSERT INTO chunks (submission_id, first_event, event_count, status) VALUES (?, ?, ?, 'pending')`),
    getSubmission: db.prepare(`SELECT ${submissionColumns} FROM submissions s WHERE s.id = ?`),
    getSummary: db.prepare(`SELECT ${summaryColumns} FROM submissions s WHERE s.id = ?`),
    getChunk: db.prepare('SELECT * FROM chunks WHERE submission_id = ? AND first_event = ?'),
    chunksOf: db.prepare('SELECT * FROM chunks WHERE submission_id = ? ORDER BY first_event'),
    remainingOf: db.prepare(`SELECT * FROM chunks WHERE submission_id = ? AND status NOT IN ('ok', 'skipped') ORDER BY first_event`),
    chunkStatusesOf: db.prepare('SELECT status FROM chunks WHERE submission_id = ? ORDER BY first_event'),
    attemptsOf: db.prepare('SELECT * FROM chunk_attempts WHERE submission_id = ? ORDER BY first_event, id'),
    attemptsOfChunk: db.prepare('SELECT * FROM chunk_attempts WHERE submission_id = ? AND first_event = ? ORDER BY id'),
    insertAttempt: db.prepare(`INSERT INTO chunk_attempts (submission_id, first_event, event_count, number, started_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
    startChunk: db.prepare(`UPDATE chunks SET status = 'sending', attempts = max(attempts, ?) WHERE submission_id = ? AND first_event = ?`),
    // The first attempt and the newest stay: the one dropped is the oldest after the first.
    dropOldAttempt: db.prepare(`DELETE FROM chunk_attempts WHERE id = (SELECT id FROM chunk_attempts WHERE submission_id = ?1 AND first_event = ?2 ORDER BY id LIMIT 1 OFFSET 1)
      AND (SELECT count(*) FROM chunk_attempts WHERE submission_id = ?1 AND first_event = ?2) > ?3`),
    endAttempt: db.prepare(`UPDATE chunk_attempts SET duration_ms = ?, status_code = ?, retry_after = ?, error = ?, response_headers = ?, response_body = ?,
      response_truncated = ?, may_have_arrived = ? WHERE id = ? AND submission_id = ?`),
    // What was out when the process died stays "went out, no answer", and says why.
    interruptAttempts: db.prepare(`UPDATE chunk_attempts SET error = ? WHERE submission_id = ? AND may_have_arrived = 1 AND status_code IS NULL AND error IS NULL`),
    skipChunk: db.prepare(`UPDATE chunks SET status = 'skipped', error = ? WHERE submission_id = ? AND first_event = ? AND status NOT IN ('ok', 'skipped', 'sending')`),
    deleteChunk: db.prepare('DELETE FROM chunks WHERE submission_id = ? AND first_event = ?'),
    finish: db.prepare('UPDATE submissions SET status = ?, finished_at = ?, sending_ms = sending_ms + ? WHERE id = ?'),
    sendingIds: db.prepare(`SELECT id, event_count FROM submissions WHERE status = 'sending' ORDER BY started_at`),
    drop: db.prepare('DELETE FROM submissions WHERE id = ?'),
    interruptChunks: db.prepare(`UPDATE chunks SET status = 'pending' WHERE submission_id = ? AND status = 'sending'`),
    interrupt: db.prepare(`UPDATE submissions SET status = 'interrupted' WHERE id = ?`),
    lastWithSameBatch: db.prepare(`SELECT ${summaryColumns} FROM submissions s
      WHERE s.environment_id = ? AND s.batch_hash = ? ORDER BY s.started_at DESC, s.seq DESC LIMIT 1`),
    annotate: db.prepare('UPDATE submissions SET label = ?, note = ? WHERE id = ?'),
    exists: db.prepare('SELECT 1 AS found FROM submissions WHERE id = ?'),
    getSetting: db.prepare('SELECT value FROM settings WHERE key = ?'),
    putSetting: db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
    usage: db.prepare('SELECT count(*) AS submissions, coalesce(sum(stored_bytes), 0) AS stored FROM submissions'),
    // The newest submission is never a candidate: a limit smaller than one send must not delete the send just made.
    oldestFirst: db.prepare(`SELECT id, stored_bytes FROM submissions WHERE status <> 'sending'
      AND id <> (SELECT id FROM submissions ORDER BY started_at DESC, seq DESC LIMIT 1) ORDER BY started_at, seq`),
  };

  const cache = new Map<string, StatementSync>();
  /** Filters make the SQL vary; each variant is prepared once. */
  function prepared(sql: string): StatementSync {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  }

  /** Gives the pages deleted rows freed back to the disk (on a file made with incremental vacuum). */
  function reclaim(): void {
    db.exec('PRAGMA incremental_vacuum');
  }

  function chunkMissing(submissionId: string, firstEvent: number): AppError {
    return new AppError('chunk-not-found', `No chunk of submission ${submissionId} begins at event ${firstEvent + 1}.`);
  }

  function requireChunk(submissionId: string, firstEvent: number): ChunkRecord {
    const row = statements.getChunk.get(submissionId, firstEvent) as Row | undefined;
    if (!row) throw chunkMissing(submissionId, firstEvent);
    return toChunk(row, (statements.attemptsOfChunk.all(submissionId, firstEvent) as Row[]).map(toAttempt));
  }

  /** Each chunk row with its attempts, read in two queries. */
  function chunksWithAttempts(submissionId: string, rows: readonly Row[]): ChunkRecord[] {
    const byFirstEvent = new Map<number, ChunkAttempt[]>();
    for (const row of statements.attemptsOf.all(submissionId) as Row[]) {
      const attempt = toAttempt(row);
      const list = byFirstEvent.get(attempt.firstEvent) ?? [];
      list.push(attempt);
      byFirstEvent.set(attempt.firstEvent, list);
    }
    return rows.map((row) => toChunk(row, byFirstEvent.get(Number(row.first_event)) ?? []));
  }

  function missing(id: string): AppError {
    return new AppError('submission-not-found', `Submission ${id} is not recorded.`);
  }

  /** A submission and its chunks, without its batch (which can be 100 MB to read). */
  function view(id: string): SubmissionView | null {
    const row = statements.getSummary.get(id) as Row | undefined;
    if (!row) return null;
    return { ...toSummary(row), chunks: chunksWithAttempts(id, statements.chunksOf.all(id) as Row[]) };
  }

  function get(id: string): SubmissionDetail | null {
    const row = statements.getSubmission.get(id) as Row | undefined;
    if (!row) return null;
    return { ...toSubmission(row), chunks: chunksWithAttempts(id, statements.chunksOf.all(id) as Row[]) };
  }

  return {
    /** The file this store writes to. */
    file,

    /**
     * Records a submission as 'sending' with all its chunks 'pending' and its whole batch, indexed,
     * in one transaction (an import, a test): a send records a big batch in short steps instead,
     * through openSubmission, addChunks, addBatchParts and indexBatchPart.
     */
    createSubmission(input: NewSubmission, chunks: readonly ChunkRange[]): Submission {
      const covered = checkConsecutive(chunks, 0);
      if (covered !== input.eventCount) {
        throw new AppError('submission-chunks', `The chunks cover ${covered} events, the batch holds ${input.eventCount}.`);
      }
      return transaction(() => {
        const summary = this.openSubmission({ ...input, batchBytes: Buffer.byteLength(input.batch, 'utf8') });
        if (!input.batch.startsWith('[') || !input.batch.endsWith(']')) throw new AppError('batch-not-json', 'A batch is recorded as the text of a JSON array.', input.batch.slice(0, 80));
        this.addChunks(summary.id, chunks);
        const part = { firstEvent: 0, eventCount: input.eventCount, events: input.batch.slice(1, -1) };
        this.addBatchParts(summary.id, [part]);
        this.indexBatchPart(summary.id, 0, batchSearchText(input.batch));
        return { ...summary, batch: input.batch };
      });
    },

    /**
     * Records a submission as 'sending', before its chunks and its batch (addChunks,
     * addBatchParts), all of which go in before the first byte: a crash after this leaves a record
     * to resume, or, when the batch was not all recorded yet (so nothing was sent), none at all
     * (see markInterrupted).
     */
    openSubmission(input: Omit<NewSubmission, 'batch'> & { batchBytes: number }): SubmissionSummary {
      if (input.batchBytes > MAX_BATCH_BYTES) {
        throw new AppError('batch-too-large', `A batch of more than ${MAX_BATCH_BYTES / 1024 / 1024} MB is not recorded; split it into several.`, `${input.batchBytes} bytes`);
      }
      const started = new Date(input.startedAt);
      if (Number.isNaN(started.getTime())) throw new AppError('submission-started-at', 'The start time of a submission must be a date.', input.startedAt);
      if (!Number.isInteger(input.eventCount) || input.eventCount < 0) throw new AppError('submission-chunks', 'The event count must be a whole number.', String(input.eventCount));
      const { batchBytes, ...fields } = input;
      const submission: SubmissionSummary = { ...fields, id: randomUUID(), startedAt: started.toISOString(), finishedAt: null, sendingMs: 0, status: 'sending', label: '', note: '' };
      statements.insertSubmission.run(
        submission.id,
        submission.environmentId,
        submission.environmentName,
        submission.environmentColor,
        submission.baseUrl,
        JSON.stringify(submission.headers),
        submission.eventCount,
        submission.batchHash,
        submission.startedAt,
        batchBytes,
      );
      return submission;
    },

    /** Records chunks of an open submission, 'pending', in one transaction. */
    addChunks(submissionId: string, chunks: readonly ChunkRange[]): void {
      transaction(() => {
        for (const chunk of chunks) statements.insertChunk.run(submissionId, chunk.firstEvent, chunk.eventCount);
      });
    },

    /** Records parts of an open submission's batch, in one transaction; each is searchable once indexBatchPart has run. */
    addBatchParts(submissionId: string, parts: readonly BatchPart[]): void {
      transaction(() => {
        for (const part of parts) statements.insertPart.run(submissionId, part.firstEvent, part.eventCount, part.events, Buffer.byteLength(part.events, 'utf8'));
      });
    },

    /**
     * Writes the search row of the part that begins at `firstEvent`, unless it is written already
     * (or the submission is gone); says whether it wrote it.
     */
    indexBatchPart(submissionId: string, firstEvent: number, searchText: string): boolean {
      return transaction(() => {
        const marked = statements.markIndexed.get(submissionId, firstEvent) as Row | undefined;
        if (marked) statements.indexPart.run(Number(marked.id), searchText);
        return marked !== undefined;
      });
    },

    /** Up to `limit` parts whose search row a crash kept from being written, of submissions no send is under way for. */
    unindexedParts(limit: number): (BatchPart & { submissionId: string })[] {
      return (statements.unindexedParts.all(limit) as Row[]).map((row) => ({
        submissionId: String(row.submission_id),
        firstEvent: Number(row.first_event),
        eventCount: Number(row.event_count),
        events: String(row.events),
      }));
    },

    /** Records what happened to the chunk that begins at `firstEvent`; the response body is cut to 64 KiB. Returns the chunk as stored. */
    updateChunk(submissionId: string, firstEvent: number, patch: ChunkPatch): ChunkRecord {
      const sets: string[] = [];
      const values: SQLInputValue[] = [];
      const set = (column: string, value: SQLInputValue) => {
        sets.push(`${column} = ?`);
        values.push(value);
      };
      if (patch.status !== undefined) set('status', patch.status);
      if (patch.statusCode !== undefined) set('status_code', patch.statusCode);
      if (patch.responseHeaders !== undefined) set('response_headers', JSON.stringify(patch.responseHeaders));
      if (patch.responseBody !== undefined) {
        const body = truncateUtf8(patch.responseBody, MAX_RESPONSE_BODY_BYTES);
        set('response_body', body.text);
        set('response_truncated', body.truncated || patch.responseTruncated === true ? 1 : 0);
      } else if (patch.responseTruncated !== undefined) {
        set('response_truncated', patch.responseTruncated ? 1 : 0);
      }
      if (patch.attempts !== undefined) set('attempts', patch.attempts);
      if (patch.durationMs !== undefined) set('duration_ms', patch.durationMs);
      if (patch.error !== undefined) set('error', patch.error);
      if (sets.length === 0) return requireChunk(submissionId, firstEvent);
      const result = prepared(`UPDATE chunks SET ${sets.join(', ')} WHERE submission_id = ? AND first_event = ?`).run(...values, submissionId, firstEvent);
      if (result.changes === 0) throw chunkMissing(submissionId, firstEvent);
      return requireChunk(submissionId, firstEvent);
    },

    /**
     * Records that a request of the chunk that begins at `attempt.firstEvent` goes out, before
     * its first byte: the chunk becomes 'sending' and the attempt is kept, without an answer yet,
     * in one transaction. Returns the attempt's id for `endAttempt`.
     */
    beginAttempt(submissionId: string, attempt: AttemptStart): number {
      return transaction(() => {
        if (statements.startChunk.run(attempt.number, submissionId, attempt.firstEvent).changes === 0) throw chunkMissing(submissionId, attempt.firstEvent);
        const { id } = statements.insertAttempt.get(submissionId, attempt.firstEvent, attempt.eventCount, attempt.number, attempt.startedAt) as Row;
        statements.dropOldAttempt.run(submissionId, attempt.firstEvent, MAX_ATTEMPTS_KEPT);
        return Number(id);
      });
    },

    /** Records what came of an attempt (masked by the caller); the body is cut to 64 KiB. */
    endAttempt(submissionId: string, attemptId: number, end: AttemptEnd): void {
      const body = truncateUtf8(end.responseBody, MAX_RESPONSE_BODY_BYTES);
      statements.endAttempt.run(
        end.durationMs,
        end.statusCode,
        end.retryAfter,
        end.error,
        JSON.stringify(end.responseHeaders),
        body.text,
        body.truncated || end.responseTruncated ? 1 : 0,
        end.mayHaveArrived ? 1 : 0,
        attemptId,
        submissionId,
      );
    },

    /**
     * Marks the chunks that begin at `firstEvents` not to be sent again (a resume told to skip
     * what went out without an answer), with `reason` as their error. Only chunks not
     * acknowledged and not in flight.
     */
    skipChunks(submissionId: string, firstEvents: readonly number[], reason: string): void {
      transaction(() => {
        for (const firstEvent of firstEvents) statements.skipChunk.run(reason, submissionId, firstEvent);
      });
    },

    /**
     * Replaces the pending or sending chunk that begins at `firstEvent` by consecutive smaller
     * ones covering the same events (after a 413). The first part begins where the chunk did,
     * so it keeps the chunk's attempts; the other chunks stay as they were.
     */
    splitChunk(submissionId: string, firstEvent: number, parts: readonly ChunkRange[]): ChunkRecord[] {
      return transaction(() => {
        const chunk = requireChunk(submissionId, firstEvent);
        const range = eventRangeText(chunk.firstEvent, chunk.eventCount);
        if (chunk.status !== 'pending' && chunk.status !== 'sending') {
          throw new AppError('submission-chunk-done', `The chunk of ${range} is ${chunk.status}; only a pending or sending chunk can be split.`);
        }
        if (parts.length === 0 || checkConsecutive(parts, chunk.firstEvent) !== chunk.firstEvent + chunk.eventCount) {
          throw new AppError('submission-chunks', `The parts must cover exactly ${range}.`);
        }
        statements.deleteChunk.run(submissionId, firstEvent);
        for (const part of parts) statements.insertChunk.run(submissionId, part.firstEvent, part.eventCount);
        return parts.map((part) => requireChunk(submissionId, part.firstEvent));
      });
    },

    /**
     * Ends a submission with its final status and the time, adding `sendingMs`, the time this
     * run spent sending, to the submission's. 'sending' re-opens an ended one (finishedAt back to
     * null) before a resume sends its remaining chunks, so that a crash during the resume is
     * caught again by `markInterrupted()`.
     */
    finish(submissionId: string, status: SubmissionStatus, sendingMs = 0): void {
      const parsed = SubmissionStatusSchema.safeParse(status);
      if (!parsed.success) throw new AppError('submission-status', `A submission cannot have the status ${String(status)}.`);
      if (!Number.isSafeInteger(sendingMs) || sendingMs < 0) throw new AppError('submission-duration', `A send cannot take ${sendingMs} ms.`);
      const finishedAt = parsed.data === 'sending' ? null : new Date().toISOString();
      transaction(() => {
        if (statements.finish.run(parsed.data, finishedAt, sendingMs, submissionId).changes === 0) throw missing(submissionId);
        if (parsed.data !== 'sending') settle(db, submissionId);
      });
    },

    get,
    view,

    /**
     * At start: every submission still 'sending' was cut short by a crash or a kill. It
     * becomes 'interrupted' and its chunks in flight go back to 'pending', keeping their mark
     * that they went out; one whose batch was not all recorded yet never sent a byte, and is
     * dropped. Returns the ids of those interrupted. `include` picks which: the command line
     * resumes one submission and must not touch the others, which the app or another command may
     * be sending right now, and the app leaves those another process still claims.
     */
    markInterrupted(include: (id: string) => boolean = () => true): string[] {
      return transaction(() => {
        const ids = (statements.sendingIds.all() as Row[]).map((row) => ({ id: String(row.id), eventCount: Number(row.event_count) })).filter((row) => include(row.id));
        const interrupted: string[] = [];
        for (const { id, eventCount } of ids) {
          if (Number((statements.eventsRecorded.get(id) as Row).n) < eventCount) {
            statements.drop.run(id);
            continue;
          }
          statements.interruptChunks.run(id);
          statements.interruptAttempts.run('No answer: EventDesk stopped (a crash, a kill or a power cut) while this request was out.', id);
          statements.interrupt.run(id);
          // The answers that came before the crash become searchable, and count in the size.
          settle(db, id);
          interrupted.push(id);
        }
        return interrupted;
      });
    },

    /** Each chunk's status, in event order, without reading the batch or any answer. */
    chunkStatuses(id: string): ChunkRecord['status'][] {
      return (statements.chunkStatusesOf.all(id) as Row[]).map((row) => row.status as ChunkRecord['status']);
    },

    /** The chunks neither acknowledged nor skipped, in event order: what a resume sends. */
    remainingChunks(id: string): ChunkRecord[] {
      return chunksWithAttempts(id, statements.remainingOf.all(id) as Row[]);
    },

    /** The latest submission of the same resolved batch to the same environment, for the duplicate warning. */
    lastWithSameBatch(environmentId: string, batchHash: string): SubmissionSummary | null {
      const row = statements.lastWithSameBatch.get(environmentId, batchHash) as Row | undefined;
      return row ? toSummary(row) : null;
    },

    /** The batch text as sent, or null when the submission is not recorded. */
    batch(id: string): string | null {
      const row = statements.getSubmission.get(id) as Row | undefined;
      return row ? String(row.batch) : null;
    },

    /** Newest first, filtered; `before` is the id of the last submission of the previous page. */
    list({ limit, before, filter = emptyHistoryFilter }: { limit: number; before?: string; filter?: HistoryFilter }): SubmissionSummary[] {
      // SQLite reads a negative LIMIT as "no limit": never let a bad page size return everything.
      const size = Math.max(0, Math.floor(limit));
      // A page is "after this row": if the row was deleted meanwhile there is no "after" to compute.
      if (before !== undefined && !statements.exists.get(before)) {
        throw new AppError('history-cursor-gone', 'The history changed while it was being read; read it again from the top.');
      }
      const { where, params } = filterSql(filter, before);
      return (prepared(`SELECT ${summaryColumns} FROM submissions s ${where} ORDER BY s.started_at DESC, s.seq DESC LIMIT ?`).all(...params, size) as Row[]).map(toSummary);
    },

    /** How many submissions the filter finds. */
    count(filter: HistoryFilter = emptyHistoryFilter): number {
      const { where, params } = filterSql(filter);
      return Number((prepared(`SELECT count(*) AS n FROM submissions s ${where}`).get(...params) as Row).n);
    },

    /**
     * Submissions per hour or per day of local time, by status, over the filtered set; oldest
     * first. SQLite counts per hour or quarter hour of UTC (every time zone's offset is whole
     * quarter hours), read off the stored ISO text; each is then named in local time here, once
     * rather than once per row (`strftime(…, 'localtime')` cost 224 ms on 100 000 rows).
     */
    timeline(filter: HistoryFilter, unit: TimelineUnit): TimelineBucket[] {
      const { where, params } = filterSql(filter);
      // Where the zone's offset is whole hours, counting per hour gives a quarter of the rows to name.
      const slot = wholeHourZone() ? `substr(s.started_at, 1, 14) || '0'` : `substr(s.started_at, 1, 14) || (CAST(substr(s.started_at, 15, 2) AS INTEGER) / 15)`;
      const rows = prepared(`SELECT ${slot} AS quarter, s.status, count(*) AS n FROM submissions s ${where} GROUP BY quarter, s.status ORDER BY quarter`).all(...params) as Row[];
      const buckets: TimelineBucket[] = [];
      // Rows come by quarter, a status at a time: each quarter is named once.
      let quarter = '';
      let bucket = '';
      for (const row of rows) {
        if (row.quarter !== quarter) {
          quarter = String(row.quarter);
          bucket = localBucket(quarter, unit);
        }
        if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, counts: {} });
        const counts = buckets.at(-1)!.counts;
        const status = row.status as SubmissionStatus;
        counts[status] = (counts[status] ?? 0) + Number(row.n);
      }
      return buckets;
    },

    /** Sets a submission's label and note (both searchable); returns it as stored. */
    annotate(id: string, { label, note }: { label: string; note: string }): SubmissionSummary {
      transaction(() => {
        if (statements.annotate.run(label.trim(), note, id).changes === 0) throw missing(id);
        settle(db, id);
      });
      return toSummary(statements.getSubmission.get(id) as Row);
    },

    /** Deletes these submissions, except any still being sent; returns how many went. */
    delete(ids: readonly string[]): number {
      const deleted = transaction(() => {
        let count = 0;
        for (let at = 0; at < ids.length; at += DELETE_BATCH) {
          const some = ids.slice(at, at + DELETE_BATCH);
          count += Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND id IN (${some.map(() => '?').join(', ')})`).run(...some).changes);
        }
        return count;
      });
      reclaim();
      return deleted;
    },

    /** Deletes every submission the filter finds, except any still being sent; returns how many went. */
    deleteMatching(filter: HistoryFilter): number {
      const { where, params } = filterSql(filter);
      const deleted = transaction(() => Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND seq IN (SELECT s.seq FROM submissions s ${where})`).run(...params).changes));
      reclaim();
      return deleted;
    },

    retention(): Retention {
      const row = statements.getSetting.get('retention') as Row | undefined;
      const parsed = row ? RetentionSchema.safeParse(parseJsonOrNull(String(row.value))) : null;
      return parsed?.success ? parsed.data : { keep: 'all' };
    },

    setRetention(retention: Retention): void {
      statements.putSetting.run('retention', JSON.stringify(RetentionSchema.parse(retention)));
    },

    /**
     * Drops what the retention setting no longer keeps: submissions older than its days, or the
     * oldest ones until the rest fits its size. A send under way, and the newest submission, are never dropped. Returns how many went.
     */
    applyRetention(now = new Date()): number {
      const retention = this.retention();
      if (retention.keep === 'days') {
        const cutoff = new Date(now.getTime() - retention.days * 86_400_000).toISOString();
        const deleted = transaction(() => Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND started_at < ?`).run(cutoff).changes));
        reclaim();
        return deleted;
      }
      if (retention.keep === 'size') {
        let excess = Number((statements.usage.get() as Row).stored) - retention.megabytes * 1024 * 1024;
        const doomed: string[] = [];
        for (const row of statements.oldestFirst.iterate() as Iterable<Row>) {
          if (excess <= 0) break;
          doomed.push(String(row.id));
          excess -= Number(row.stored_bytes);
        }
        return doomed.length === 0 ? 0 : this.delete(doomed);
      }
      return 0;
    },

    usage(): HistoryUsage {
      const row = statements.usage.get() as Row;
      const sizeOf = (name: string) => {
        try {
          return statSync(name).size;
        } catch {
          return 0;
        }
      };
      return { submissions: Number(row.submissions), storedBytes: Number(row.stored), fileBytes: sizeOf(file) + sizeOf(`${file}-wal`) };
    },

    close(): void {
      if (db.isOpen) db.close();
    },
  };
}
