import { AppError } from '../../../base/common/errors.ts';
import { emptyHistoryFilter, type HistoryFilter } from '../common/history.ts';
import { StepVerdictSchema, type StepVerdict } from '../common/step-verdict.ts';
import type { SubmissionSummary } from '../common/submission.ts';
import type { StoreContext } from './submissions-context.ts';
import { filterSql, summaryColumns, toSummary, type Row } from './submissions-rows.ts';
import { settle } from './submissions-schema.ts';
import { historyTimeline } from './timeline.ts';

/** The history's questions and edits: pages, counts, the timeline, a batch, labels and notes, deletion. */

/** Ids deleted per statement, under SQLite's limit on parameters. */
const DELETE_BATCH = 500;

export function historyQueries({ db, transaction, prepared, reclaim, reads, missing, view, get }: StoreContext) {
  const statements = {
    annotate: db.prepare('UPDATE submissions SET label = ?, note = ? WHERE id = ?'),
    judge: db.prepare('UPDATE submissions SET step_verdict = ? WHERE id = ?'),
  };

  return {
    get,
    view,

    /** The batch text as sent, or null when the submission is not recorded. */
    batch(id: string): string | null {
      const row = reads.getSubmission.get(id) as Row | undefined;
      return row ? String(row.batch) : null;
    },

    /** Newest first, filtered; `before` is the id of the last submission of the previous page. */
    list({ limit, before, filter = emptyHistoryFilter }: { limit: number; before?: string; filter?: HistoryFilter }): SubmissionSummary[] {
      // SQLite reads a negative LIMIT as "no limit": never let a bad page size return everything.
      const size = Math.max(0, Math.floor(limit));
      // A page is "after this row": if the row was deleted meanwhile there is no "after" to compute.
      if (before !== undefined && !reads.exists.get(before)) {
        throw new AppError('history-cursor-gone', 'The history changed while it was being read; read it again from the top.');
      }
      const { where, params } = filterSql(filter, before);
      return (
        prepared(`SELECT ${summaryColumns} FROM submissions s ${where} ORDER BY s.started_at DESC, s.seq DESC LIMIT ?`).all(...params, size) as Row[]
      ).map(toSummary);
    },

    /** How many submissions the filter finds. */
    count(filter: HistoryFilter = emptyHistoryFilter): number {
      const { where, params } = filterSql(filter);
      return Number((prepared(`SELECT count(*) AS n FROM submissions s ${where}`).get(...params) as Row).n);
    },

    /** Submissions per hour or per day of local time, by what each shows, over the filtered set; oldest first (timeline.ts). */
    timeline: historyTimeline(prepared),

    /** Sets a submission's label and note (both searchable); returns it as stored. */
    annotate(id: string, { label, note }: { label: string; note: string }): SubmissionSummary {
      transaction(() => {
        if (statements.annotate.run(label.trim(), note, id).changes === 0) throw missing(id);
        settle(db, id);
      });
      return toSummary(reads.getSubmission.get(id) as Row);
    },

    /** Records what the scenario step that made this send made of it, in place of any verdict before. */
    recordStepVerdict(id: string, verdict: StepVerdict): void {
      if (statements.judge.run(JSON.stringify(StepVerdictSchema.parse(verdict)), id).changes === 0) throw missing(id);
    },

    /** Deletes these submissions, except any still being sent; returns how many went. */
    delete(ids: readonly string[]): number {
      const deleted = transaction(() => {
        let count = 0;
        for (let at = 0; at < ids.length; at += DELETE_BATCH) {
          const some = ids.slice(at, at + DELETE_BATCH);
          count += Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND id IN (${some.map(() => '?').join(', ')})`).run(...some).changes);
        }
        return count;
      });
      reclaim();
      return deleted;
    },

    /** Deletes every submission the filter finds, except any still being sent; returns how many went. */
    deleteMatching(filter: HistoryFilter): number {
      const { where, params } = filterSql(filter);
      const deleted = transaction(() =>
        Number(prepared(`DELETE FROM submissions WHERE status <> 'sending' AND seq IN (SELECT s.seq FROM submissions s ${where})`).run(...params).changes),
      );
      reclaim();
      return deleted;
    },
  };
}
