import type { SandboxExchange } from '../sandbox/exchange.ts';
import { capturedRow, type CaptureContext, type CapturedRequestRow } from './capture-record.ts';
import type { CaptureStore } from './capture-store.ts';

/**
 * Keeps each exchange the sandbox tells of without holding up its answer: the listener only
 * queues it, and the queue is masked and written later, in one transaction a turn of the event
 * loop, a slice of time at a time so answers go on between slices. The queue is bounded: past
 * its bound an SDK's flood is answered as ever, and what could not be kept is counted, in the
 * file, as received but not captured.
 */

export interface CaptureQueueLimits {
  /** Events waiting to be written, at most. */
  events: number;
  /** Bytes of bodies waiting to be written, at most. */
  bytes: number;
  /** How long one write may run before the loop gets a turn. */
  sliceMs: number;
}

/** A few seconds of a flood at the sandbox's ingest rate, in well under 100 MB of memory; slices as short as the history's (about 10 ms), as the app's sandbox shares the services' thread. */
export const DEFAULT_QUEUE_LIMITS: CaptureQueueLimits = { events: 200_000, bytes: 64 * 1024 * 1024, sliceMs: 10 };

/** Retention runs at most this often while requests come in. */
const RETENTION_INTERVAL_MS = 60_000;

export interface CaptureRecorderOptions {
  limits?: CaptureQueueLimits;
  /** Where a write that failed is said. */
  log?: (message: string) => void;
}

export function createCaptureRecorder(store: CaptureStore, context: CaptureContext, options: CaptureRecorderOptions = {}) {
  const limits = options.limits ?? DEFAULT_QUEUE_LIMITS;
  const log = options.log ?? ((message: string) => console.error(message));
  // Taken from the head; a slot taken is emptied, so its body can be freed before the queue is.
  const queue: (SandboxExchange | undefined)[] = [];
  let head = 0;
  let queuedEvents = 0;
  let queuedBytes = 0;
  const notCaptured = { events: 0, requests: 0 };
  let scheduled: NodeJS.Immediate | null = null;
  let lastRetention = Date.now();
  let idle: (() => void)[] = [];

  const eventsOf = (exchange: SandboxExchange) => exchange.received?.events.length ?? 0;

  function applyRetention(): void {
    lastRetention = Date.now();
    try {
      store.applyRetention();
    } catch (error) {
      log(`The capture's retention could not be applied: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  function schedule(): void {
    scheduled ??= setImmediate(flush);
  }

  /**
   * Masks queued exchanges into rows for half a slice: writing them takes about as long again.
   * At least one is taken, however long it takes.
   */
  function take(): { rows: CapturedRequestRow[]; events: number } {
    const started = performance.now();
    const rows: CapturedRequestRow[] = [];
    let events = 0;
    while (head < queue.length && (rows.length === 0 || performance.now() - started < limits.sliceMs / 2)) {
      const exchange = queue[head]!;
      queue[head++] = undefined;
      queuedEvents -= eventsOf(exchange);
      queuedBytes -= exchange.body.length;
      events += eventsOf(exchange);
      rows.push(capturedRow(exchange, context));
    }
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
    }
    return { rows, events };
  }

  function flush(): void {
    scheduled = null;
    const dropped = { ...notCaptured };
    notCaptured.events = 0;
    notCaptured.requests = 0;
    let rows: CapturedRequestRow[] = [];
    let events = 0;
    try {
      ({ rows, events } = take());
      store.write(rows, dropped);
    } catch (error) {
      notCaptured.events += dropped.events + events;
      notCaptured.requests += dropped.requests + rows.length;
      log(`The capture could not keep ${rows.length} requests: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (Date.now() - lastRetention >= RETENTION_INTERVAL_MS) applyRetention();
    if (head < queue.length) schedule();
    else {
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  return {
    /** The sandbox's exchange listener: queues, or counts what the bound leaves out. */
    listener(exchange: SandboxExchange): void {
      const events = eventsOf(exchange);
      if (queuedEvents + events > limits.events || queuedBytes + exchange.body.length > limits.bytes) {
        notCaptured.events += events;
        notCaptured.requests++;
      } else {
        queue.push(exchange);
        queuedEvents += events;
        queuedBytes += exchange.body.length;
      }
      schedule();
    },

    /** Drops what the store's retention no longer keeps (also done once a minute while requests come in). */
    applyRetention,

    /** Resolves once everything queued so far is written (closing, a test). */
    drained(): Promise<void> {
      if (scheduled === null && head === queue.length) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
