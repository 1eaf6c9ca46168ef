import { renameSync, writeFileSync } from 'node:fs';

/**
 * Loaded into a process a benchmark watches (`node --import`): every 500 ms it writes its
 * process.memoryUsage() (rss, heapTotal, heapUsed, external, arrayBuffers) as JSON to the file
 * EVENTDESK_BENCH_MEMORY_FILE names, so the bench can tell what its resident memory is made of.
 */

const file = process.env.EVENTDESK_BENCH_MEMORY_FILE;
// Written beside it and renamed over it: the bench never reads half a file.
if (file) {
  setInterval(() => {
    writeFileSync(`${file}.next`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.next`, file);
  }, 500).unref();
}
