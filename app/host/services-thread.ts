import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../base/common/errors.ts';
import { redactedError } from '../../base/common/redaction/redact.ts';
import { answer } from '../ipc/dispatch.ts';
import { limitedFetch, NO_BODY } from './limited-fetch.ts';
import { createHandlers } from '../ipc/handlers.ts';
import { createServices, type Services } from '../node/index.ts';
import { createEarlyBatches } from '../../features/sending/node/early-batches.ts';
import {
  fromCrossing,
  toCrossing,
  type AdapterName,
  type CrossingRequest,
  type CrossingResponse,
  type FromHost,
  type HostInit,
  type ToHost,
} from './protocol.ts';
import type { Cipher, DesktopShell, Fetch, FileDialogs, OpenManyPurpose, OpenPurpose } from '../../base/node/ports.ts';
import type { ThemeSource } from '../../base/common/appearance.ts';

/**
 * The services' own thread: SQLite, sending, drafts, the sandbox. A long task here (indexing a
 * big batch, a slow query) delays only the services, never the window, its menus or the
 * answers the main thread gives by itself. It starts the services from `workerData`, or from
 * the `init` message of a thread started early (services-client.ts, `warmServicesThread`), which
 * may be handed batches to read for sending before that (`prepare-batch`). It answers
 * the calls and invocations the other thread sends, and sends pushes and events back.
 */

const port = parentPort!;

/** The vault's secrets once the services run: what an error nothing caught is masked with. */
let knownSecrets: () => readonly string[] = () => [];

// The last resort: an error nothing caught ends the thread, as it would, but what it leaves on
// stderr and for the other thread (an exit code) holds no secret and no stack.
const lastResort = (error: unknown) => {
  console.error(`EventDesk's services stopped on an unexpected error: ${redactedError(error, knownSecrets())}`);
  process.exit(70);
};
process.on('uncaughtException', lastResort).on('unhandledRejection', lastResort);
/**
 * What the services start with: the thread's workerData, or the first message of a thread
 * started early, which loads its code while its host reads its input (`warmServicesThread`).
 */
let init: HostInit;
const post = (message: FromHost, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** Batches read for sending as they come, before the services start or after (the command line's send). */
const earlyBatches = createEarlyBatches();

const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let nextId = 0;

/**
 * Asks the other thread to run an adapter. A signal, when given, ends the wait at once with its
 * reason, as a fetch here would, and cancels the work there too.
 */
function adapter<T>(name: AdapterName, args: unknown[], signal?: AbortSignal | null): Promise<T> {
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      waiting.delete(id);
      post({ type: 'adapter-abort', id });
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.set(id, {
      resolve: (value) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(value as T);
      },
      reject: (error) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      },
    });
    post({ type: 'adapter', id, name, args });
  });
}

const cipher: Cipher = {
  status: () => init.secretStorage,
  encrypt: (plain) => adapter<Uint8Array>('cipher.encrypt', [plain]),
  decrypt: (data) => adapter<string>('cipher.decrypt', [data]),
};
const dialogs: FileDialogs = {
  chooseFileToOpen: (purpose: OpenPurpose) => adapter('dialogs.chooseFileToOpen', [purpose]),
  chooseFilesToOpen: (purpose: OpenManyPurpose) => adapter('dialogs.chooseFilesToOpen', [purpose]),
  chooseFileToSave: (suggestedName: string) => adapter('dialogs.chooseFileToSave', [suggestedName]),
};
const shell: DesktopShell = {
  openPath: (target) => adapter('shell.openPath', [target]),
  setThemeSource: (theme: ThemeSource) => void adapter('shell.setThemeSource', [theme]).catch(() => undefined),
};

