import { AppError } from '../../base/common/errors.ts';

/**
 * When the services' thread stops by itself (out of memory, a crash), the client starts it again
 * with the same init and adapters; these say how often, and what the user is told. A thread that
 * keeps stopping (a file that blows it up at every start) is not restarted forever.
 */

export interface RestartLimit {
  /** Restarts allowed within `withinMs`; one stop more, and the thread stays stopped. */
  restarts: number;
  withinMs: number;
}

export const RESTART_LIMIT: RestartLimit = { restarts: 3, withinMs: 60_000 };

/** How long a restarted thread may take to be ready before it counts as stopped again. */
export const RESTART_START_MS = 60_000;

/** How a thread ended: the error it raised, if any, and its exit code, or that its restart took too long. */
export interface ThreadEnd {
  error?: Error & { code?: string };
  exitCode: number;
  startTimedOut?: boolean;
}

/**
 * Why the thread stopped, in a few words for the user. Never an error's message, which may hold
 * anything the services held (a token, a password); only its code or name.
 */
export function stopReason(end: ThreadEnd): string {
  if (end.startTimedOut) return `it did not start again within ${RESTART_START_MS / 1000} s`;
  if (end.error?.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'out of memory';
  if (end.error) return `an unexpected error, ${end.error.code ?? end.error.name}`;
  return `exit code ${end.exitCode}`;
}

/** What a call under way when the thread stopped answers, the thread restarted. */
export function restartedError(reason: string): AppError {
  return new AppError('services-restarted', `EventDesk's background services stopped (${reason}) and were restarted; try again.`, reason);
}

/** What every call answers once the thread stopped too often to be restarted again. */
export function gaveUpError(reason: string, limit: RestartLimit): AppError {
  return new AppError(
    'services-stopped',
    `EventDesk's background services stopped (${reason}) ${limit.restarts + 1} times within ${limit.withinMs / 1000} s and are not restarted again: quit and reopen EventDesk. What was recorded before is kept; copy any text typed since, which cannot be saved until then.`,
    reason,
  );
}
