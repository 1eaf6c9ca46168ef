import type { SandboxRequestRecord } from '../common/sandbox.ts';
import type { PendingRecord } from './traffic-record.ts';

/**
 * The received traffic: a ring of the latest requests, bounded both in count and in size, so
 * an SDK left sending all day cannot fill the app's memory.
 */

export interface TrafficLimits {
  records: number;
  totalBytes: number;
}

/** A rough size of what a record holds besides its bodies: method, path, headers, times. */
const RECORD_OVERHEAD_BYTES = 1024;

/** A rough size of what a plan violation holds besides its texts. */
const VIOLATION_OVERHEAD_BYTES = 64;

function sizeOf(record: PendingRecord): number {
  let bytes = RECORD_OVERHEAD_BYTES + record.heldBytes();
  for (const violation of record.plan?.violations ?? []) {
    bytes += VIOLATION_OVERHEAD_BYTES + violation.pointer.length + violation.expected.length + (violation.actual?.length ?? 0) + violation.message.length;
  }
  return bytes;
}

/** Which records to list (GET /_sandbox/requests?after=ID&limit=N). */
export interface TrafficQuery {
  /** Only the requests after this one (ids grow by one a request). */
  after?: number;
  limit?: number;
}

export type TrafficListener = (record: SandboxRequestRecord) => void;

export function createTraffic(limits: TrafficLimits) {
  const ring: (PendingRecord | undefined)[] = [];
  const sizes: number[] = [];
  let oldest = 0;
  let count = 0;
  let totalBytes = 0;
  const listeners = new Set<TrafficListener>();

  function dropOldest(): void {
    totalBytes -= sizes[oldest] ?? 0;
    ring[oldest] = undefined;
    oldest = (oldest + 1) % limits.records;
    count--;
  }

  /** Counts a record again once made (its texts masked may differ in size), then keeps within the budget. */
  function resize(slot: number): void {
    const size = sizeOf(ring[slot]!);
    totalBytes += size - sizes[slot]!;
    sizes[slot] = size;
  }

  function trim(): void {
    // The newest record stays even when it alone is over the budget.
    while (totalBytes > limits.totalBytes && count > 1) dropOldest();
  }

  return {
    add(record: PendingRecord): void {
      if (count === limits.records) dropOldest();
      const slot = (oldest + count) % limits.records;
      ring[slot] = record;
      sizes[slot] = sizeOf(record);
      totalBytes += sizes[slot];
      count++;
      trim();
      for (const listener of listeners) {
        try {
          listener(record.record());
        } catch (error) {
          console.error('A sandbox traffic listener failed:', error);
        }
      }
      if (listeners.size > 0 && ring[slot] === record) {
        resize(slot);
        trim();
      }
    },

    /**
     * Newest first: those after request `after` (its id) only, `limit` at most. Only the records
     * listed are made (masked), so asking for what came since a request costs what came since.
     */
    list({ after = 0, limit = Number.POSITIVE_INFINITY }: TrafficQuery = {}): SandboxRequestRecord[] {
      const records: SandboxRequestRecord[] = [];
      for (let age = count - 1; age >= 0 && records.length < limit; age--) {
        const slot = (oldest + age) % limits.records;
        const pending = ring[slot]!;
        if (pending.id <= after) break;
        records.push(pending.record());
        resize(slot);
      }
      trim();
      return records;
    },

    /** The bytes its records hold, as counted against `limits.totalBytes`. */
    heldBytes: () => totalBytes,

    clear(): void {
      ring.length = 0;
      sizes.length = 0;
      oldest = 0;
      count = 0;
      totalBytes = 0;
    },

    subscribe(listener: TrafficListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type Traffic = ReturnType<typeof createTraffic>;
