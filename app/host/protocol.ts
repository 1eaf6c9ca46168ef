import { AppError, type Envelope } from '../../base/common/errors.ts';
import { errorCodes, type ErrorCode } from '../../base/common/error-codes.ts';
import type { Environment } from '../../features/environments/common/environment.ts';
import type { EarlyEnvironment } from '../../features/sending/node/early-batches.ts';
import type { SecretStorageStatus } from '../../base/common/secret-storage.ts';
import type { ChannelName, PushName } from '../common/ipc.ts';
import type { EmbeddedSandboxOptions } from '../../features/sandbox/server/port.ts';
import type { ServiceDeps } from '../node/index.ts';

/**
 * The messages between the thread where calls arrive (Electron's main thread, the harness's
 * HTTP server) and the services' own thread. Only the first touches the OS's key store,
 * dialogs, clipboard, shell and, in the app, Chromium's network stack; the services reach
 * them by message and hear the answer later.
 */

/** What the services' thread is started with: everything createServices needs that is data. */
export interface HostInit {
  dataFolder: string;
  appInfo: ServiceDeps['appInfo'];
  captureWriter: ServiceDeps['captureWriter'];
  /** Plain options only: a `now` function cannot cross to another thread. */
  sandbox: Omit<EmbeddedSandboxOptions, 'now'> | null;
  /** The key store's state, read once on the main thread. */
  secretStorage: SecretStorageStatus;
  /** The command line's environments, held in memory (see ServiceDeps.environments). */
  environments?: Environment[];
  /**
   * Whether the services fetch on their own thread (a Node host gives no fetch adapter: Node's
   * fetch is the same there) rather than through the other thread (the app's: Chromium's network).
   */
  ownFetch?: boolean;
}

/** The adapters the services reach on the other thread, by name. */
export type AdapterName =
  | 'cipher.encrypt'
  | 'cipher.decrypt'
  | 'dialogs.chooseFileToOpen'
  | 'dialogs.chooseFilesToOpen'
  | 'dialogs.chooseFileToSave'
  | 'clipboard.writeText'
  | 'shell.openPath'
  | 'shell.setThemeSource'
  | 'fetch';

/** An error as it crosses: what describeNetworkError and the AppError mapping read (name, message, code, cause). */
export interface CrossingError {
  name: string;
  message: string;
  code?: string;
  /** Set for an AppError: its detail, and that it is one. */
  appError?: { detail?: string };
  cause?: CrossingError;
}

/** A request to send, as the fetch adapter crosses it. */
export interface CrossingRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body: string | Uint8Array<ArrayBuffer> | null;
}

/** An answer, its body read up to FETCH_BODY_LIMIT bytes (and one more, so a reader sees that more came). */
export interface CrossingResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

/** More than any reader of an answer keeps (a login answer: 1 MiB), so each still sees when there was more. */
export const FETCH_BODY_LIMIT = 1024 * 1024 + 1;

export type HostEvent = 'recent-changed' | 'theme-changed' | 'recent-workspaces-changed';

/** From the thread where calls arrive to the services' thread. */
export type ToHost =
  | { type: 'call'; id: number; channel: ChannelName; input: unknown }
  | { type: 'invoke'; id: number; path: string[]; args: unknown[] }
  | { type: 'adapter-answer'; id: number; ok: true; value: unknown }
  | { type: 'adapter-answer'; id: number; ok: false; error: CrossingError }
  /** What a thread started early (services-client.ts, `warmServicesThread`) starts its services with. */
  | { type: 'init'; init: HostInit }
  /** A batch the host read, to read for sending while the host validates it (features/sending/node/early-batches.ts). */
  | { type: 'prepare-batch'; key: string; environment: EarlyEnvironment; text: string }
  | { type: 'close' };

/** From the services' thread back. */
export type FromHost =
  | { type: 'ready' }
  | { type: 'start-failed'; error: CrossingError }
  | { type: 'answer'; id: number; envelope: Envelope<unknown> }
  | { type: 'invoked'; id: number; ok: true; value: unknown }
  | { type: 'invoked'; id: number; ok: false; error: CrossingError }
  | { type: 'push'; name: PushName; payload: unknown }
  | { type: 'event'; name: HostEvent; payload: unknown }
  | { type: 'adapter'; id: number; name: AdapterName; args: unknown[] }
  | { type: 'adapter-abort'; id: number }
  | { type: 'closed' };

/** An error made ready to cross: a few levels of causes, no stack. */
export function toCrossing(error: unknown, depth = 0): CrossingError {
  const value = (error ?? {}) as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; detail?: unknown };
  const crossing: CrossingError = {
    name: typeof value.name === 'string' ? value.name : 'Error',
    message: typeof value.message === 'string' ? value.message : String(error),
  };
  if (typeof value.code === 'string') crossing.code = value.code;
  if (error instanceof AppError) crossing.appError = error.detail === undefined ? {} : { detail: error.detail };
  if (value.cause !== undefined && depth < 4) crossing.cause = toCrossing(value.cause, depth + 1);
  return crossing;
}

/** The error again on this side: an AppError stays one, anything else an Error with the same name, code and causes. */
export function fromCrossing(crossing: CrossingError): Error {
  if (crossing.appError && (errorCodes as readonly string[]).includes(crossing.code ?? '')) {
    return new AppError(crossing.code as ErrorCode, crossing.message, crossing.appError.detail);
  }
  const error = new Error(crossing.message, crossing.cause ? { cause: fromCrossing(crossing.cause) } : undefined) as Error & { code?: string };
  error.name = crossing.name;
  if (crossing.code !== undefined) error.code = crossing.code;
  return error;
}