/** fetch through the other thread (Chromium's network stack in the app), the answer's body read there up to a limit. */
const fetchThere: Fetch = async (input, init = {}) => {
  const request = new Request(input, init);
  const body = request.body ? new Uint8Array(await request.arrayBuffer()) : null;
  const crossing: CrossingRequest = { url: request.url, method: request.method, headers: [...request.headers], body };
  const answered = await adapter<CrossingResponse>('fetch', [crossing], init.signal);
  return new Response(NO_BODY.has(answered.status) ? null : answered.body, {
    status: answered.status,
    statusText: answered.statusText,
    headers: answered.headers,
  });
};

/** Keys that would step out of the services into the prototype chain. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Runs a method of the services named by its path (`files.recent`), for the main thread's own
 * needs (menus, OS hand-overs) and for tests; a member that is a value is read instead.
 */
async function invoke(services: Services, path: readonly string[], args: unknown[]): Promise<unknown> {
  const missing = () => new AppError('internal', `The services have no ${path.join('.')}.`);
  let owner: unknown = services;
  let member: unknown = services;
  for (const key of path) {
    if (FORBIDDEN_KEYS.has(key) || typeof member !== 'object' || member === null) throw missing();
    owner = member;
    member = (member as Record<string, unknown>)[key];
  }
  if (typeof member === 'function') return member.apply(owner, args);
  if (member === undefined || args.length > 0) throw missing();
  return member;
}

async function start(): Promise<void> {
  const services = await createServices({
    appInfo: init.appInfo,
    dataFolder: init.dataFolder,
    captureWriter: init.captureWriter,
    sandbox: init.sandbox,
    ...(init.environments ? { environments: init.environments } : {}),
    cipher,
    dialogs,
    shell,
    clipboard: { writeText: (text) => adapter('clipboard.writeText', [text]) },
    fetch: init.ownFetch ? limitedFetch : fetchThere,
    earlyBatches,
    push: (name, payload) => post({ type: 'push', name, payload }),
  });
  knownSecrets = services.knownSecrets;
  const handlers = createHandlers(services);
  services.files.onRecentChanged((recent) => post({ type: 'event', name: 'recent-changed', payload: recent }));
  services.desktop.onThemeChanged((theme) => post({ type: 'event', name: 'theme-changed', payload: theme }));
  services.workspaces.onRecentChanged((recent) => post({ type: 'event', name: 'recent-workspaces-changed', payload: recent }));

  port.on('message', (message: ToHost) => {
    switch (message.type) {
      case 'call':
        void answer(handlers, message.channel, message.input, services.knownSecrets).then((envelope) => post({ type: 'answer', id: message.id, envelope }));
        return;
      case 'invoke':
        void invoke(services, message.path, message.args).then(
          (value) => post({ type: 'invoked', id: message.id, ok: true, value }),
          (error: unknown) => post({ type: 'invoked', id: message.id, ok: false, error: toCrossing(error) }),
        );
        return;
      case 'close':
        // Closing the port lets the thread end by itself once its last handle is gone: ending it
        // from outside while native code (SQLite, sockets) tears down is what a terminate risks.
        void services.close().finally(() => {
          post({ type: 'closed' });
          port.close();
        });
        return;
    }
  });
}

// Adapter answers are heard from the start: the services' own start (the vault) already asks.
// So are batches to read ahead: they come before the services start.
port.on('message', (message: ToHost) => {
  if (message.type === 'prepare-batch') return earlyBatches.prepare(message.key, message.environment, message.text);
  if (message.type !== 'adapter-answer') return;
  const pending = waiting.get(message.id);
  waiting.delete(message.id);
  if (message.ok) pending?.resolve(message.value);
  else pending?.reject(fromCrossing(message.error));
});

function begin(given: HostInit): void {
  init = given;
  start().then(
    () => post({ type: 'ready' }),
    (error: unknown) => post({ type: 'start-failed', error: toCrossing(error) }),
  );
}

const given = workerData as HostInit | null;
if (given) begin(given);
else {
  const onInit = (message: ToHost) => {
    if (message.type !== 'init') return;
    port.off('message', onInit);
    begin(message.init);
  };
  port.on('message', onInit);
}
