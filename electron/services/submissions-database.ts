import { DatabaseSync } from 'node:sqlite';
import { AppError } from '../../shared/errors.ts';
import { preparePrivateDatabase } from './private-files.ts';
import { migrations, SUBMISSIONS_SCHEMA_VERSION } from './submissions-schema.ts';

/**
 * Opening the history's SQLite file: private file modes, WAL, the schema brought up to date
 * under the write lock, a newer version's file refused untouched.
 */

type Row = Record<string, unknown>;

function connect(file: string): DatabaseSync {
  try {
    preparePrivateDatabase(file);
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

/** The history database at `file`, ready for the store: created, migrated or refused with an AppError. */
export function openDatabase(file: string): DatabaseSync {
  const db = connect(file);
  try {
    // Read before anything writes: a database from a newer version is refused untouched.
    refuseNewer(db, file);
    // Only a new, empty file can take incremental vacuum (an existing one would need a VACUUM
    // of everything), and only before anything is written to it, even the journal mode: there,
    // space freed by deleting history goes back to the disk.
    if (userVersion(db) === 0) db.exec('PRAGMA auto_vacuum = INCREMENTAL');
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
  return db;
}
