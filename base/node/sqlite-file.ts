import { existsSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { ErrorCode } from '../common/error-codes.ts';
import { AppError } from '../common/errors.ts';
import { databaseFiles, preparePrivateDatabase } from './private-files.ts';

/**
 * Opening one of EventDesk's SQLite files (the history, the capture): private file modes, WAL,
 * the schema brought up to date under the write lock, a newer version's file refused untouched;
 * and telling a damaged file, and setting one aside. Each file names its own errors.
 */

type Row = Record<string, unknown>;

/** A file's schema and the errors that say, in its own words, why it cannot be opened. */
export interface SqliteFileKind {
  /** Migration i brings a file from user_version i to i + 1. */
  migrations: readonly ((db: DatabaseSync) => void)[];
  /** The file cannot be opened (detail: the file and SQLite's reason). */
  unreadable(detail: string): AppError;
  /** The file was written by a newer EventDesk. */
  newer(detail: string): AppError;
  /** A migration failed. */
  migrationFailed(detail: string): AppError;
  /** The page size of a new file, when not SQLite's 4 KB. */
  pageSize?: number;
}

function connect(file: string, kind: SqliteFileKind, readOnly: boolean): DatabaseSync {
  try {
    if (!readOnly) preparePrivateDatabase(file);
    const db = new DatabaseSync(file, { readOnly });
    db.exec('PRAGMA busy_timeout = 5000');
    return db;
  } catch (error) {
    throw kind.unreadable(`${file}: ${String(error)}`);
  }
}

function userVersion(db: DatabaseSync): number {
  return Number((db.prepare('PRAGMA user_version').get() as Row).user_version);
}

/** A database from a newer EventDesk is refused, never downgraded or written to. */
function refuseNewer(db: DatabaseSync, file: string, kind: SqliteFileKind): number {
  const version = userVersion(db);
  const known = kind.migrations.length;
  if (version > known) throw kind.newer(`${file}: schema version ${version}, this version knows up to ${known}`);
  return version;
}

function migrate(db: DatabaseSync, file: string, kind: SqliteFileKind): void {
  const latest = kind.migrations.length;
  if (refuseNewer(db, file, kind) === latest) return;
  // IMMEDIATE takes the write lock first, so the app and the CLI never migrate at once;
  // the version is read again under the lock in case the other one just did.
  db.exec('BEGIN IMMEDIATE');
  try {
    for (let version = refuseNewer(db, file, kind); version < latest; version++) kind.migrations[version]?.(db);
    db.exec(`PRAGMA user_version = ${latest}`);
    db.exec('COMMIT');
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error instanceof AppError ? error : kind.migrationFailed(String(error));
  }
}

const fileBytes = (name: string) => (existsSync(name) ? statSync(name).size : 0);

/**
 * A file cut short (truncated, copied halfway) reads as whole until a query reaches a missing
 * page, which may be after the writer has written into it. Its pages must be in the file or in
 * the WAL (each frame a page and a 24-byte header after the WAL's 32): the check SQLite makes
 * before a checkpoint, here on opening. Two stats: opening a 300 MB capture stays about 1 ms,
 * where an integrity check (`PRAGMA quick_check`) reads the whole file, 0.1 to 0.3 s even cached.
 */
function refuseCutShort(db: DatabaseSync, file: string): void {
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as Row).page_size);
  const pages = Number((db.prepare('PRAGMA page_count').get() as Row).page_count);
  const walBytes = fileBytes(`${file}-wal`);
  const walPages = walBytes > 32 ? Math.floor((walBytes - 32) / (pageSize + 24)) : 0;
  const bytes = fileBytes(file);
  if (pages * pageSize > bytes + walPages * pageSize) {
    throw new Error(`database disk image is malformed: the file is cut short (${bytes} bytes of the ${pages * pageSize} its ${pages} pages take)`);
  }
}

/** A reader finds the schema as its version writes it: an older file waits for a writer to bring it up to date. */
function refuseOutdated(db: DatabaseSync, file: string, kind: SqliteFileKind): void {
  const version = refuseNewer(db, file, kind);
  // Version 0 is no schema at all: a file never written, or a copy of one made while it was written, its pages still in a -wal left behind.
  if (version === 0)
    throw kind.unreadable(
      `${file} holds no tables: an empty file, or a copy made while it was being written without its -wal file (copy both, or copy it with the writer stopped)`,
    );
  if (version < kind.migrations.length) throw kind.unreadable(`${file}: schema version ${version}, upgraded to ${kind.migrations.length} only by a writer`);
}

