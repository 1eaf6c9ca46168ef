import { Worker } from 'node:worker_threads';
import { AppError, type Envelope } from '../../shared/errors.ts';
import type { ChannelName, PayloadOf, PushName, ThemeSource } from '../../shared/ipc.ts';
import type { Fetch } from '../services/auth.ts';
import type { DesktopShell } from '../services/desktop.ts';
import type { FileDialogs, OpenManyPurpose, OpenPurpose } from '../services/files.ts';
import type { Services } from '../services/index.ts';
import type { Clipboard } from '../services/submission-curl.ts';
import type { Cipher } from '../services/vault.ts';
import {
  FETCH_BODY_LIMIT,
  fromCrossing,
  toCrossing,
  type AdapterName,
  type CrossingRequest,
  type CrossingResponse,
  type FromHost,
  type HostEvent,
  type HostInit,
  type ToHost,
} from './protocol.ts';

/**
 * The main thread's side of the services' thread: starts it, hands it each admitted call,
 * runs the adapters it asks for (the key store, dialogs, clipboard, shell and network, which
 * only this thread may use), and hears its pushes and events. `services` calls any method of
 * the services there, for the main thread's own needs (menus, OS hand-overs, quitting) and for
 * tests; every answer comes later.
 */

export interface HostAdapters {
  cipher: Cipher;
  dialogs: FileDialogs;
  clipboard: Clipboard;
  shell: DesktopShell;
  fetch: Fetch;
}

/**
 * A member of the services, reached on their thread: every method answers with a promise, and
 * a value (an array, a string) is read by calling it.
 */
export type Remote<T> = {
  [K in keyof T]-?: NonNullable<T[K]> extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : NonNullable<T[K]> extends readonly unknown[]
      ? () => Promise<T[K]>
      : NonNullable<T[K]> extends object
        ? Remote<NonNullable<T[K]>>
        : () => Promise<T[K]>;
};

export interface ServicesThread {
  /** Runs an admitted call (see ipc/dispatch.ts admit) on the services' thread. */
  call(channel: ChannelName, input: unknown): Promise<Envelope<unknown>>;
  services: Remote<Services>;
  on(event: HostEvent, listener: (payload: unknown) => void): void;
  /** Closes the services (every send records how it ended), then the thread. */
  close(): Promise<void>;
}

/** Reads an answer's body, at most `limit` bytes: what a hostile server streams past that is never held. */
async function readLimited(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  const body = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const part of parts) {
    const take = part.subarray(0, body.byteLength - at);
    body.set(take, at);
    at += take.byteLength;
  }
  return body;
}

/** How long a closed thread may take to end by itself before it is terminated. */
const EXIT_GRACE_MS = 2000;

