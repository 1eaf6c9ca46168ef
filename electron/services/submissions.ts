import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { AppError } from '../../shared/errors.ts';
import {
  SubmissionStatusSchema,
  type ChunkRecord,
  type Submission,
  type SubmissionDetail,
  type SubmissionStatus,
} from '../../shared/submission.ts';

/**
 * The record of every send, in SQLite (`node:sqlite`, no native module) in the data folder.
 * The app and the command line open the same file, so it runs in WAL mode with a busy
 * timeout; the schema version lives in `PRAGMA user_version` and grows only through the
 * migrations below.
 *
 * A submission row and all its chunk rows are written in one transaction before the first
 * byte goes out. After a crash, what is still 'sending' is what was under way: the next start
 * calls `markInterrupted()` and a resume sends only the chunks that are not 'ok'.
 *
 * Layout, chosen so the history (#7) can grow by migration:
 * - `submissions`: one small row per send. `seq` is a stable integer rowid (an external-content
 *   FTS5 table can key on it), `id` the public UUID. The batch text is NOT in this row, so a
 *   list, a count or a filter never walks a large batch's overflow pages.
 * - `submission_batches`: the resolved batch text, one row per submission.
 * - `chunks`: one row per chunk, keyed by (submission_id, idx); response bodies are bounded.
 * Children go with their submission (ON DELETE CASCADE), so deleting history is one statement.
 */

/** Each response body is kept up to this many bytes of UTF-8; the rest is cut and flagged. */
export const MAX_RESPONSE_BODY_BYTES = 64 * 1024;
/** A batch larger than this (UTF-8 bytes) is refused rather than stored. */
export const MAX_BATCH_BYTES = 200 * 1024 * 1024;

const statusList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const submissionStatuses = statusList(SubmissionStatusSchema.options);
const chunkStatuses = statusList(['pending', 'sending', 'ok', 'failed', 'cancelled'] satisfies ChunkRecord['status'][]);

/**
 * Migration i brings a database from user_version i to i + 1. Append only: never edit a step
 * that has shipped, add the next one.
 */
export const migrations: readonly ((db: DatabaseSync) => void)[] = [
  (db) =>
    db.exec(`
      CREATE TABLE submissions (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        environment_id TEXT NOT NULL,
        environment_name TEXT NOT NULL,
        environment_color TEXT NOT NULL,
        base_url TEXT NOT NULL,
        headers TEXT NOT NULL,
        event_count INTEGER NOT NULL CHECK (event_count >= 0),
        batch_hash TEXT NOT NULL,
        started_at TEXT NOT NULL,
        finished_at TEXT,
        status TEXT NOT NULL CHECK (status IN (${submissionStatuses}))
      ) STRICT;
      CREATE INDEX submissions_by_started ON submissions (started_at);
      CREATE INDEX submissions_by_batch ON submissions (environment_id, batch_hash, started_at);
      CREATE INDEX submissions_sending ON submissions (status) WHERE status = 'sending';

      CREATE TABLE submission_batches (
        submission_id TEXT PRIMARY KEY REFERENCES submissions (id) ON DELETE CASCADE,
        batch TEXT NOT NULL
      ) STRICT;

      CREATE TABLE chunks (
        submission_id TEXT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
        idx INTEGER NOT NULL,
        first_event INTEGER NOT NULL CHECK (first_event >= 0),
        event_count INTEGER NOT NULL CHECK (event_count >= 1),
        status TEXT NOT NULL CHECK (status IN (${chunkStatuses})),
        status_code INTEGER,
        response_headers TEXT NOT NULL DEFAULT '{}',
        response_body TEXT NOT NULL DEFAULT '',
        response_truncated INTEGER NOT NULL DEFAULT 0 CHECK (response_truncated IN (0, 1)),
        attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        duration_ms REAL NOT NULL DEFAULT 0 CHECK (duration_ms >= 0),
        error TEXT,
        UNIQUE (submission_id, idx)
      ) STRICT;
    `),
];

export const SUBMISSIONS_SCHEMA_VERSION = migrations.length;

export type NewSubmission = Omit<Submission, 'id' | 'finishedAt' | 'status'>;
export type ChunkRange = { firstEvent: number; eventCount: number };
export type ChunkPatch = Partial<Omit<ChunkRecord, 'index' | 'firstEvent' | 'eventCount'>>;
export type SubmissionStore = ReturnType<typeof openSubmissions>;

