import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import { isDamage as isSqliteDamage, moveDatabase, setAsideName } from '../../../base/node/sqlite-file.ts';
import { openSubmissions, type SubmissionStore } from './submissions.ts';

export { setAsideName } from '../../../base/node/sqlite-file.ts';

/**
 * The history file as the app and the command line open it: a damaged submissions.sqlite gives
 * one clear error (`history-corrupt`) wherever SQLite notices the damage (on open, on upgrade,
 * or only when a query reaches the broken page), never a raw SQLite trace. The file itself is
 * left as it was; in the app the user can set it aside and start a fresh history.
 */

/** The history's file name in a data folder, which the app and the command line share. */
export const HISTORY_FILE_NAME = 'submissions.sqlite';

export function historyFileIn(dataFolder: string): string {
  return path.join(dataFolder, HISTORY_FILE_NAME);
}

function isDamage(error: unknown): boolean {
  return isSqliteDamage(error, 'history-corrupt');
}

function damaged(file: string, error: unknown): AppError {
  if (error instanceof AppError && error.code === 'history-corrupt') return error;
  const reason = error instanceof AppError ? (error.detail ?? error.message) : error instanceof Error ? error.message : String(error);
  return new AppError(
    'history-corrupt',
    `The history file is damaged and cannot be read; nothing was changed in it. Setting it aside (renaming ${path.basename(file)} and any -wal and -shm file beside it) starts a fresh history.`,
    `${file}: ${reason}`,
  );
}

function rethrow(file: string, error: unknown, onDamage: (error: AppError) => void): never {
  if (!isDamage(error)) throw error;
  const mapped = damaged(file, error);
  onDamage(mapped);
  throw mapped;
}

/** The store with each method's SQLite damage turned into the history-corrupt error, sync or async. */
function guarded(store: SubmissionStore, onDamage: (error: AppError) => void): SubmissionStore {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(store) as [string, unknown][]) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      try {
        // Some methods call others through `this`: they get the guarded store.
        const result: unknown = (member as (...args: unknown[]) => unknown).apply(wrapped, args);
        if (result instanceof Promise) return result.catch((error: unknown) => rethrow(store.file, error, onDamage));
        return result;
      } catch (error) {
        return rethrow(store.file, error, onDamage);
      }
    };
  }
  return wrapped as SubmissionStore;
}

/** Opens the history at `file` (as openSubmissions does), answering history-corrupt for a damaged one. */
export function openHistory(file: string, onDamage: (error: AppError) => void = () => undefined): SubmissionStore {
  let store: SubmissionStore;
  try {
    store = openSubmissions(file);
  } catch (error) {
    return rethrow(file, error, onDamage);
  }
  return guarded(store, onDamage);
}

/**
 * Runs a step of the app's start that reads the history; a history that cannot be read (the
 * History screen says why) reports and gives `otherwise` instead of stopping the start.
 */
export function readableOr<T>(work: () => T, otherwise: T, report: (error: AppError) => void): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    report(error);
    return otherwise;
  }
}

/**
 * The app's history: it starts even when the file cannot be opened (every call then answers why),
 * a damaged file can be set aside for a fresh one, and another file (an open workspace's own
 * history) can take its place, while the services keep the same store.
 */
export function openAppHistory(initialFile: string) {
  let file = initialFile;
  let current: SubmissionStore | null = null;
  let failure: AppError | null = null;
  let damage: AppError | null = null;
  /**
   * Damage found by any statement, at open or later (a page a query reaches, a write SQLite finds
   * corrupt), is treated alike: the file is closed and left as it is, every call answers why, and
   * it can be set aside. A file damaged once takes no more writes: a send would record into it.
   */
  const noteDamage = (error: AppError) => {
    damage = error;
    failure = error;
    current?.close();
    current = null;
  };

  function open(): void {
    try {
      current = openHistory(file, noteDamage);
      failure = null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      current = null;
      failure = error;
    }
  }
  open();

  // The services hold this one object for their lifetime; it reaches whichever store is open now.
  const store = new Proxy({} as SubmissionStore, {
    get(_target, name) {
      // Not a promise, and nothing to convert: only the store's own members are answered.
      if (typeof name === 'symbol' || name === 'then') return undefined;
      if (name === 'file') return file;
      if (current) return current[name as keyof SubmissionStore];
      if (name === 'close') return () => undefined;
      return () => {
        throw failure;
      };
    },
  });

  return {
    store,

    /**
     * Renames the damaged file (and its -wal and -shm, so they stay a set that SQLite can read
     * together) to a name with the time in it, opens a fresh history, and says where it went.
     * Refused unless the file was found damaged: a readable history is never moved.
     */
    /** The file the store reads and writes now. */
    file: (): string => file,

    /** Reads and writes `next` from now on (opened as at start: damage there is said the same way); the file open before is closed. */
    switchTo(next: string): void {
      if (next === file) return;
      current?.close();
      current = null;
      damage = null;
      file = next;
      open();
    },

    setAside(): { movedTo: string } {
      if (!damage) throw new AppError('history-not-damaged', 'The history file is not damaged; nothing was set aside.');
      current?.close();
      current = null;
      const movedTo = setAsideName(file, new Date());
      try {
        moveDatabase(file, movedTo);
      } catch (error) {
        throw new AppError('history-set-aside', 'The damaged history file could not be moved aside.', `${file} → ${movedTo}: ${String(error)}`);
      } finally {
        open();
      }
      damage = null;
      return { movedTo };
    },
  };
}
export type AppHistory = ReturnType<typeof openAppHistory>;
