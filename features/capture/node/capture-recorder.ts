import { Worker } from 'node:worker_threads';
import type { SandboxExchange } from '../../sandbox/server/exchange.ts';
import { exchangeCopy, type CaptureContext, type CaptureExchange } from './capture-record.ts';
import type { CaptureStore } from './capture-store.ts';
import type { CaptureWriterInit, FromWriter, NotCaptured, ToWriter } from './capture-writer-thread.ts';

/**
 * Keeps each exchange the sandbox tells of without holding up its answer: the listener only
 * copies it (its bytes and its events' verdicts, not the parsed events) into a batch, and once a
 * turn of the event loop the batch goes to the writer's thread (capture-writer-thread.ts), which
 * masks and writes it. The queue, what is batched and what the writer has not yet written, is
 * bounded: past its bound an SDK's flood is answered as ever, and what could not be kept is
 * counted, in the file, as received but not captured.
 */

export interface CaptureQueueLimits {
  /** Events waiting to be written, at most. */
  events: number;
  /** Bytes of bodies waiting to be written, at most. */
  bytes: number;
}

/** A few seconds of a flood at the sandbox's ingest rate, in well under 100 MB of memory. */
export const DEFAULT_QUEUE_LIMITS: CaptureQueueLimits = { events: 200_000, bytes: 64 * 1024 * 1024 };

export interface CaptureRecorderOptions {
  /**
   * The writer's script, given by whoever knows where it is: main, for the built app
   * (capture-writer-thread.cjs beside the services' bundle), and CAPTURE_WRITER_SCRIPT
   * (runtime-files.ts) outside the app. Found here, it took import.meta, which a CommonJS bundle empties.
   */
  writerScript: string;
  limits?: CaptureQueueLimits;
  /** Where a write that failed is said. */
  log?: (message: string) => void;
}

