import { randomUUID } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import { AppError } from '../../../base/common/errors.ts';
import {
  eventRangeText,
  MAX_RESPONSE_BODY_BYTES,
  SubmissionStatusSchema,
  type AttemptEnd,
  type AttemptStart,
  type ChunkPatch,
  type ChunkRecord,
  type Submission,
  type SubmissionStatus,
  type SubmissionSummary,
} from '../common/submission.ts';
import { batchSearchText } from './history-search.ts';
import type { StoreContext } from './submissions-context.ts';
import { summaryColumns, toSummary, truncateUtf8, type Row } from './submissions-rows.ts';
import { settle } from './submissions-schema.ts';

/**
 * The send log: a submission opened before the first byte goes out, its chunks, its batch in
 * parts and their search rows, every attempt and its answer, how it ended, and what a crash
 * left under way.
 */

/**
 * The attempts one chunk keeps: a run makes at most maxAttempts (20), resumes add theirs. Past
 * this the oldest after the first go, so the first answer and the latest ones stay.
 */
export const MAX_ATTEMPTS_KEPT = 40;
/** A batch larger than this (UTF-8 bytes) is refused rather than stored. */
export const MAX_BATCH_BYTES = 200 * 1024 * 1024;
/** What a request that was out when EventDesk died says of its missing answer. */
const CUT_SHORT = 'No answer: EventDesk stopped (a crash, a kill or a power cut) while this request was out.';

export type NewSubmission = Omit<Submission, 'id' | 'finishedAt' | 'sendingMs' | 'status' | 'label' | 'note' | 'pseudonymizedFrom' | 'stepVerdict'> & {
  pseudonymizedFrom?: readonly string[];
};
export type ChunkRange = { firstEvent: number; eventCount: number };
/** Consecutive events of a batch as recorded: their JSON texts joined by commas, as in the batch. */
export type BatchPart = ChunkRange & { events: string };

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

