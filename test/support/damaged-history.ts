import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSubmissions } from '../../features/history/node/submissions.ts';

/** The SHA-256 of a file's bytes, to show a damaged history was left exactly as it was. */
export const fingerprint = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Writes a real history of `count` submissions of `events` events each at `file`, and closes it. */
function writeHistory(file: string, count: number, events: number): string[] {
  const store = openSubmissions(file);
  const ids: string[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const batchEvents = Array.from({ length: events }, (_, index) => ({
        token: `damaged-${n}-${index}`,
        customer_id: `c-${n}`,
        device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
        svc_id: 7,
        created_at: '2026-11-20 10:00:00',
        attributes: { plan: 'pro' },
      }));
      const batch = JSON.stringify(batchEvents);
      const { id } = store.createSubmission(
        {
          environmentId: 'env-damaged',
          environmentName: 'Damaged',
          environmentColor: '#2563eb',
          baseUrl: 'http://127.0.0.1:9',
          headers: {},
          batch,
          eventCount: batchEvents.length,
          batchHash: createHash('sha256').update(batch).digest('hex'),
          startedAt: new Date(Date.UTC(2026, 10, 1, n)).toISOString(),
        },
        [{ firstEvent: 0, eventCount: batchEvents.length }],
      );
      store.finish(id, 'ok');
      ids.push(id);
    }
  } finally {
    // Closing the last connection checkpoints the WAL into the file and removes it.
    store.close();
  }
  return ids;
}

/** Overwrites page `page` (numbered from 1) of a closed database with garbage, as a bad disk sector would. */
function overwritePage(file: string, page: number, size: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (page - 1) * size);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes a real history of `count` submissions into `dataFolder`, closes it, then overwrites the
 * page that holds the submissions table with garbage. The file still
 * opens (its schema is intact); SQLite finds the damage only when a query reaches that page.
 */
export function writeDamagedHistory(dataFolder: string, count = 12): { file: string; ids: string[] } {
  const file = path.join(dataFolder, 'submissions.sqlite');
  const ids = writeHistory(file, count, 10);
  const db = new DatabaseSync(file, { readOnly: true });
  const { rootpage, size } = db
    .prepare(`SELECT rootpage, (SELECT page_size FROM pragma_page_size) AS size FROM sqlite_schema WHERE name = 'submissions'`)
    .get() as { rootpage: number; size: number };
  db.close();
  overwritePage(file, rootpage, size);
  return { file, ids };
}

/** A healthy history of larger batches (8 of 200 events), closed: its middle pages hold old batches alone. */
export function writeHistoryOfLargerBatches(dataFolder: string): { file: string; ids: string[] } {
  const file = path.join(dataFolder, 'submissions.sqlite');
  return { file, ids: writeHistory(file, 8, 200) };
}

/**
 * Overwrites the page in the middle of a history's file with garbage: the header, the schema and
 * the tables' first pages stay intact, so the file opens, lists and takes new rows; only a query
 * that reads that old batch, or an integrity check, meets the damage. The file may be open.
 */
export function damageItsMiddle(file: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  const { pages, size } = db.prepare('SELECT (SELECT page_count FROM pragma_page_count) AS pages, (SELECT page_size FROM pragma_page_size) AS size').get() as {
    pages: number;
    size: number;
  };
  db.close();
  overwritePage(file, Math.floor(pages / 2), size);
}

/** A history of larger batches damaged in its middle (damageItsMiddle). */
export function writeHistoryDamagedInItsMiddle(dataFolder: string): { file: string } {
  const { file } = writeHistoryOfLargerBatches(dataFolder);
  damageItsMiddle(file);
  return { file };
}
