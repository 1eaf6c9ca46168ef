import { existsSync, statSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

/**
 * The capture's size cap, held as it is written rather than by a retention run now and then: the
 * file and its WAL together stay within the cap (its megabytes) plus a little. Before each
 * transaction the oldest requests make room for it, in pages (which is what the file holds, a
 * request's last page partly empty), and their pages go to the free list for the next rows to
 * take, so the file does not grow; after it, a WAL past a tenth of the cap is checkpointed and
 * truncated. A transaction writes a tenth of the cap at most, and a request larger than that is
 * not kept (counted as not captured).
 */

type Row = Record<string, unknown>;

/** The share of the cap the requests may take: the rest is for a transaction in the WAL and the file's own pages. */
const ROWS_SHARE = 0.8;
const TRANSACTION_SHARE = 0.1;
/** Rounds of dropping the oldest at most per transaction; each drops at least one request. */
const MAX_ROUNDS = 8;

const fileBytes = (name: string) => (existsSync(name) ? statSync(name).size : 0);

export function captureCap(db: DatabaseSync, file: string, megabytes: number) {
  const capBytes = megabytes * 1024 * 1024;
  const rowsBytes = capBytes * ROWS_SHARE;
  const transactionBytes = Math.max(1, Math.floor(capBytes * TRANSACTION_SHARE));
  const pageSize = Number((db.prepare('PRAGMA page_size').get() as Row).page_size);
  const statements = {
    pages: db.prepare('SELECT (SELECT page_count FROM pragma_page_count) - (SELECT freelist_count FROM pragma_freelist_count) AS used'),
    oldestFirst: db.prepare('SELECT id, stored_bytes FROM requests ORDER BY id'),
    dropThrough: db.prepare('DELETE FROM requests WHERE id <= ?'),
  };
  // A checkpoint that empties the WAL also cuts the file back to this.
  db.exec(`PRAGMA journal_size_limit = ${transactionBytes}`);

  /** Bytes the pages holding data take (free pages are taken again before the file grows). */
  const usedBytes = () => Number((statements.pages.get() as Row).used) * pageSize;
  /** What a request costs in the file: its bytes, and its last page partly empty. */
  const costOf = (storedBytes: number) => storedBytes + pageSize;

  return {
    /** The most one transaction writes. */
    transactionBytes,

    /** Whether a request of `storedBytes` can be kept at all. */
    fits: (storedBytes: number) => costOf(storedBytes) <= transactionBytes,

    costOf,

    /** Drops the oldest requests until `incomingBytes` more fit; says how many went. */
    makeRoom(incomingBytes: number): number {
      let dropped = 0;
      for (
        let round = 0, excess = usedBytes() + incomingBytes - rowsBytes;
        excess > 0 && round < MAX_ROUNDS;
        round++, excess = usedBytes() + incomingBytes - rowsBytes
      ) {
        let last: number | null = null;
        for (const row of statements.oldestFirst.iterate() as Iterable<Row>) {
          last = Number(row.id);
          dropped++;
          excess -= costOf(Number(row.stored_bytes));
          if (excess <= 0) break;
        }
        if (last === null) break;
        statements.dropThrough.run(last);
      }
      return dropped;
    },

    /** After a transaction: a WAL past a transaction's size is written back and truncated, unless a reader holds it. */
    settle(): void {
      if (fileBytes(`${file}-wal`) > transactionBytes) db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    },
  };
}
export type CaptureCap = ReturnType<typeof captureCap>;
