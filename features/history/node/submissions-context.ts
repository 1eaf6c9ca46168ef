import type { StatementSync } from 'node:sqlite';
import { AppError } from '../../../base/common/errors.ts';
import path from 'node:path';
import type { ChunkAttempt, ChunkRecord, SubmissionDetail, SubmissionStatus, SubmissionView } from '../common/submission.ts';
import { claimHeld } from './send-claims.ts';
import { inTransaction } from '../../../base/node/sqlite-file.ts';
import { openDatabase } from './submissions-database.ts';
import { submissionColumns, summaryColumns, toAttempt, toChunk, toSubmission, toSummary, type Row } from './submissions-rows.ts';

/**
 * What the rooms of the history store (the send log, the history's queries, its retention)
 * share: the open database, its transactions, statements prepared once, and reading a
 * submission with its chunks.
 */

export function openStoreContext(file: string) {
  const db = openDatabase(file);
  // What shownStatus asks of a submission still 'sending': whether a live process holds its claim
  // (sends are claimed beside the history they are recorded in, send-claims.ts).
  db.function('send_is_live', { deterministic: false }, (id) => (claimHeld(path.dirname(file), String(id)) ? 1 : 0));

  /** Runs `work` in one transaction; inside another, as part of it. */
  const transaction = <T>(work: () => T): T => inTransaction(db, work);

  const reads = {
    getSubmission: db.prepare(`SELECT ${submissionColumns} FROM submissions s WHERE s.id = ?`),
    getSummary: db.prepare(`SELECT ${summaryColumns} FROM submissions s WHERE s.id = ?`),
    getChunk: db.prepare('SELECT * FROM chunks WHERE submission_id = ? AND first_event = ?'),
    chunksOf: db.prepare('SELECT * FROM chunks WHERE submission_id = ? ORDER BY first_event'),
    attemptsOf: db.prepare('SELECT * FROM chunk_attempts WHERE submission_id = ? ORDER BY first_event, id'),
    attemptsOfChunk: db.prepare('SELECT * FROM chunk_attempts WHERE submission_id = ? AND first_event = ? ORDER BY id'),
    exists: db.prepare('SELECT 1 AS found FROM submissions WHERE id = ?'),
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
    const row = reads.getChunk.get(submissionId, firstEvent) as Row | undefined;
    if (!row) throw chunkMissing(submissionId, firstEvent);
    return toChunk(row, (reads.attemptsOfChunk.all(submissionId, firstEvent) as Row[]).map(toAttempt));
  }

  /** Each chunk row with its attempts, read in two queries. */
  function chunksWithAttempts(submissionId: string, rows: readonly Row[]): ChunkRecord[] {
    const byFirstEvent = new Map<number, ChunkAttempt[]>();
    for (const row of reads.attemptsOf.all(submissionId) as Row[]) {
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

  /**
   * A submission's chunks as shown: those of one shown as interrupted while still 'sending' in
   * the file (shownStatus) read as the next start records them, the requests in flight 'pending'.
   */
  function chunksShown(id: string, status: SubmissionStatus): ChunkRecord[] {
    const chunks = chunksWithAttempts(id, reads.chunksOf.all(id) as Row[]);
    return status === 'interrupted' ? chunks.map((chunk) => (chunk.status === 'sending' ? { ...chunk, status: 'pending' } : chunk)) : chunks;
  }

  /** A submission and its chunks, without its batch (which can be 100 MB to read). */
  function view(id: string): SubmissionView | null {
    const row = reads.getSummary.get(id) as Row | undefined;
    if (!row) return null;
    const summary = toSummary(row);
    return { ...summary, chunks: chunksShown(id, summary.status) };
  }

  function get(id: string): SubmissionDetail | null {
    const row = reads.getSubmission.get(id) as Row | undefined;
    if (!row) return null;
    const submission = toSubmission(row);
    return { ...submission, chunks: chunksShown(id, submission.status) };
  }

  return { db, file, transaction, prepared, reclaim, reads, chunkMissing, requireChunk, chunksWithAttempts, missing, view, get };
}
export type StoreContext = ReturnType<typeof openStoreContext>;
