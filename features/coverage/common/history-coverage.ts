import { z } from 'zod';
import { HistoryFilterSchema } from '../../history/common/history.ts';
import type { PlanCoverage } from '../../plans/common/coverage.ts';

/**
 * A tracking plan's coverage by the batches the History screen's filter finds: which planned
 * kinds the sent events showed and how often, which they never showed, which unplanned kinds
 * arrived (features/plans/common/coverage.ts counts them). A run reads the history a submission at a
 * time, pushing its progress, and can be stopped: it then answers what it counted so far.
 */

export const Count = z.number().int().min(0);
export const RunId = z.string().min(1).max(100);
/** A plan file chosen in the dialog (plans:choose), or null for the plan the source goes by. */
export const ChosenPlanFile = z.string().min(1).max(4096).nullable();
const KindCountSchema = z.object({ key: z.string(), count: Count });

export const PlanCoverageSchema = z.object({
  key: z.string(),
  events: Count,
  seen: z.array(KindCountSchema),
  neverSeen: z.array(z.string()),
  unplanned: z.array(KindCountSchema),
  unplannedUnlisted: Count,
  unkeyed: Count,
}) satisfies z.ZodType<PlanCoverage>;

export const HistoryCoverageInputSchema = z.object({
  /** Named by the page, so its progress pushes and a stop find this run. */
  runId: RunId,
  filter: HistoryFilterSchema,
  /** Null for the active environment's plan. */
  planFile: ChosenPlanFile,
});

/** What a run of any source answers: the plan it measured and where that came from, whether it was stopped, and the count. */
export function coverageReportSchema<const S extends readonly [string, ...string[]]>(planSources: S) {
  return z.object({
    runId: RunId,
    /** The plan file's name, to show, and whose plan it was (a file the user chose for this, or the one the source goes by). */
    plan: z.object({ fileName: z.string(), source: z.enum(planSources) }),
    /** The run was stopped (or another began) before it read all it set out to. */
    stopped: z.boolean(),
    coverage: PlanCoverageSchema,
  });
}

export const HistoryCoverageSchema = coverageReportSchema(['active', 'chosen']).extend({
  /** The filter the run read the history with. */
  filter: HistoryFilterSchema,
  /** Submissions the filter found when the run began. */
  matching: Count,
  /** Submissions whose batches were read. */
  submissions: Count,
});
export type HistoryCoverage = z.infer<typeof HistoryCoverageSchema>;

/** How far a run has read: parts (submissions, captured requests) of the `of` it set out to read, and the events in them. */
export const CoverageProgressSchema = z.object({ runId: RunId, read: Count, of: Count, events: Count });
export type CoverageProgress = z.infer<typeof CoverageProgressSchema>;
