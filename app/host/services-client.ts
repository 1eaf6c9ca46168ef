import { Worker } from 'node:worker_threads';
import { AppError, type Envelope } from '../../base/common/errors.ts';
import type { ChannelName, PayloadOf, PushName } from '../common/ipc.ts';
import type { Services } from '../node/index.ts';
import { gaveUpError, RESTART_LIMIT, RESTART_START_MS, restartedError, stopReason, type RestartLimit, type ThreadEnd } from './services-restart.ts';
import { readLimited } from './limited-fetch.ts';
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
import type { Cipher, Clipboard, DesktopShell, Fetch, FileDialogs, OpenManyPurpose, OpenPurpose } from '../../base/node/ports.ts';
import type { ThemeSource } from '../../base/common/appearance.ts';
import type { EarlyEnvironment } from '../../features/sending/node/early-batches.ts';

/**
 * The main thread's side of the services' thread: starts it, hands it each admitted call,
 * runs the adapters it asks for (the key store, dialogs, clipboard, shell and network, which
 * only this thread may use), and hears its pushes and events. `services` calls any method of
 * the services there, for the main thread's own needs (menus, OS hand-overs, quitting) and for
 * tests; every answer comes later. A thread that stops by itself (out of memory, a crash) is
 * started again behind the same ServicesThread (services-restart.ts says how often).
 */

