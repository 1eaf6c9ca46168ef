import { AppError } from '../../../base/common/errors.ts';
import { redactValue } from '../../../base/common/redaction/redact.ts';
import { knownSecrets, type Vault } from '../../environments/node/vault.ts';
import type { HistoryFilter, Retention, TimelineUnit } from '../common/history.ts';
import type { SubmissionView } from '../common/submission.ts';
import type { SubmissionStore } from './submissions.ts';

export interface HistoryViewDeps {
  submissions: SubmissionStore;
  vault: Pick<Vault, 'get'>;
  /** The sends found unfinished when the history (the data folder's, then a workspace's) was opened. */
  interruptedAtOpening: () => readonly string[];
}

/**
 * The history as the window reads and changes it. Every row it answers is masked again with its
 * environment's current secrets: sends mask before they store, and this is defence in depth for
 * rows an older version wrote raw. Batch texts are answered only when asked for by id.
 */
export function createHistoryView({ submissions, vault, interruptedAtOpening }: HistoryViewDeps) {
  const masked = <T extends { environmentId: string }>(row: T): T => redactValue(row, knownSecrets([vault.get(row.environmentId)]));
  const retention = () => ({ retention: submissions.retention(), usage: submissions.usage() });

  return {
    list: (page: { filter: HistoryFilter; before?: string | undefined; limit: number }) => submissions.list(page).map(masked),
    count: ({ filter }: { filter: HistoryFilter }) => submissions.count(filter),
    timeline: ({ filter, unit }: { filter: HistoryFilter; unit: TimelineUnit }) => submissions.timeline(filter, unit),

    /**
     * The batch as sent, pretty-printed, for the read-only editor, the diff and "Open as draft";
     * one that does not parse (a file another tool wrote) as the text it was recorded as, as
     * `eventdesk history show` prints it.
     */
    batch(id: string): string {
      const batch = submissions.batch(id);
      if (batch === null) throw new AppError('submission-not-found', 'That submission no longer exists.');
      try {
        return JSON.stringify(JSON.parse(batch), null, 2);
      } catch {
        return batch;
      }
    },

    annotate: ({ id, label, note }: { id: string; label: string; note: string }) => masked(submissions.annotate(id, { label, note })),

    delete: (which: { ids: string[] } | { filter: HistoryFilter }) => ({
      deleted: 'ids' in which ? submissions.delete(which.ids) : submissions.deleteMatching(which.filter),
    }),

    retention,

    /** Keeps the new retention and applies it at once; says how many submissions it deleted. */
    setRetention(next: Retention) {
      submissions.setRetention(next);
      const deleted = submissions.applyRetention();
      return { ...retention(), deleted };
    },

    /** One submission, without its batch (the window never gets it, and reading 100 MB for nothing is slow). */
    submission(id: string): SubmissionView | null {
      const view = submissions.view(id);
      return view && masked(view);
    },

    /** The sends found unfinished when the history was opened that still are, for the window to offer to resume. */
    interrupted: (): SubmissionView[] =>
      interruptedAtOpening()
        .map((id) => submissions.view(id))
        .filter((view): view is SubmissionView => view !== null && view.status === 'interrupted')
        .map(masked),
  };
}

export type HistoryView = ReturnType<typeof createHistoryView>;
