import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { captureSandbox } from '../../features/capture/node/capture-sandbox.ts';
import { captureFileIn, openCapture } from '../../features/capture/node/capture-store.ts';
import { startSandbox } from '../../features/sandbox/server/server.ts';
import { CAPTURE_WRITER_SCRIPT } from '../../app/node/runtime-files.ts';
import { send } from './sandbox-requests.ts';

/**
 * The servers the ingest benchmarks post to, each in a worker thread of its own (this very
 * file), so the client's work does not count against any of them: the sandbox in strict mode,
 * the same sandbox capturing into a fresh capture.sqlite, and a bare node:http server that only
 * JSON.parses the body. And the client: keep-alive connections posting one body over and over.
 */

export type ServerRole = 'sandbox' | 'capturing-sandbox' | 'baseline';

interface ServerThreadData {
  eventDeskBenchServer: ServerRole;
  /** The data folder the capturing sandbox keeps capture.sqlite in. */
  dataFolder?: string;
}

/** What a server thread answers when asked, once everything it received is handled. */
export interface ServerReport {
  capturedEvents: number;
  notCapturedEvents: number;
}

export const CONNECTIONS = 4;

function startBaseline(): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const events = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown[];
      response.writeHead(202, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ accepted: events.length }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

async function serveInThisThread({ eventDeskBenchServer: role, dataFolder }: ServerThreadData): Promise<void> {
  if (role === 'baseline') {
    parentPort!.postMessage(await startBaseline());
    return;
  }
  const sandbox = await startSandbox({ mode: 'strict' });
  const store = dataFolder === undefined ? null : openCapture(captureFileIn(dataFolder));
  const capturing = store && captureSandbox(sandbox, store, { writerScript: CAPTURE_WRITER_SCRIPT });
  parentPort!.on('message', () => {
    void (capturing?.recorder.drained() ?? Promise.resolve()).then(() => {
      const status = store?.status();
      parentPort!.postMessage({ capturedEvents: status?.events ?? 0, notCapturedEvents: status?.notCapturedEvents ?? 0 } satisfies ServerReport);
    });
  });
  parentPort!.postMessage(sandbox.url);
}

export interface ServerThread {
  url: string;
  /** What the server kept, once it has handled all it received. */
  report(): Promise<ServerReport>;
  /** Ends the thread and removes what it kept. */
  stop(): Promise<void>;
}

/** Runs one server in a worker thread and resolves with its URL. */
export function startServerThread(role: ServerRole): Promise<ServerThread> {
  const dataFolder = role === 'capturing-sandbox' ? mkdtempSync(path.join(os.tmpdir(), 'eventdesk-bench-capture-')) : undefined;
  const data: ServerThreadData = { eventDeskBenchServer: role, ...(dataFolder === undefined ? {} : { dataFolder }) };
  const worker = new Worker(new URL(import.meta.url), { workerData: data });
  const stop = async () => {
    await worker.terminate();
    if (dataFolder !== undefined) rmSync(dataFolder, { recursive: true, force: true });
  };
  const report = () =>
    new Promise<ServerReport>((resolve) => {
      worker.once('message', resolve);
      worker.postMessage('report');
    });
  return new Promise((resolve, reject) => {
    worker.once('message', (url: string) => resolve({ url, report, stop }));
    worker.once('error', reject);
  });
}

/** Events per second over `requests` requests on CONNECTIONS keep-alive connections. */
export async function ingestRate(
  agent: Agent,
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  requests: number,
  eventsPerRequest: number,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  const connection = async () => {
    while (next < requests) {
      next++;
      const { status, text } = await send(agent, `${url}/user/events`, body, headers);
      if (status !== 202) throw new Error(`The bench expected 202, got ${status}: ${text}`);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return (requests * eventsPerRequest) / ((performance.now() - started) / 1000);
}

const threadData = isMainThread ? undefined : (workerData as Partial<ServerThreadData> | null);
if (threadData?.eventDeskBenchServer !== undefined) await serveInThisThread(threadData as ServerThreadData);
