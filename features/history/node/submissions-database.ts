import type { DatabaseSync } from 'node:sqlite';
import { AppError } from '../../../base/common/errors.ts';
import { openSqliteFile, type SqliteFileKind } from '../../../base/node/sqlite-file.ts';
import { migrations } from './submissions-schema.ts';

/** The history's SQLite file, opened as every EventDesk database is (sqlite-file.ts), with the history's own errors. */

const history: SqliteFileKind = {
  migrations,
  unreadable: (detail) => new AppError('history-unreadable', 'The history database could not be opened.', detail),
  newer: (detail) =>
    new AppError('history-newer', 'The history was written by a newer version of EventDesk. Update EventDesk to open it; nothing was changed.', detail),
  migrationFailed: (detail) => new AppError('history-migration', 'The history database could not be upgraded.', detail),
};

/** The history database at `file`, ready for the store: created, migrated or refused with an AppError. */
export function openDatabase(file: string): DatabaseSync {
  return openSqliteFile(file, history);
}
