import { z } from 'zod';
import { ChosenPlanFile, Count, coverageReportSchema, RunId } from './history-coverage.ts';

/**
 * A tracking plan's coverage by what the sandbox captured (all of it, or a time range of when
 * it arrived; every event, or only those it accepted): the same count as the history's, read a
 * captured request at a time, with progress, and stoppable.
 */

const Instant = z.iso.datetime({ offset: true }).nullable();

export const CaptureSelectionSchema = z
  .object({
    /** When the requests arrived: from (inclusive), to (exclusive), ISO 8601; null for open. */
    from: Instant,
    to: Instant,
    /** Only the events the sandbox accepted (2xx), not those it refused. */
    acceptedOnly: z.boolean(),
  })
  .refine(
    (selection) => selection.from === null || selection.to === null || Date.parse(selection.from) < Date.parse(selection.to),
    'The range must begin before it ends.',
  );
export type CaptureSelection = z.infer<typeof CaptureSelectionSchema>;

export const CaptureCoverageInputSchema = z.object({
  runId: RunId,
  selection: CaptureSelectionSchema,
  /** Null for the sandbox's plan, or with none the active environment's. */
  planFile: ChosenPlanFile,
});

export const CaptureCoverageSchema = coverageReportSchema(['sandbox', 'active', 'chosen']).extend({
  selection: CaptureSelectionSchema,
  /** Captured requests when the run began: what it set out to read. */
  requests: Count,
  /** Requests read. */
  read: Count,
  /** Of them, the requests whose events were counted (in the range, holding events the selection takes). */
  matching: Count,
});
export type CaptureCoverage = z.infer<typeof CaptureCoverageSchema>;