type Row = Record<string, unknown>;

const submissionColumns = `s.id, s.environment_id, s.environment_name, s.environment_color, s.base_url, s.headers,
  b.batch, s.event_count, s.batch_hash, s.started_at, s.finished_at, s.status`;
const fromSubmissions = 'FROM submissions s JOIN submission_batches b ON b.submission_id = s.id';

function toSubmission(row: Row): Submission {
  return {
    id: String(row.id),
    environmentId: String(row.environment_id),
    environmentName: String(row.environment_name),
    environmentColor: String(row.environment_color),
    baseUrl: String(row.base_url),
    headers: JSON.parse(String(row.headers)) as Record<string, string>,
    batch: String(row.batch),
    eventCount: Number(row.event_count),
    batchHash: String(row.batch_hash),
    startedAt: String(row.started_at),
    finishedAt: row.finished_at === null ? null : String(row.finished_at),
    status: row.status as SubmissionStatus,
  };
}

function toChunk(row: Row): ChunkRecord {
  return {
    index: Number(row.idx),
    firstEvent: Number(row.first_event),
    eventCount: Number(row.event_count),
    status: row.status as ChunkRecord['status'],
    statusCode: row.status_code === null ? null : Number(row.status_code),
    responseHeaders: JSON.parse(String(row.response_headers)) as Record<string, string>,
    responseBody: String(row.response_body),
    responseTruncated: row.response_truncated === 1,
    attempts: Number(row.attempts),
    durationMs: Number(row.duration_ms),
    error: row.error === null ? null : String(row.error),
  };
}

/** Cuts a text to at most `maxBytes` of UTF-8, never inside a character. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // A UTF-16 code unit never takes more than 3 bytes of UTF-8, so short texts need no encoding.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return read === text.length ? { text, truncated: false } : { text: text.slice(0, read), truncated: true };
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

function openDatabase(file: string): DatabaseSync {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    const db = new DatabaseSync(file);
    db.exec('PRAGMA busy_timeout = 5000');
    return db;
  } catch (error) {
    throw new AppError('history-unreadable', 'The history database could not be opened.', `${file}: ${String(error)}`);
  }
}

function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as Row).user_version);
}

/** A database from a newer EventDesk is refused, never downgraded or written to. */
function refuseNewer(db: DatabaseSync, file: string): number {
  const version = userVersion(db);
  if (version > SUBMISSIONS_SCHEMA_VERSION) {
    throw new AppError(
      'history-newer',
      'The history was written by a newer version of EventDesk. Update EventDesk to open it; nothing was changed.',
      `${file}: schema version ${version}, this version knows up to ${SUBMISSIONS_SCHEMA_VERSION}`,
    );
  }
  return version;
}

function migrate(db: DatabaseSync, file: string): void {
  if (refuseNewer(db, file) === SUBMISSIONS_SCHEMA_VERSION) return;
  // IMMEDIATE takes the write lock first, so the app and the CLI never migrate at once;
  // the version is read again under the lock in case the other one just did.
  db.exec('BEGIN IMMEDIATE');
  try {
    for (let version = refuseNewer(db, file); version < SUBMISSIONS_SCHEMA_VERSION; version++) migrations[version]?.(db);
    db.exec(`PRAGMA user_version = ${SUBMISSIONS_SCHEMA_VERSION}`);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error instanceof AppError ? error : new AppError('history-migration', 'The history database could not be upgraded.', String(error));
  }
}

