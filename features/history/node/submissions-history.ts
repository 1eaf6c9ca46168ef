import { AppError } from '../../../base/common/errors.ts';
import { bucketName, emptyHistoryFilter, type HistoryFilter, type TimelineBucket, type TimelineKind, type TimelineUnit } from '../common/history.ts';
import { refusalExpected, StepVerdictSchema, type StepVerdict } from '../common/step-verdict.ts';
import type { SubmissionStatus, SubmissionSummary } from '../common/submission.ts';
import type { StoreContext } from './submissions-context.ts';
import { filterSql, shownStatus, summaryColumns, toSummary, type Row } from './submissions-rows.ts';
import { settle } from './submissions-schema.ts';

/** The history's questions and edits: pages, counts, the timeline, a batch, labels and notes, deletion. */

/** Ids deleted per statement, under SQLite's limit on parameters. */
const DELETE_BATCH = 500;

/** Whether local time has been a whole number of hours from UTC, winter and summer, from 2000 to 2100. */
function wholeHourZone(): boolean {
  for (let year = 2000; year <= 2100; year++) {
    if (new Date(year, 0, 1).getTimezoneOffset() % 60 !== 0 || new Date(year, 6, 1).getTimezoneOffset() % 60 !== 0) return false;
  }
  return true;
}

/** The local bucket of a UTC quarter hour written as `YYYY-MM-DDTHH:q` (q from 0 to 3), as the timeline query groups. */
function localBucket(quarter: string, unit: TimelineUnit): string {
  const [year, month, day, hour] = [quarter.slice(0, 4), quarter.slice(5, 7), quarter.slice(8, 10), quarter.slice(11, 13)].map(Number);
  return bucketName(new Date(Date.UTC(year!, month! - 1, day!, hour!, Number(quarter.slice(14)) * 15)), unit);
}

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

    /**
     * Submissions per hour or per day of local time, by status (a refusal a step expected apart), over the filtered set; oldest
     * first. SQLite counts per hour or quarter hour of UTC (every time zone's offset is whole
     * quarter hours), read off the stored ISO text; each is then named in local time here, once
     * rather than once per row (`strftime(…, 'localtime')` cost 224 ms on 100 000 rows).
     */
    timeline(filter: HistoryFilter, unit: TimelineUnit): TimelineBucket[] {
      const { where, params } = filterSql(filter);
      // Where the zone's offset is whole hours, counting per hour gives a quarter of the rows to name.
      const slot = wholeHourZone()
        ? `substr(s.started_at, 1, 14) || '0'`
        : `substr(s.started_at, 1, 14) || (CAST(substr(s.started_at, 15, 2) AS INTEGER) / 15)`;
      // A step's verdict by the two fields that make a refusal expected, so the rows stay few.
      const verdict = `json_extract(s.step_verdict, '$.passed') AS passed, json_extract(s.step_verdict, '$.expectedStatus') AS expected_status`;
      const rows = prepared(
        `SELECT ${slot} AS quarter, ${shownStatus} AS shown, ${verdict}, count(*) AS n FROM submissions s ${where} GROUP BY quarter, shown, passed, expected_status ORDER BY quarter`,
      ).all(...params) as Row[];
      const buckets: TimelineBucket[] = [];
      // Rows come by quarter, a status at a time: each quarter is named once.
      let quarter = '';
      let bucket = '';
      for (const row of rows) {
        if (row.quarter !== quarter) {
          quarter = String(row.quarter);
          bucket = localBucket(quarter, unit);
        }
        if (buckets.at(-1)?.bucket !== bucket) buckets.push({ bucket, counts: {} });
        const counts = buckets.at(-1)!.counts;
        const expected =
          row.passed !== null &&
          refusalExpected({ passed: row.passed === 1, expectedStatus: row.expected_status === null ? null : Number(row.expected_status) });
        const kind: TimelineKind = expected ? 'expected' : (row.shown as SubmissionStatus);
        counts[kind] = (counts[kind] ?? 0) + Number(row.n);
      }
      return buckets;
    },

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
