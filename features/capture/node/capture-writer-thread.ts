import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { CaptureRetention } from '../common/capture.ts';
import { capturedRow, type CaptureContext, type CaptureExchange } from './capture-record.ts';
import { openCapture } from './capture-store.ts';

/**
 * The capture's writer, on a thread of its own: it masks the exchanges the sandbox's thread
 * copied to it and writes them, a batch a transaction, on its own connection to the file.
 * Masking a 100 KB body and writing it cost more than half what the sandbox spends answering
 * it; here that runs beside the sandbox instead of between its answers.
 */

export interface CaptureWriterInit {
  file: string;
  retention: CaptureRetention;
  context: CaptureContext;
}

export interface NotCaptured {
  events: number;
  requests: number;
}

export type ToWriter =
  /** `events`: how many the exchanges carried, counted as not captured if they cannot be written. */
  { type: 'write'; exchanges: CaptureExchange[]; notCaptured: NotCaptured; events: number } | { type: 'drain'; id: number } | { type: 'close' };

export type FromWriter =
  /** The file is open: from now on the writer works through what it is given. */
  | { type: 'ready' }
  /** A batch was written (or counted as not captured), in the order they came. */
  | { type: 'written' }
  | { type: 'drained'; id: number }
  | { type: 'log'; message: string }
  /** The writer found the file damaged, set it aside and started a fresh one. */
  | { type: 'replaced'; message: string };

/** Retention runs at most this often while requests come in. */
const RETENTION_INTERVAL_MS = 60_000;

function serve(port: MessagePort, { file, retention, context }: CaptureWriterInit): void {
  const post = (message: FromWriter) => port.postMessage(message);
  const log = (message: string) => post({ type: 'log', message });
  // The store says through `log` only that it set the file aside (or could not open it).
  const store = openCapture(file, { retention, log: (message) => post({ type: 'replaced', message }) });
  post({ type: 'ready' });
  const notCaptured: NotCaptured = { events: 0, requests: 0 };
  let lastRetention = Date.now();

  function write({ exchanges, events }: Extract<ToWriter, { type: 'write' }>): void {
    const dropped = { ...notCaptured };
    notCaptured.events = 0;
    notCaptured.requests = 0;
    try {
      store.write(
        exchanges.map((exchange) => capturedRow(exchange, context)),
        dropped,
      );
    } catch (error) {
      notCaptured.events += dropped.events + events;
      notCaptured.requests += dropped.requests + exchanges.length;
      log(`The capture could not keep ${exchanges.length} requests: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (Date.now() - lastRetention < RETENTION_INTERVAL_MS) return;
    lastRetention = Date.now();
    try {
      store.applyRetention();
    } catch (error) {
      log(`The capture's retention could not be applied: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  port.on('message', (message: ToWriter) => {
    if (message.type === 'write') {
      notCaptured.events += message.notCaptured.events;
      notCaptured.requests += message.notCaptured.requests;
      write(message);
      post({ type: 'written' });
    } else if (message.type === 'drain') {
      post({ type: 'drained', id: message.id });
    } else {
      store.close();
      port.close();
    }
  });
}

const init = workerData as Partial<CaptureWriterInit> | null;
if (parentPort !== null && init?.file !== undefined) serve(parentPort, init as CaptureWriterInit);