export function openSubmissions(file: string) {
  const db = openDatabase(file);
  try {
    // Read before anything writes: a database from a newer version is refused untouched.
    refuseNewer(db, file);
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL is safe in WAL mode: a killed process loses nothing committed; only a power cut
    // can lose the last transactions, never corrupt the file.
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, file);
  } catch (error) {
    db.close();
    throw error instanceof AppError ? error : new AppError('history-unreadable', 'The history database could not be opened.', `${file}: ${String(error)}`);
  }

  function transaction<T>(work: () => T): T {
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
      (id, environment_id, environment_name, environment_color, base_url, headers, event_count, batch_hash, started_at, status)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'sending')`),
    insertBatch: db.prepare('INSERT INTO submission_batches (submission_id, batch) VALUES (?, ?)'),
    insertChunk: db.prepare(`INSERT INTO chunks (submission_id, idx, first_event, event_count, status) VALUES (?, ?, ?, ?, 'pending')`),
    getSubmission: db.prepare(`SELECT ${submissionColumns} ${fromSubmissions} WHERE s.id = ?`),
    getChunk: db.prepare('SELECT * FROM chunks WHERE submission_id = ? AND idx = ?'),
    chunksOf: db.prepare('SELECT * FROM chunks WHERE submission_id = ? ORDER BY idx'),
    remainingOf: db.prepare(`SELECT * FROM chunks WHERE submission_id = ? AND status <> 'ok' ORDER BY idx`),
    deleteChunk: db.prepare('DELETE FROM chunks WHERE submission_id = ? AND idx = ?'),
    // Two steps through negative numbers, because UNIQUE (submission_id, idx) is checked row by row.
    shiftChunksOut: db.prepare('UPDATE chunks SET idx = -idx - ? WHERE submission_id = ? AND idx > ?'),
    shiftChunksBack: db.prepare('UPDATE chunks SET idx = -idx WHERE submission_id = ? AND idx < 0'),
    finish: db.prepare('UPDATE submissions SET status = ?, finished_at = ? WHERE id = ?'),
    sendingIds: db.prepare(`SELECT id FROM submissions WHERE status = 'sending' ORDER BY started_at`),
    interruptChunks: db.prepare(`UPDATE chunks SET status = 'pending' WHERE submission_id = ? AND status = 'sending'`),
    interrupt: db.prepare(`UPDATE submissions SET status = 'interrupted' WHERE id = ?`),
    lastWithSameBatch: db.prepare(`SELECT ${submissionColumns} ${fromSubmissions}
      WHERE s.environment_id = ? AND s.batch_hash = ? ORDER BY s.started_at DESC, s.seq DESC LIMIT 1`),
    listFirst: db.prepare(`SELECT ${submissionColumns} ${fromSubmissions} ORDER BY s.started_at DESC, s.seq DESC LIMIT ?`),
    listBefore: db.prepare(`SELECT ${submissionColumns} ${fromSubmissions}
      WHERE (s.started_at, s.seq) < (SELECT started_at, seq FROM submissions WHERE id = ?)
      ORDER BY s.started_at DESC, s.seq DESC LIMIT ?`),
  };

  function requireChunk(submissionId: string, index: number): ChunkRecord {
    const row = statements.getChunk.get(submissionId, index) as Row | undefined;
    if (!row) throw new AppError('submission-chunk-missing', `Chunk ${index} of submission ${submissionId} is not recorded.`);
    return toChunk(row);
  }

  function missing(id: string): AppError {
    return new AppError('submission-missing', `Submission ${id} is not recorded.`);
  }

  function get(id: string): SubmissionDetail | null {
    const row = statements.getSubmission.get(id) as Row | undefined;
    if (!row) return null;
    return { ...toSubmission(row), chunks: (statements.chunksOf.all(id) as Row[]).map(toChunk) };
  }

  return {
    /** The file this store writes to. */
    file,

    /**
     * Records a submission as 'sending' with all its chunks 'pending', in one transaction.
     * Call it before the first byte goes out: a crash after this leaves a record to resume.
     */
    createSubmission(input: NewSubmission, chunks: readonly ChunkRange[]): Submission {
      const batchBytes = Buffer.byteLength(input.batch, 'utf8');
      if (batchBytes > MAX_BATCH_BYTES) {
        throw new AppError('batch-too-large', `A batch of more than ${MAX_BATCH_BYTES / 1024 / 1024} MB is not recorded; split it into several.`, `${batchBytes} bytes`);
      }
      const started = new Date(input.startedAt);
      if (Number.isNaN(started.getTime())) throw new AppError('submission-started-at', 'The start time of a submission must be a date.', input.startedAt);
      if (!Number.isInteger(input.eventCount) || input.eventCount < 0) throw new AppError('submission-chunks', 'The event count must be a whole number.', String(input.eventCount));
      const covered = checkConsecutive(chunks, 0);
      if (covered !== input.eventCount) {
        throw new AppError('submission-chunks', `The chunks cover ${covered} events, the batch holds ${input.eventCount}.`);
      }
      const submission: Submission = { ...input, id: randomUUID(), startedAt: started.toISOString(), finishedAt: null, status: 'sending' };
      transaction(() => {
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
        );
        statements.insertBatch.run(submission.id, submission.batch);
        chunks.forEach((chunk, index) => statements.insertChunk.run(submission.id, index, chunk.firstEvent, chunk.eventCount));
      });
      return submission;
    },

    /** Records what happened to one chunk; the response body is cut to 64 KiB. Returns the chunk as stored. */
    updateChunk(submissionId: string, index: number, patch: ChunkPatch): ChunkRecord {
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
      if (sets.length === 0) return requireChunk(submissionId, index);
      const result = db.prepare(`UPDATE chunks SET ${sets.join(', ')} WHERE submission_id = ? AND idx = ?`).run(...values, submissionId, index);
      if (result.changes === 0) throw new AppError('submission-chunk-missing', `Chunk ${index} of submission ${submissionId} is not recorded.`);
      return requireChunk(submissionId, index);
    },

    /**
     * Replaces one pending or sending chunk by consecutive smaller ones covering the same
     * events (after a 413); the chunks after it are renumbered so indexes stay consecutive.
     */
    splitChunk(submissionId: string, index: number, parts: readonly ChunkRange[]): ChunkRecord[] {
      return transaction(() => {
        const chunk = requireChunk(submissionId, index);
        if (chunk.status !== 'pending' && chunk.status !== 'sending') {
          throw new AppError('submission-chunk-done', `Chunk ${index} is ${chunk.status}; only a pending or sending chunk can be split.`);
        }
        if (parts.length === 0 || checkConsecutive(parts, chunk.firstEvent) !== chunk.firstEvent + chunk.eventCount) {
          throw new AppError('submission-chunks', `The parts must cover exactly events ${chunk.firstEvent} to ${chunk.firstEvent + chunk.eventCount - 1}.`);
        }
        statements.deleteChunk.run(submissionId, index);
        statements.shiftChunksOut.run(parts.length - 1, submissionId, index);
        statements.shiftChunksBack.run(submissionId);
        parts.forEach((part, offset) => statements.insertChunk.run(submissionId, index + offset, part.firstEvent, part.eventCount));
        return parts.map((_, offset) => requireChunk(submissionId, index + offset));
      });
    },

    /**
     * Ends a submission with its final status and the time. 'sending' re-opens an ended one
     * (finishedAt back to null) before a resume sends its remaining chunks, so that a crash
     * during the resume is caught again by `markInterrupted()`.
     */
    finish(submissionId: string, status: SubmissionStatus): void {
      const parsed = SubmissionStatusSchema.safeParse(status);
      if (!parsed.success) throw new AppError('submission-status', `A submission cannot have the status ${String(status)}.`);
      const finishedAt = parsed.data === 'sending' ? null : new Date().toISOString();
      if (statements.finish.run(parsed.data, finishedAt, submissionId).changes === 0) throw missing(submissionId);
    },

    get,

    /**
     * At start: every submission still 'sending' was cut short by a crash or a kill. It
     * becomes 'interrupted' and its chunks in flight go back to 'pending'. Returns their ids.
     * With `onlyId`, only that one: the command line resumes one submission and must not touch
     * the others, which the app or another command may be sending right now.
     */
    markInterrupted(include: (id: string) => boolean = () => true): string[] {
      return transaction(() => {
        const ids = (statements.sendingIds.all() as Row[]).map((row) => String(row.id)).filter(include);
        for (const id of ids) {
          statements.interruptChunks.run(id);
          statements.interrupt.run(id);
        }
        return ids;
      });
    },

    /** The chunks not acknowledged yet, in order: what a resume sends. */
    remainingChunks(id: string): ChunkRecord[] {
      return (statements.remainingOf.all(id) as Row[]).map(toChunk);
    },

    /** The latest submission of the same resolved batch to the same environment, for the duplicate warning. */
    lastWithSameBatch(environmentId: string, batchHash: string): Submission | null {
      const row = statements.lastWithSameBatch.get(environmentId, batchHash) as Row | undefined;
      return row ? toSubmission(row) : null;
    },

    /** Newest first; `before` is the id of the last submission of the previous page. */
    list({ limit, before }: { limit: number; before?: string }): Submission[] {
      // SQLite reads a negative LIMIT as "no limit": never let a bad page size return everything.
      const size = Math.max(0, Math.floor(limit));
      const rows = before === undefined ? statements.listFirst.all(size) : statements.listBefore.all(before, size);
      return (rows as Row[]).map(toSubmission);
    },

    close(): void {
      if (db.isOpen) db.close();
    },
  };
}