/**
 * The database at `file`, ready for its store: created, migrated or refused with the kind's
 * AppError. Read-only, nothing is created, upgraded or changed (SQLite may add the -wal and -shm
 * beside it, as any reader of a WAL file does).
 */
export function openSqliteFile(file: string, kind: SqliteFileKind, { readOnly = false }: { readOnly?: boolean } = {}): DatabaseSync {
  const db = connect(file, kind, readOnly);
  try {
    refuseCutShort(db, file);
    if (readOnly) {
      refuseOutdated(db, file, kind);
      return db;
    }
    // Read before anything writes: a database from a newer version is refused untouched.
    refuseNewer(db, file, kind);
    // Only a new, empty file can take incremental vacuum (an existing one would need a VACUUM
    // of everything), and only before anything is written to it, even the journal mode: there,
    // space freed by deleting rows goes back to the disk.
    if (userVersion(db) === 0) {
      if (kind.pageSize !== undefined) db.exec(`PRAGMA page_size = ${kind.pageSize}`);
      db.exec('PRAGMA auto_vacuum = INCREMENTAL');
    }
    db.exec('PRAGMA journal_mode = WAL');
    // NORMAL is safe in WAL mode: a killed process loses nothing committed; only a power cut
    // can lose the last transactions, never corrupt the file.
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, file, kind);
  } catch (error) {
    db.close();
    throw error instanceof AppError ? error : kind.unreadable(`${file}: ${String(error)}`);
  }
  return db;
}

/** Runs `work` in one transaction, taking the write lock first; inside another, as part of it. */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
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

/** SQLite's primary result code for a damaged file (SQLITE_CORRUPT); with the one for no database at all (SQLITE_NOTADB). */
const CORRUPT_CODE = 11;
const DAMAGE_CODES = new Set([CORRUPT_CODE, 26]);
/** What SQLite says for those codes, as the stores' own errors carry it in their detail. */
const DAMAGE_MESSAGES = /database disk image is malformed|file is not a database/;

/** Whether an error says the file is damaged: SQLite's own, or an AppError carrying `damageCode` or SQLite's words. */
export function isDamage(error: unknown, damageCode?: ErrorCode): boolean {
  if (error instanceof AppError) return error.code === damageCode || DAMAGE_MESSAGES.test(error.detail ?? '');
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  // Extended codes (SQLITE_CORRUPT_INDEX and the like) keep the primary code in their low byte.
  return typeof errcode === 'number' && DAMAGE_CODES.has(errcode & 0xff);
}

/**
 * Refuses a file damaged anywhere, which opening does not see: a page overwritten in the middle
 * of the file leaves it opening, listing and taking new rows, and SQLite says so only to a query
 * that reads that page. `PRAGMA quick_check` walks every page (the tables' trees, the overflow
 * chains of large batches, the free list) without comparing indexes to their tables, which
 * `integrity_check` adds; reading every batch whole (0.25 s, the cheaper check) misses damage in
 * the other tables and the free list. On a 300 MB history it takes 0.6 to 1 s, so it is made once
 * per opened file, before its first send, never on opening.
 */
export function refuseDamaged(db: DatabaseSync): void {
  const found = String((db.prepare('PRAGMA quick_check(1)').get() as Row).quick_check);
  // SQLite's words and code, so the file's kind says it as it says damage SQLite finds itself.
  if (found !== 'ok') throw Object.assign(new Error(`database disk image is malformed: ${found.replace(/\s+/g, ' ').trim()}`), { errcode: CORRUPT_CODE });
}

/** SQLite's primary result code for a write the disk had no room for (SQLITE_FULL). */
const FULL_CODE = 13;

/** Whether an error says the disk (or the file's size limit) left no room for a write. */
export function isDiskFull(error: unknown): boolean {
  const { errcode, code } = (error ?? {}) as { errcode?: unknown; code?: unknown };
  return (typeof errcode === 'number' && (errcode & 0xff) === FULL_CODE) || code === 'ENOSPC';
}

/** The name a set-aside file gets: the time in it, so several never collide and the newest is plain to see. */
export function setAsideName(file: string, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return path.join(path.dirname(file), `${path.basename(file, '.sqlite')}.damaged-${stamp}.sqlite`);
}

/**
 * Renames a closed database file and its -wal and -shm (so they stay a set that SQLite can read
 * together) to `movedTo`; throws the file system's error.
 */
export function moveDatabase(file: string, movedTo: string): void {
  const targets = databaseFiles(movedTo);
  databaseFiles(file).forEach((name, index) => {
    if (existsSync(name)) renameSync(name, targets[index]!);
  });
}
