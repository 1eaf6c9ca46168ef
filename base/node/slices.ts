import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work that grows with a batch, cut into slices so the services' event loop stays free: the
 * work is a generator that yields wherever it may pause (every few events, every part), and
 * runs on until a slice has lasted SLICE_MS, then lets the loop serve what waits (IPC calls,
 * answers of requests, timers) before going on. A yield point is a few milliseconds of work
 * at most, so no slice holds the loop much past SLICE_MS.
 */

export const SLICE_MS = 10;

/** Runs `work` to its end in slices; resolves to what it returns, rejects with what it throws. */
export async function inSlices<T>(work: Generator<void, T>): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
}

/** Runs `work` to its end at once, for a caller that has no loop to keep free (a dry run of the command line). */
export function atOnce<T>(work: Generator<void, T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
