import { mkdtemp } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { rendererOutDir } from '../../build/bundles.ts';
import { serveAppFile } from '../../app/electron-main/app-files.ts';
import { servePlanScript } from '../../app/electron-main/plan-scripts.ts';
import type { Remote } from '../../app/host/services-client.ts';
import { admit, createPushSender, type Sender } from '../../app/ipc/dispatch.ts';
import { startNodeServicesThread } from '../../app/host/node-services.ts';
import { OPENAPI_FILE } from '../../app/node/runtime-files.ts';
import type { PushSender, Services } from '../../app/node/index.ts';
import type { EmbeddedSandboxOptions } from '../../features/sandbox/server/port.ts';
import { SECURITY_HEADERS } from '../../app/electron-main/security.ts';
import { harnessDialogs } from './dialogs.ts';
import { decodeFrame, encodeFrame } from './frame.ts';
import { createPageDialogs } from './page-dialogs.ts';
import { PATH_ANSWER_URL, PATH_QUESTION_EVENT, type PathAnswer } from './path-question.ts';
import type { Clipboard, FileDialogs } from '../../base/node/ports.ts';

/**
 * Serves the built renderer to a plain browser and answers the IPC contract over loopback
 * HTTP with the real handlers and services. Test code: it lets the whole UI run in Chromium
 * where no Electron binary exists.
 */

export interface Harness {
  url: string;
  dataFolder: string;
  /** The real services behind the page, on their own thread as in the app, for tests to arrange and inspect state. */
  services: Remote<Services>;
  /** Pushes to the page as main does: `app:command` is how a native menu item arrives. */
  push: PushSender;
  /** How many pages listen to pushes: a push sent before a page listens never reaches it. */
  listening(): number;
  close(): Promise<void>;
}

export interface HarnessOptions {
  port?: number;
  /** A data folder; a fresh temporary one when absent. */
  dataFolder?: string;
  rendererDir?: string;
  /**
   * Stands in for the OS's file dialogs, which a browser test cannot click; without, a save dialog
   * fails (harnessDialogs). 'page' asks the page for a path in a dialog of the harness's own, a
   * relative one taken from the current folder: how a person walks the app in a browser.
   */
  dialogs?: FileDialogs | 'page';
  /** Stands in for the OS clipboard main writes to. */
  clipboard?: Clipboard;
  /** Options of the embedded sandbox (faults, token lifetime; `portVariable`, EVENTDESK_SANDBOX_PORT as the app reads it). */
  sandbox?: Partial<EmbeddedSandboxOptions>;
}

/** Just over the largest contract input: a draft of up to 120 M characters. */
const MAX_IPC_BODY_BYTES = 130 * 1024 * 1024;
/** Far over a few typed paths. */
const MAX_PATH_ANSWER_BYTES = 64 * 1024;
/** A frame of a push no page fetched is dropped after this long. */
const PUSH_FRAME_TTL_MS = 60_000;
const harnessScripts = new Map<string, Promise<string>>();

