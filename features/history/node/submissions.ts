import { refuseDamaged } from '../../../base/node/sqlite-file.ts';
import { historyQueries } from './submissions-history.ts';
import { openStoreContext } from './submissions-context.ts';
import { retentionRules } from './submissions-retention.ts';
import { migrations, SUBMISSIONS_SCHEMA_VERSION } from './submissions-schema.ts';
import { sendLog } from './submissions-send-log.ts';

/**
 * The record of every send, in SQLite (`node:sqlite`, no native module) in the data folder.
 * The app and the command line open the same file, so it runs in WAL mode with a busy
 * timeout; the schema version lives in `PRAGMA user_version` and grows only through the
 * migrations of submissions-schema.ts, one per step.
 *
 * A submission row, all its chunk rows and its batch are written before the first byte goes
 * out, in short transactions (a send of 100 000 events must not hold the services' event loop
 * for a second). After a crash, what is still 'sending' is what was under way: the next start
 * calls `markInterrupted()` and a resume sends only the chunks that are not 'ok'.
 *
 * Layout, chosen so the history (#7) can grow by migration:
 * - `submissions`: one small row per send. `seq` is a stable integer rowid (an external-content
 *   FTS5 table can key on it), `id` the public UUID. The batch text is NOT in this row, so a
 *   list, a count or a filter never walks a large batch's overflow pages.
 * - `batch_parts` (version 7): the resolved batch text, in parts of consecutive events (their
 *   texts joined by commas), so that it is written, and indexed, a part at a time.
 * - `chunks`: one row per chunk, keyed by (submission_id, first_event) since version 6, listed
 *   in event order; a 413 split replaces one row by its parts and leaves the others as they
 *   were. Response bodies are bounded.
 * Children go with their submission (ON DELETE CASCADE), so deleting history is one statement.
 * - `search_events` and `search_notes` (version 2): the full-text index of each submission's
 *   event values, keyed by the batch part's id since version 7, and of its responses, label and
 *   note, keyed by `seq`; see history-search.ts. Triggers drop the index rows with their part
 *   and their submission. A part whose index row a crash kept from being written stays marked
 *   (`indexed` = 0) and is indexed at the next start (`unindexedParts`, sending.ts).
 * - `settings` (version 2): the history's own settings (retention), so the app and the command
 *   line read the same ones.
 * - `chunk_attempts` (version 5): every request of every chunk and its answer, masked and
 *   bounded, keyed to its chunk by (submission_id, first_event), in submissions-schema.ts with
 *   the migrations. A row is written before the request's first byte and marked as one that
 *   may have arrived until an answer says otherwise, so a crash leaves its chunk marked
 *   (`ChunkRecord.wentOut`).
 */

export { migrations, SUBMISSIONS_SCHEMA_VERSION };
export { MAX_ATTEMPTS_KEPT, MAX_BATCH_BYTES, type BatchPart, type ChunkRange, type NewSubmission } from './submissions-send-log.ts';
export type SubmissionStore = ReturnType<typeof openSubmissions>;

/** The store, one room per purpose over one connection: the send log, the history's queries, its retention. */
export function openSubmissions(file: string) {
  const context = openStoreContext(file);
  const history = historyQueries(context);
  let checked = false;
  return {
    /** The file this store writes to. */
    file,
    ...sendLog(context),
    ...history,
    ...retentionRules(context, history.delete),
    /** Refuses a file damaged anywhere (sqlite-file.ts), checked once per opened file: a send writes only into a whole history. */
    requireIntact(): void {
      if (checked) return;
      refuseDamaged(context.db);
      checked = true;
    },
    close(): void {
      if (context.db.isOpen) context.db.close();
    },
  };
}