export function startServicesThread(entry: string | URL, init: HostInit, adapters: HostAdapters, onPush: <P extends PushName>(name: P, payload: PayloadOf<P>) => void): Promise<ServicesThread> {
  const worker = new Worker(entry, { workerData: init });
  const post = (message: ToHost, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const running = new Map<number, AbortController>();
  const listeners = new Map<HostEvent, ((payload: unknown) => void)[]>();
  let nextId = 0;
  let closed: () => void = () => undefined;

  /** Set once the thread has ended (a crash, an exit): every call from then on fails at once, never waits. */
  let stopped: AppError | null = null;
  let exited = false;

  function ask<T>(message: (id: number) => ToHost): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      post(message(id));
    });
  }

  /** The thread is gone: what waits for it fails with one clear error, and so does whatever asks later. */
  function stop(reason: string): void {
    stopped ??= new AppError('internal', "EventDesk's services stopped; restart EventDesk. Nothing recorded so far is lost.", reason);
    for (const pending of waiting.values()) pending.reject(stopped);
    waiting.clear();
    closed();
  }

  const run: Record<AdapterName, (args: unknown[], signal: AbortSignal) => Promise<unknown>> = {
    'cipher.encrypt': ([plain]) => adapters.cipher.encrypt(plain as string),
    'cipher.decrypt': ([data]) => adapters.cipher.decrypt(data as Uint8Array),
    'dialogs.chooseFileToOpen': ([purpose]) => adapters.dialogs.chooseFileToOpen(purpose as OpenPurpose),
    'dialogs.chooseFilesToOpen': ([purpose]) => adapters.dialogs.chooseFilesToOpen(purpose as OpenManyPurpose),
    'dialogs.chooseFileToSave': ([name]) => adapters.dialogs.chooseFileToSave(name as string),
    'clipboard.writeText': async ([text]) => adapters.clipboard.writeText(text as string),
    'shell.openPath': ([target]) => adapters.shell.openPath(target as string),
    'shell.openLink': ([url]) => adapters.shell.openLink(url as string),
    'shell.setThemeSource': async ([theme]) => adapters.shell.setThemeSource(theme as ThemeSource),
    fetch: async ([request], signal) => {
      const { url, method, headers, body } = request as CrossingRequest;
      const response = await adapters.fetch(url, { method, headers, body, signal });
      const answered: CrossingResponse = { status: response.status, statusText: response.statusText, headers: [...response.headers], body: await readLimited(response, FETCH_BODY_LIMIT) };
      return answered;
    },
  };

  function runAdapter(id: number, name: AdapterName, args: unknown[]): void {
    const controller = new AbortController();
    running.set(id, controller);
    run[name](args, controller.signal).then(
      (value) => {
        // Only an answer's body is ours to hand over; a Buffer from the key store may share a pool.
        const transfer = name === 'fetch' ? [(value as CrossingResponse).body.buffer] : [];
        post({ type: 'adapter-answer', id, ok: true, value }, transfer);
      },
      (error: unknown) => post({ type: 'adapter-answer', id, ok: false, error: toCrossing(error) }),
    ).finally(() => running.delete(id));
  }

  return new Promise<ServicesThread>((resolve, reject) => {
    worker.on('error', (error) => {
      stop(error.stack ?? error.message);
      reject(error);
    });
    worker.on('exit', (code) => {
      exited = true;
      stop(`The services' thread exited with code ${code}.`);
      reject(stopped);
    });
    worker.on('message', (message: FromHost) => {
      switch (message.type) {
        case 'ready':
          resolve(thread);
          return;
        case 'start-failed':
          void worker.terminate();
          reject(fromCrossing(message.error));
          return;
        case 'answer':
        case 'invoked': {
          const pending = waiting.get(message.id);
          waiting.delete(message.id);
          if (message.type === 'answer') pending?.resolve(message.envelope);
          else if (message.ok) pending?.resolve(message.value);
          else pending?.reject(fromCrossing(message.error));
          return;
        }
        case 'push':
          onPush(message.name, message.payload as PayloadOf<typeof message.name>);
          return;
        case 'event':
          for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
          return;
        case 'adapter':
          runAdapter(message.id, message.name, message.args);
          return;
        case 'adapter-abort':
          running.get(message.id)?.abort();
          return;
        case 'closed':
          closed();
          return;
      }
    });

    const remote = (path: string[]): unknown =>
      new Proxy(() => undefined, {
        get: (_target, key) => (typeof key === 'string' && key !== 'then' ? remote([...path, key]) : undefined),
        apply: (_target, _this, args: unknown[]) => ask((id) => ({ type: 'invoke', id, path, args })),
      });

    const thread: ServicesThread = {
      // A call always answers with an envelope, as the window expects, even when the thread is gone.
      call: (channel, input) => ask<Envelope<unknown>>((id) => ({ type: 'call', id, channel, input })).catch((error: unknown) => ({ ok: false as const, error: (error instanceof AppError ? error : new AppError('internal', String(error))).toShape() })),
      services: remote([]) as Remote<Services>,
      on(event, listener) {
        listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      },
      async close() {
        if (!stopped) {
          const done = new Promise<void>((resolveClosed) => (closed = resolveClosed));
          post({ type: 'close' });
          await done;
        }
        // The services are closed; the thread ends by itself. Only one that lingers is terminated.
        if (!exited) {
          const exit = new Promise<void>((resolveExit) => worker.once('exit', () => resolveExit()));
          const timer = setTimeout(() => void worker.terminate(), EXIT_GRACE_MS);
          await exit;
          clearTimeout(timer);
        }
      },
    };
  });
}