/** The page's side of the harness, `bridge` or `bridge-worker`, built once per process. */
function harnessScript(name: 'bridge' | 'bridge-worker'): Promise<string> {
  let script = harnessScripts.get(name);
  if (!script) {
    script = build({
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: false,
        lib: { entry: path.join(import.meta.dirname, `${name}.ts`), formats: ['iife'], name: 'EventDeskHarness' },
      },
    }).then((result) => {
      const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
      const chunk = outputs[0]?.output.find((item) => item.type === 'chunk');
      if (!chunk) throw new Error(`The harness's ${name}.ts did not build`);
      return chunk.code;
    });
    harnessScripts.set(name, script);
  }
  return script;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = options.rendererDir ?? rendererOutDir;
  const dataFolder = options.dataFolder ?? (await mkdtemp(path.join(os.tmpdir(), 'eventdesk-harness-')));
  const scripts = { bridge: await harnessScript('bridge'), 'bridge-worker': await harnessScript('bridge-worker') };
  let origin = '';
  const listeners = new Set<ServerResponse>();
  /** Frames of pushes that carry a long text (an event's data is one line), each kept until every page listening then has fetched it. */
  const pushFrames = new Map<string, { frame: string[]; fetchesLeft: number }>();
  let lastPushFrame = 0;
  const push = createPushSender((name, payload) => {
    const frame = encodeFrame(payload);
    // A frame with no text is its first line; a longer one is fetched by its id.
    let data = frame[0]!.trimEnd();
    if (frame.length > 1 && listeners.size > 0) {
      const id = String(++lastPushFrame);
      pushFrames.set(id, { frame, fetchesLeft: listeners.size });
      setTimeout(() => pushFrames.delete(id), PUSH_FRAME_TTL_MS).unref();
      data = JSON.stringify({ frame: id });
    }
    for (const listener of listeners) listener.write(`event: ${name}\ndata: ${data}\n\n`);
  });
  const pageDialogs = createPageDialogs((question) => {
    for (const listener of listeners) listener.write(`event: ${PATH_QUESTION_EVENT}\ndata: ${JSON.stringify(question)}\n\n`);
    return listeners.size > 0;
  }, process.cwd());
  const dialogs = options.dialogs === 'page' ? pageDialogs.dialogs : (options.dialogs ?? harnessDialogs);
  // The app's arrangement: the services on their own thread, the calls admitted here. The
  // sandbox's port is the variable's when given, else the one saved in the data folder, else any free one.
  const thread = await startNodeServicesThread(
    dataFolder,
    { sandbox: { port: 0, openapiFile: OPENAPI_FILE, ...options.sandbox }, dialogs, ...(options.clipboard ? { clipboard: options.clipboard } : {}) },
    push,
  );
  const dispatch = async (channel: string, input: unknown, sender: Sender) => {
    const admitted = admit(channel, input, sender, (url) => url === origin);
    return admitted.ok ? thread.call(admitted.channel, admitted.input) : admitted.envelope;
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // Refuses a page on another name that resolves here (DNS rebinding) before anything else.
    if (request.headers.host !== new URL(origin).host) {
      response.writeHead(421).end();
      return;
    }
    const url = new URL(request.url ?? '/', origin);
    const script = /^\/__harness\/(bridge|bridge-worker)\.js$/.exec(url.pathname)?.[1] as keyof typeof scripts | undefined;
    if (script) {
      response.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': 'text/javascript; charset=utf-8' });
      response.end(scripts[script]);
      return;
    }
    if (url.pathname.startsWith('/__harness/frames/')) {
      if (request.headers['sec-fetch-site'] !== 'same-origin') {
        response.writeHead(403).end();
        return;
      }
      const id = url.pathname.slice('/__harness/frames/'.length);
      const pushed = pushFrames.get(id);
      if (!pushed) {
        response.writeHead(404).end();
        return;
      }
      if (--pushed.fetchesLeft === 0) pushFrames.delete(id);
      writeFrame(response, pushed.frame);
      return;
    }
    if (url.pathname === '/__harness/events') {
      // Server-sent events carry the contract's pushes; EventSource sends no Origin, so check the fetch metadata.
      if (request.headers['sec-fetch-site'] !== 'same-origin') {
        response.writeHead(403).end();
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      response.write(': connected\n\n');
      listeners.add(response);
      request.on('close', () => listeners.delete(response));
      return;
    }
    if (url.pathname === PATH_ANSWER_URL) {
      if (request.method !== 'POST' || request.headers.origin !== origin) {
        response.writeHead(403).end();
        return;
      }
      const answer = JSON.parse((await readBody(request, MAX_PATH_ANSWER_BYTES)).toString('utf8')) as PathAnswer;
      response.writeHead(pageDialogs.answer(answer) ? 204 : 404).end();
      return;
    }
    if (url.pathname.startsWith('/__harness/ipc/')) {
      if (request.method !== 'POST') {
        response.writeHead(405).end();
        return;
      }
      const channel = decodeURIComponent(url.pathname.slice('/__harness/ipc/'.length));
      // A browser always sends Origin on a POST, so this refuses calls from any other page.
      const sender = { fromAppWindow: request.headers.origin === origin, fromMainFrame: true, url: request.headers.origin ?? '' };
      if (!sender.fromAppWindow) {
        // Refused before its body is read: another page may post up to the limit, and none of it is held.
        writeFrame(response, encodeFrame(await dispatch(channel, undefined, sender)), 403);
        return;
      }
      const body = await readFrame(request);
      writeFrame(response, encodeFrame(await dispatch(channel, (body as { input?: unknown } | null)?.input, sender)));
      return;
    }
    const file = (await servePlanScript(url.pathname, (hash) => thread.services.plans.script(hash))) ?? (await serveAppFile(rendererDir, url.pathname));
    let body: Uint8Array | string = file.body;
    if (file.status === 200 && file.headers['Content-Type']?.startsWith('text/html')) {
      body = new TextDecoder().decode(file.body).replace('<head>', '<head>\n    <script src="/__harness/bridge.js"></script>');
    }
    // Vite names each built asset by its content, so it may be kept; with the HTTP cache Chromium
    // keeps compiled code, as the app's scheme does (codeCache), and a later start skips compiling.
    const cache = file.status === 200 && url.pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store';
    response.writeHead(file.status, { 'Cache-Control': cache, ...file.headers });
    response.end(body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    dataFolder,
    services: thread.services,
    push,
    listening: () => listeners.size,
    close: async () => {
      pageDialogs.cancelAll();
      for (const listener of listeners) listener.end();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await thread.close();
    },
  };
}

/** A frame as the answer; a refusal (any status but 200) also closes the connection, whose unread body is never drained. */
function writeFrame(response: ServerResponse, frame: string[], status = 200): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...(status === 200 ? {} : { Connection: 'close' }) });
  for (const part of frame) response.write(part);
  response.end();
}

/** A request's body, up to `limit` bytes (past it, the request fails). */
async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new Error('Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** A call's frame, or null when it is none (the contract then refuses the missing input). */
async function readFrame(request: IncomingMessage): Promise<unknown> {
  const body = await readBody(request, MAX_IPC_BODY_BYTES);
  if (body.length === 0) return null;
  try {
    return decodeFrame(body.toString('utf8'));
  } catch {
    return null;
  }
}
