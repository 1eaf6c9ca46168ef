import { AppError } from '../../../base/common/errors.ts';
import { HISTORY_MAX_PAGE, type HistoryFilter } from '../../history/common/history.ts';
import type { SubmissionSummary } from '../../history/common/submission.ts';
import { batchEvents } from '../../history/node/batch-array.ts';
import type { SubmissionStore } from '../../history/node/submissions.ts';

/**
 * The batches of every submission a filter matches, newest first, one submission at a time:
 * what `eventdesk plan infer|coverage --history` and the History screen's plan coverage read.
 * Rows are listed a page at a time and each batch is parsed only when its turn comes, so a
 * range of thousands of sends holds one batch in memory at once.
 */

/**
 * The page after `page`. Its last row may have been deleted while its batches were read (the
 * app goes on serving calls meanwhile): the page then follows the last of its rows that is still
 * there, as those after it are gone. Only when all of them are gone is the place lost.
 */
function pageAfter(store: SubmissionStore, filter: HistoryFilter, pageSize: number, page: readonly SubmissionSummary[]): SubmissionSummary[] {
  for (let index = page.length - 1; ; index--) {
    try {
      return store.list({ limit: pageSize, before: page[index]!.id, filter });
    } catch (error) {
      if (index === 0 || !(error instanceof AppError && error.code === 'history-cursor-gone')) throw error;
    }
  }
}

/**
 * Yields each matching submission's events (none for a batch that is no JSON array: a batch is
 * kept as it was sent). A submission deleted between its page and its turn is left out.
 */
export function* historyBatches(store: SubmissionStore, filter: HistoryFilter, pageSize = HISTORY_MAX_PAGE): Generator<unknown[]> {
  let page = store.list({ limit: pageSize, filter });
  for (;;) {
    for (const row of page) {
      const text = store.batch(row.id);
      if (text !== null) yield batchEvents(text);
    }
    if (page.length < pageSize) return;
    page = pageAfter(store, filter, pageSize, page);
  }
}