export function sendLog({ db, transaction, prepared, chunkMissing, requireChunk, chunksWithAttempts, missing }: StoreContext) {
  const statements = {
    insertSubmission: db.prepare(`INSERT INTO submissions
      (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, status, stored_bytes, pseudonymized_from)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?) RETURNING seq`),
    insertPart: db.prepare('INSERT INTO batch_parts (submission_id, first_event, event_count, events, bytes) VALUES (?, ?, ?, ?, ?)'),
    // Marked and indexed in one transaction, once: whoever marks it writes its search row.
    markIndexed: db.prepare('UPDATE batch_parts SET indexed = 1 WHERE submission_id = ? AND first_event = ? AND indexed = 0 RETURNING id'),
    indexPart: db.prepare('INSERT INTO search_events (rowid, text) VALUES (?, ?)'),
    // Parts of a send still under way (here or in another process) are indexed by that send.
    unindexedParts: db.prepare(`SELECT p.submission_id, p.first_event, p.event_count, p.events FROM batch_parts p JOIN submissions s ON s.id = p.submission_id
      WHERE p.indexed = 0 AND s.status <> 'sending' LIMIT ?`),
    eventsRecorded: db.prepare('SELECT coalesce(sum(event_count), 0) AS n FROM batch_parts WHERE submission_id = ?'),
    insertChunk: db.prepare(`INSERT INTO chunks (submission_id, first_event, event_count, status) VALUES (?, ?, ?, 'pending')`),
    remainingOf: db.prepare(`SELECT * FROM chunks WHERE submission_id = ? AND status NOT IN ('ok', 'skipped') ORDER BY first_event`),
    chunkStatusesOf: db.prepare('SELECT status FROM chunks WHERE submission_id = ? ORDER BY first_event'),
    insertAttempt: db.prepare(`INSERT INTO chunk_attempts (submission_id, first_event, event_count, number, started_at) VALUES (?, ?, ?, ?, ?) RETURNING id`),
    startChunk: db.prepare(`UPDATE chunks SET status = 'sending', attempts = max(attempts, ?) WHERE submission_id = ? AND first_event = ?`),
    // The first attempt and the newest stay: the one dropped is the oldest after the first.
    // Named parameters: Node 22.16 binds a numbered one (?1) as a name, never by position (nodejs/node#59340).
    dropOldAttempt:
      db.prepare(`DELETE FROM chunk_attempts WHERE id = (SELECT id FROM chunk_attempts WHERE submission_id = :submission AND first_event = :first ORDER BY id LIMIT 1 OFFSET 1)
      AND (SELECT count(*) FROM chunk_attempts WHERE submission_id = :submission AND first_event = :first) > :kept`),
    endAttempt: db.prepare(`UPDATE chunk_attempts SET duration_ms = ?, status_code = ?, retry_after = ?, error = ?, response_headers = ?, response_body = ?,
      response_truncated = ?, may_have_arrived = ? WHERE id = ? AND submission_id = ?`),
    // What was out when the process died stays "went out, no answer", and says why.
    interruptAttempts: db.prepare(
      `UPDATE chunk_attempts SET error = ? WHERE submission_id = ? AND may_have_arrived = 1 AND status_code IS NULL AND error IS NULL`,
    ),
    skipChunk: db.prepare(
      `UPDATE chunks SET status = 'skipped', error = ? WHERE submission_id = ? AND first_event = ? AND status NOT IN ('ok', 'skipped', 'sending')`,
    ),
    deleteChunk: db.prepare('DELETE FROM chunks WHERE submission_id = ? AND first_event = ?'),
    finish: db.prepare('UPDATE submissions SET status = ?, finished_at = ?, sending_ms = sending_ms + ? WHERE id = ?'),
    sendingIds: db.prepare(`SELECT id, event_count FROM submissions WHERE status = 'sending' ORDER BY started_at`),
    drop: db.prepare('DELETE FROM submissions WHERE id = ?'),
    interruptChunks: db.prepare(`UPDATE chunks SET status = 'pending' WHERE submission_id = ? AND status = 'sending'`),
    interrupt: db.prepare(`UPDATE submissions SET status = 'interrupted' WHERE id = ?`),
    lastWithSameBatch: db.prepare(`SELECT ${summaryColumns} FROM submissions s
      WHERE s.environment_id = ? AND s.batch_hash = ? ORDER BY s.started_at DESC, s.seq DESC LIMIT 1`),
  };
  const eventsRecorded = (id: string): number => Number((statements.eventsRecorded.get(id) as Row).n);

  return {
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
        if (!input.batch.startsWith('[') || !input.batch.endsWith(']'))
          throw new AppError('batch-not-json', 'A batch is recorded as the text of a JSON array.', input.batch.slice(0, 80));
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
        throw new AppError(
          'batch-too-large',
          `A batch of more than ${MAX_BATCH_BYTES / 1024 / 1024} MB is not recorded; split it into several.`,
          `${input.batchBytes} bytes`,
        );
      }
      const started = new Date(input.startedAt);
      if (Number.isNaN(started.getTime())) throw new AppError('submission-started-at', 'The start time of a submission must be a date.', input.startedAt);
      if (!Number.isInteger(input.eventCount) || input.eventCount < 0)
        throw new AppError('submission-chunks', 'The event count must be a whole number.', String(input.eventCount));
      const { batchBytes, pseudonymizedFrom = [], ...fields } = input;
      const submission: SubmissionSummary = {
        ...fields,
        id: randomUUID(),
        startedAt: started.toISOString(),
        finishedAt: null,
        sendingMs: 0,
        status: 'sending',
        label: '',
        note: '',
        pseudonymizedFrom: [...pseudonymizedFrom],
      };
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
        JSON.stringify(submission.pseudonymizedFrom),
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
        for (const part of parts)
          statements.insertPart.run(submissionId, part.firstEvent, part.eventCount, part.events, Buffer.byteLength(part.events, 'utf8'));
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
        statements.dropOldAttempt.run({ submission: submissionId, first: attempt.firstEvent, kept: MAX_ATTEMPTS_KEPT });
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

    /**
     * At start: every submission still 'sending' was cut short by a crash or a kill. It
     * becomes 'interrupted' and its chunks in flight go back to 'pending', keeping their mark
     * that they went out; one whose batch was not all recorded yet never sent a byte, and is
     * dropped. Returns the ids of those interrupted. `include` picks which: the command line
     * resumes one submission and must not touch the others, which the app or another command may
     * be sending right now, and the app leaves those another process still claims. `why` is what
     * a request that was out when the send stopped says of its missing answer.
     */
    markInterrupted(include: (id: string) => boolean = () => true, why = CUT_SHORT): string[] {
      return transaction(() => {
        const ids = (statements.sendingIds.all() as Row[])
          .map((row) => ({ id: String(row.id), eventCount: Number(row.event_count) }))
          .filter((row) => include(row.id));
        const interrupted: string[] = [];
        for (const { id, eventCount } of ids) {
          if (eventsRecorded(id) < eventCount) {
            statements.drop.run(id);
            continue;
          }
          statements.interruptChunks.run(id);
          statements.interruptAttempts.run(why, id);
          statements.interrupt.run(id);
          // The answers that came before the crash become searchable, and count in the size.
          settle(db, id);
          interrupted.push(id);
        }
        return interrupted;
      });
    },

    /** How many of a submission's events its recorded batch holds: all of them, unless recording it failed. */
    eventsRecorded,

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
  };
}
