import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { chmod, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The data folder holds the history (request headers, batches, answers), the vault and the logs:
 * on POSIX only its owner may enter it, and the history's SQLite files are the owner's alone,
 * like the vault and the logs. Windows gives a profile's AppData to its user already, and has no
 * POSIX modes to set.
 */

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const posix = process.platform !== 'win32';

/** Creates the folder (and its parents) if need be, and makes it its owner's alone, even when it already existed. */
export function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (posix) chmodSync(folder, PRIVATE_FOLDER_MODE);
}

/** Makes the folder private as above, and every file already in it (written by an earlier version, under the usual umask) its owner's alone. */
export async function makePrivateFolderAndFiles(folder: string): Promise<void> {
  makePrivateFolder(folder);
  if (!posix) return;
  const entries = await readdir(folder, { withFileTypes: true });
  await Promise.all(entries.filter((entry) => entry.isFile()).map((entry) => chmod(path.join(folder, entry.name), PRIVATE_FILE_MODE)));
}

/** The files SQLite keeps for one database in WAL mode. */
export function databaseFiles(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`];
}

/**
 * Readies a SQLite database file before it is opened: its folder private, the file created empty
 * (an empty file is an empty database) as its owner's alone, and an existing one and its -wal and
 * -shm tightened. SQLite gives the -wal and -shm it creates later the database file's mode.
 */
export function preparePrivateDatabase(file: string): void {
  makePrivateFolder(path.dirname(file));
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  if (!posix) return;
  for (const name of databaseFiles(file)) {
    if (existsSync(name)) chmodSync(name, PRIVATE_FILE_MODE);
  }
}
