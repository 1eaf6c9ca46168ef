import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSubmissions } from '../../../electron/services/submissions.ts';

/** The SHA-256 of a file's bytes, to show a damaged history was left exactly as it was. */
export const fingerprint = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/**
 * Writes a real history of `count` submissions into `dataFolder`, closes it, then overwrites the
 * page that holds the submissions table with garbage, as a bad disk sector would. The file still
 * opens (its schema is intact); SQLite finds the damage only when a query reaches that page.
 */
export function writeDamagedHistory(dataFolder: string, count = 12): { file: string; ids: string[] } {
  const file = path.join(dataFolder, 'submissions.sqlite');
  const store = openSubmissions(file);
  const ids: string[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const events = Array.from({ length: 10 }, (_, index) => ({ token: `damaged-${n}-${index}`, customer_id: `c-${n}`, device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 7, created_at: '2026-11-20 10:00:00', attributes: { plan: 'pro' } }));
      const batch = JSON.stringify(events);
      const { id } = store.createSubmission(
        { environmentId: 'env-damaged', environmentName: 'Damaged', environmentColor: '#2563eb', baseUrl: 'http://127.0.0.1:9', headers: {}, batch, eventCount: events.length, batchHash: createHash('sha256').update(batch).digest('hex'), startedAt: new Date(Date.UTC(2026, 10, 1, n)).toISOString() },
        [{ firstEvent: 0, eventCount: events.length }],
      );
      store.finish(id, 'ok');
      ids.push(id);
    }
  } finally {
    // Closing the last connection checkpoints the WAL into the file and removes it.
    store.close();
  }
  const db = new DatabaseSync(file, { readOnly: true });
  const { rootpage, size } = db.prepare(`SELECT rootpage, (SELECT page_size FROM pragma_page_size) AS size FROM sqlite_schema WHERE name = 'submissions'`).get() as { rootpage: number; size: number };
  db.close();
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, Buffer.alloc(size, 0xa5), 0, size, (rootpage - 1) * size);
  } finally {
    closeSync(fd);
  }
  return { file, ids };
}