export interface HostAdapters {
  cipher: Cipher;
  dialogs: FileDialogs;
  clipboard: Clipboard;
  shell: DesktopShell;
  /** Chromium's network stack in the app; none in a Node host, whose services thread fetches by itself (HostInit.ownFetch). */
  fetch?: Fetch;
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

export interface ServicesThreadOptions {
  restartLimit?: RestartLimit;
  /** A thread started early, to run the first start in (restarts start their own). */
  warm?: WarmThread;
}

/**
 * A services thread started before its host knows what to start it with: it loads its code (a
 * few hundred milliseconds) while the host reads and checks its input, and starts nothing, so
 * it touches no file, until it is taken. It does not hold the process open until then.
 */
export interface WarmThread {
  /**
   * Hands it a batch to read for sending under `key` while the host validates it (see
   * features/sending/node/early-batches.ts); says whether it could (not once taken or ended).
   */
  prepareBatch(key: string, environment: EarlyEnvironment, text: string): boolean;
  /** The thread, once: null when taken before or when it has ended (its code failed to load), for a new one to be started instead. */
  take(): Worker | null;
  /** Whether `take` gave the thread: the services run in it, with the batches it was handed. */
  taken(): boolean;
  /** Ends it unless it was taken: the host will not start services after all. */
  discard(): Promise<void>;
}

export function warmServicesThread(entry: string | URL): WarmThread {
  const worker = new Worker(entry, { workerData: null });
  worker.unref();
  let available = true;
  let given = false;
  const ended = () => (available = false);
  // An error while loading ends it: the start then runs in a new thread, which says why.
  worker.on('error', ended).once('exit', ended);
  return {
    prepareBatch(key, environment, text) {
      if (!available) return false;
      worker.postMessage({ type: 'prepare-batch', key, environment, text } satisfies ToHost);
      return true;
    },
    take() {
      if (!available) return null;
      available = false;
      given = true;
      worker.off('error', ended).off('exit', ended);
      worker.ref();
      return worker;
    },
    taken: () => given,
    async discard() {
      if (!available) return;
      available = false;
      await worker.terminate();
    },
  };
}

/** How long a closed thread may take to end by itself before it is terminated. */
const EXIT_GRACE_MS = 2000;

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/** One run of the thread: a restart is another, behind the same ServicesThread. */
interface Run {
  worker: Worker;
  post(message: ToHost, transfer?: ArrayBuffer[]): void;
  /** Calls and invocations it has not answered yet. */
  waiting: Map<number, Pending>;
  /** Adapters running for it, to abort when it ends. */
  running: Map<number, AbortController>;
  /** Settles once it is ready or has ended, whichever comes first. */
  settled: Promise<void>;
  ready: boolean;
  ended: boolean;
  /** Its services said they closed. */
  closed: Promise<void>;
}

export function startServicesThread(
  entry: string | URL,
  init: HostInit,
  adapters: HostAdapters,
  onPush: <P extends PushName>(name: P, payload: PayloadOf<P>) => void,
  options: ServicesThreadOptions = {},
): Promise<ServicesThread> {
  const limit = options.restartLimit ?? RESTART_LIMIT;
  const listeners = new Map<HostEvent, ((payload: unknown) => void)[]>();
  const restartedAt: number[] = [];
  let nextId = 0;
  let closing = false;
  /** Set once the thread has ended for good (closed, or stopped too often): every call from then on fails at once, never waits. */
  let stopped: AppError | null = null;
  // What a restart brings back: the sandbox on the port it had, the workspace that was open.
  let sandboxPort: number | null = null;
  let workspaceRoot: string | null = null;

  const run: Record<AdapterName, (args: unknown[], signal: AbortSignal) => Promise<unknown>> = {
    'cipher.encrypt': ([plain]) => adapters.cipher.encrypt(plain as string),
    'cipher.decrypt': ([data]) => adapters.cipher.decrypt(data as Uint8Array),
    'dialogs.chooseFileToOpen': ([purpose]) => adapters.dialogs.chooseFileToOpen(purpose as OpenPurpose),
    'dialogs.chooseFilesToOpen': ([purpose]) => adapters.dialogs.chooseFilesToOpen(purpose as OpenManyPurpose),
    'dialogs.chooseFileToSave': ([name]) => adapters.dialogs.chooseFileToSave(name as string),
    'clipboard.writeText': async ([text]) => adapters.clipboard.writeText(text as string),
    'shell.openPath': ([target]) => adapters.shell.openPath(target as string),
    'shell.setThemeSource': async ([theme]) => adapters.shell.setThemeSource(theme as ThemeSource),
    fetch: async ([request], signal) => {
      const { url, method, headers, body } = request as CrossingRequest;
      if (!adapters.fetch) throw new AppError('internal', 'This host has its services fetch on their own thread.');
      const response = await adapters.fetch(url, { method, headers, body, signal });
      const answered: CrossingResponse = {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: await readLimited(response, FETCH_BODY_LIMIT),
      };
      return answered;
    },
  };

  function runAdapter(thread: Run, id: number, name: AdapterName, args: unknown[]): void {
    const controller = new AbortController();
    thread.running.set(id, controller);
    run[name](args, controller.signal)
      .then(
        (value) => {
          // Only an answer's body is ours to hand over; a Buffer from the key store may share a pool.
          const transfer = name === 'fetch' ? [(value as CrossingResponse).body.buffer] : [];
          thread.post({ type: 'adapter-answer', id, ok: true, value }, transfer);
        },
        (error: unknown) => thread.post({ type: 'adapter-answer', id, ok: false, error: toCrossing(error) }),
      )
      .finally(() => thread.running.delete(id));
  }

  /** Starts a run of the thread; `onEnd` hears how it ended, once. */
  function launch(workerData: HostInit, onReady: () => void, onStartFailed: (error: Error) => void, onEnd: (end: ThreadEnd) => void): Run {
    const given: HostInit = { ...workerData, ownFetch: adapters.fetch === undefined };
    const warm = options.warm?.take();
    if (warm) warm.postMessage({ type: 'init', init: given } satisfies ToHost);
    const worker = warm ?? new Worker(entry, { workerData: given });
    let settle: () => void = () => undefined;
    let closedNow: () => void = () => undefined;
    const thread: Run = {
      worker,
      post: (message, transfer = []) => {
        if (!thread.ended) worker.postMessage(message, transfer);
      },
      waiting: new Map(),
      running: new Map(),
      settled: new Promise((resolve) => (settle = resolve)),
      ready: false,
      ended: false,
      closed: new Promise((resolve) => (closedNow = resolve)),
    };
    let raised: ThreadEnd['error'];
    worker.on('error', (error) => (raised = error));
    worker.on('exit', (exitCode) => {
      thread.ended = true;
      for (const controller of thread.running.values()) controller.abort();
      settle();
      closedNow();
      onEnd({ ...(raised ? { error: raised } : {}), exitCode });
    });
    worker.on('message', (message: FromHost) => {
      switch (message.type) {
        case 'ready':
          thread.ready = true;
          settle();
          onReady();
          return;
        case 'start-failed':
          void worker.terminate();
          onStartFailed(fromCrossing(message.error));
          return;
        case 'answer':
        case 'invoked': {
          const pending = thread.waiting.get(message.id);
          thread.waiting.delete(message.id);
          if (message.type === 'answer') pending?.resolve(message.envelope);
          else if (message.ok) pending?.resolve(message.value);
          else pending?.reject(fromCrossing(message.error));
          return;
        }
        case 'push':
          if (message.name === 'workspace:changed') workspaceRoot = (message.payload as PayloadOf<'workspace:changed'>).listing?.root ?? null;
          onPush(message.name, message.payload as PayloadOf<typeof message.name>);
          return;
        case 'event':
          for (const listener of listeners.get(message.name) ?? []) listener(message.payload);
          return;
        case 'adapter':
          runAdapter(thread, message.id, message.name, message.args);
          return;
        case 'adapter-abort':
          thread.running.get(message.id)?.abort();
          return;
        case 'closed':
          closedNow();
          return;
      }
    });
    return thread;
  }

  function invokeOn<T>(thread: Run, path: string[], args: unknown[]): Promise<T> {
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      thread.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.post({ type: 'invoke', id, path, args });
    });
  }

  /** Ends what waits for a run that ended: with `error`, at once. */
  function failWaiting(thread: Run, error: AppError): void {
    for (const pending of thread.waiting.values()) pending.reject(error);
    thread.waiting.clear();
  }

  /** A run that was ready ended: start another, unless it was closed or has stopped too often. */
  function restart(ended: Run, end: ThreadEnd): void {
    if (closing) {
      stopped ??= new AppError(
        'internal',
        "EventDesk's services stopped; restart EventDesk. Nothing recorded so far is lost.",
        `The services' thread exited with code ${end.exitCode}.`,
      );
      failWaiting(ended, stopped);
      return;
    }
    const reason = stopReason(end);
    const now = Date.now();
    while (restartedAt.length > 0 && now - restartedAt[0]! >= limit.withinMs) restartedAt.shift();
    if (restartedAt.length >= limit.restarts) {
      stopped = gaveUpError(reason, limit);
      failWaiting(ended, stopped);
      onPush('app:servicesStopped', { reason, restarted: false });
      return;
    }
    failWaiting(ended, restartedError(reason));
    restartedAt.push(now);
    const again: HostInit = { ...init, sandbox: init.sandbox && sandboxPort !== null ? { ...init.sandbox, port: sandboxPort } : init.sandbox };
    let timedOut = false;
    let startFailed: Error | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      void next.worker.terminate();
    }, RESTART_START_MS);
    const next = launch(
      again,
      () => {
        clearTimeout(timer);
        void restored(next, reason, end);
      },
      (error) => (startFailed = error),
      (nextEnd) => {
        clearTimeout(timer);
        restart(next, { ...nextEnd, ...(startFailed ? { error: startFailed } : {}), startTimedOut: timedOut });
      },
    );
    current = next;
  }

  /** A restarted run is ready: it gets back what the last one had, then the page is told (and reads everything again). */
  async function restored(thread: Run, reason: string, end: ThreadEnd): Promise<void> {
    await noteSandboxPort(thread);
    const root = workspaceRoot;
    if (root !== null) {
      await invokeOn(thread, ['workspaces', 'openGiven'], [root]).catch(() => {
        // Stopped again: the next restart opens it. Else the folder is gone or unreadable now, and the page shows no workspace open, as is true.
        if (thread.ended) return;
        workspaceRoot = null;
        onPush('workspace:changed', { listing: null, changed: [] });
      });
    }
    if (thread.ended) return;
    // The log masks the secrets it knows; the error's message is for it, never for the page.
    void invokeOn(
      thread,
      ['log', 'warn'],
      ["The services' thread stopped and was restarted", { reason, exitCode: end.exitCode, error: end.error?.message.slice(0, 500) ?? null, workspace: root }],
    ).catch(() => undefined);
    onPush('app:servicesStopped', { reason, restarted: true });
  }

  /** The port the sandbox listens on, which a restart asks for again: one any free port was asked for would move. */
  async function noteSandboxPort(thread: Run): Promise<void> {
    if (!init.sandbox) return;
    sandboxPort = await invokeOn<number>(thread, ['sandbox', 'options', 'port'], []).catch(() => null);
  }

  let current: Run;

  /** Sends a message to the run that answers now, waiting while a restart is under way. */
  async function ask<T>(message: (id: number) => ToHost): Promise<T> {
    // Bounded: each pass follows a restart, and restarts are.
    let thread: Run;
    do {
      thread = current;
      await thread.settled;
    } while (thread !== current);
    if (stopped) throw stopped;
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      thread.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      thread.post(message(id));
    });
  }

  const remote = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? remote([...path, key]) : undefined),
      apply: (_target, _this, args: unknown[]) => ask((id) => ({ type: 'invoke', id, path, args })),
    });

  const thread: ServicesThread = {
    // A call always answers with an envelope, as the window expects, even when the thread is gone.
    call: (channel, input) =>
      ask<Envelope<unknown>>((id) => ({ type: 'call', id, channel, input })).catch((error: unknown) => ({
        ok: false as const,
        error: (error instanceof AppError ? error : new AppError('internal', String(error))).toShape(),
      })),
    services: remote([]) as Remote<Services>,
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    async close() {
      closing = true;
      // A restart under way ends its start first, so that its services close as they should.
      const last = current;
      await last.settled;
      if (!last.ended) {
        last.post({ type: 'close' });
        await last.closed;
      }
      // The services are closed; the thread ends by itself. Only one that lingers is terminated.
      if (!last.ended) {
        const exit = new Promise<void>((resolveExit) => last.worker.once('exit', () => resolveExit()));
        const timer = setTimeout(() => void last.worker.terminate(), EXIT_GRACE_MS);
        await exit;
        clearTimeout(timer);
      }
    },
  };

  return new Promise<ServicesThread>((resolve, reject) => {
    // The first run is not restarted: a start that fails says why, as it is.
    current = launch(
      init,
      () => void noteSandboxPort(current).then(() => resolve(thread)),
      reject,
      (end) => {
        if (current.ready) restart(current, end);
        else
          reject(
            end.error ??
              new AppError(
                'internal',
                "EventDesk's services stopped; restart EventDesk. Nothing recorded so far is lost.",
                `The services' thread exited with code ${end.exitCode}.`,
              ),
          );
      },
    );
  });
}
