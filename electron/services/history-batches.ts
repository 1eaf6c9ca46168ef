import { HISTORY_MAX_PAGE, type HistoryFilter } from '../../shared/history.ts';
import type { SubmissionStore } from './submissions.ts';

/**
 * The batches of every submission a filter matches, newest first, one submission at a time:
 * what `eventdesk plan infer|coverage --history` and the History screen's plan coverage read.
 * Rows are listed a page at a time and each batch is parsed only when its turn comes, so a
 * range of thousands of sends holds one batch in memory at once.
 */

/**
 * Yields each matching submission's events (none for a batch that is no JSON array: a batch is
 * kept as it was sent). A submission deleted between its page and its turn is left out.
 */
export function* historyBatches(store: SubmissionStore, filter: HistoryFilter, pageSize = HISTORY_MAX_PAGE): Generator<unknown[]> {
  let before: string | undefined;
  for (;;) {
    const page = store.list({ limit: pageSize, before, filter });
    for (const row of page) {
      const text = store.batch(row.id);
      if (text === null) continue;
      let events: unknown;
      try {
        events = JSON.parse(text);
      } catch {
        events = [];
      }
      yield Array.isArray(events) ? events : [];
    }
    if (page.length < pageSize) return;
    before = page.at(-1)!.id;
  }
}