export function createCaptureRecorder(store: CaptureStore, context: CaptureContext, options: CaptureRecorderOptions) {
  const limits = options.limits ?? DEFAULT_QUEUE_LIMITS;
  const log = options.log ?? ((message: string) => console.error(message));
  let batch: CaptureExchange[] = [];
  let transfer: ArrayBuffer[] = [];
  let batchEvents = 0;
  let batchBytes = 0;
  // Batched and in the writer's hands, not yet written.
  let queuedEvents = 0;
  let queuedBytes = 0;
  let notCaptured: NotCaptured = { events: 0, requests: 0 };
  let scheduled: NodeJS.Immediate | null = null;
  let writer: Worker | null = null;
  // Set once the writer failed or was closed: what comes after is only counted.
  let writerGone = false;
  // Each batch the writer has not yet said it wrote, oldest first.
  const sent: { events: number; bytes: number; requests: number }[] = [];
  const drains = new Map<number, () => void>();
  let nextDrain = 0;
  // Whether the writer has opened the file, and who waits for it to.
  let ready = false;
  const readyWaiters: (() => void)[] = [];
  const nowReady = () => {
    ready = true;
    for (const resolve of readyWaiters.splice(0)) resolve();
  };

  const eventsOf = (exchange: SandboxExchange) => exchange.received?.events.length ?? 0;

  /** Holds the process open only while the writer has work, so a command line that is done exits. */
  function holdOpenWhileBusy(): void {
    if (sent.length > 0 || drains.size > 0) writer?.ref();
    else writer?.unref();
  }

  /** Without its writer (it failed to start or stopped), the capture only counts what it could not keep. */
  function lost(error: unknown): void {
    if (writerGone) return;
    writerGone = true;
    log(`The capture's writer stopped: ${error instanceof Error ? error.message : String(error)}`);
    for (const unwritten of sent.splice(0)) {
      notCaptured.events += unwritten.events;
      notCaptured.requests += unwritten.requests;
    }
    queuedEvents = batchEvents;
    queuedBytes = batchBytes;
    for (const resolve of drains.values()) resolve();
    drains.clear();
    nowReady();
    send();
  }

  function onMessage(message: FromWriter): void {
    if (message.type === 'ready') {
      nowReady();
    } else if (message.type === 'written') {
      const written = sent.shift()!;
      queuedEvents -= written.events;
      queuedBytes -= written.bytes;
    } else if (message.type === 'drained') {
      drains.get(message.id)?.();
      drains.delete(message.id);
    } else if (message.type === 'replaced') {
      log(message.message);
      store.reopen(message.message);
    } else {
      log(message.message);
    }
    holdOpenWhileBusy();
  }

  function start(): Worker {
    if (writer !== null) return writer;
    const init: CaptureWriterInit = { file: store.file, retention: store.retention, context };
    writer = new Worker(options.writerScript, { workerData: init });
    writer.on('message', onMessage);
    writer.on('error', lost);
    writer.on('exit', (code) => lost(new Error(`its thread ended (${code})`)));
    holdOpenWhileBusy();
    return writer;
  }

  function emptied(): void {
    batch = [];
    transfer = [];
    batchEvents = batchBytes = 0;
    notCaptured = { events: 0, requests: 0 };
  }

  /** Hands the batch and the counts of what was not kept to the writer (or, without one, writes the counts here). */
  function send(): void {
    scheduled = null;
    if (batch.length === 0 && notCaptured.events === 0 && notCaptured.requests === 0) return;
    if (!writerGone) {
      try {
        start().postMessage({ type: 'write', exchanges: batch, notCaptured, events: batchEvents } satisfies ToWriter, transfer);
      } catch (error) {
        // The thread could not start, or the batch could not cross to it: lost() counts it instead.
        lost(error);
        return;
      }
      sent.push({ events: batchEvents, bytes: batchBytes, requests: batch.length });
      holdOpenWhileBusy();
      return emptied();
    }
    notCaptured.events += batchEvents;
    notCaptured.requests += batch.length;
    queuedEvents = queuedBytes = 0;
    try {
      store.write([], notCaptured);
    } catch (error) {
      log(`The capture could not count what it did not keep: ${error instanceof Error ? error.message : String(error)}`);
    }
    emptied();
  }

  function schedule(): void {
    scheduled ??= setImmediate(send);
  }

  return {
    /** Starts the writer's thread now rather than at the first request, which then finds it loaded. */
    start(): void {
      start();
    },

    /** The sandbox's exchange listener: batches a copy, or counts what the bound leaves out. */
    listener(exchange: SandboxExchange): void {
      const events = eventsOf(exchange);
      const bytes = exchange.body.length;
      if (queuedEvents + events > limits.events || queuedBytes + bytes > limits.bytes) {
        notCaptured.events += events;
        notCaptured.requests++;
      } else {
        const { copy, transfer: buffers } = exchangeCopy(exchange);
        batch.push(copy);
        transfer.push(...buffers);
        batchEvents += events;
        batchBytes += bytes;
        queuedEvents += events;
        queuedBytes += bytes;
      }
      schedule();
    },

    /** Drops what the store's retention no longer keeps (the writer does too, once a minute while requests come in). */
    applyRetention(): void {
      try {
        store.applyRetention();
      } catch (error) {
        log(`The capture's retention could not be applied: ${error instanceof Error ? error.message : String(error)}`);
      }
    },

    /**
     * Resolves once the writer has opened the file and works through its queue: at once when it
     * has, has nothing to do yet (it starts with the first request), or is gone. Its start, a
     * thread loading its code and opening SQLite, takes longer on a busy machine.
     */
    writing(): Promise<void> {
      if (ready || writer === null || writerGone) return Promise.resolve();
      return new Promise((resolve) => readyWaiters.push(resolve));
    },

    /** Resolves once everything received so far is written (closing, a test). */
    drained(): Promise<void> {
      if (scheduled !== null) clearImmediate(scheduled);
      send();
      if (writer === null || writerGone) return Promise.resolve();
      const id = ++nextDrain;
      const done = new Promise<void>((resolve) => drains.set(id, resolve));
      writer.postMessage({ type: 'drain', id } satisfies ToWriter);
      holdOpenWhileBusy();
      return done;
    },

    /** Writes what is queued, then ends the writer's thread. */
    async close(): Promise<void> {
      await this.drained();
      if (writer === null || writerGone) return;
      writerGone = true;
      const ended = new Promise((resolve) => writer!.once('exit', resolve));
      writer.ref();
      writer.postMessage({ type: 'close' } satisfies ToWriter);
      await ended;
    },
  };
}
