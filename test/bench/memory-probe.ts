import { renameSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * Loaded into a process a benchmark watches (`node --import`): every 500 ms it writes its
 * process.memoryUsage() (rss, heapTotal, heapUsed, external, arrayBuffers) as JSON to the file
 * EVENTDESK_BENCH_MEMORY_FILE names, so the bench can tell what its resident memory is made of.
 * Only the main thread: workers inherit `--import`, and two writers raced on one file (the
 * capture's writer died on the rename).
 */

const file = process.env.EVENTDESK_BENCH_MEMORY_FILE;
// Written beside it and renamed over it: the bench never reads half a file.
if (file && isMainThread) {
  setInterval(() => {
    writeFileSync(`${file}.next`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.next`, file);
  }, 500).unref();
}
