import { z } from 'zod';
import type { ChannelSchemas, PushSchemas } from '../../../base/common/contract.ts';
import { CaptureCoverageInputSchema, CaptureCoverageSchema } from './capture-coverage.ts';
import { CoverageProgressSchema, HistoryCoverageInputSchema, HistoryCoverageSchema } from './history-coverage.ts';

export const coverageChannels = {
  /**
   * A tracking plan's coverage by the batches the filter finds, read a submission at a time with
   * `history:coverageProgress` pushes. One run at a time: a new one stops the one before, and a
   * stopped run answers what it counted so far.
   */
  'history:coverage': { input: HistoryCoverageInputSchema, output: HistoryCoverageSchema },
  'history:stopCoverage': { input: z.object({ runId: HistoryCoverageInputSchema.shape.runId }), output: z.null() },

  /**
   * A tracking plan's coverage by the captured events (all, a time range of when they arrived,
   * or only those accepted), read a request at a time with `capture:coverageProgress` pushes;
   * one run at a time with history:coverage, stopped the same way.
   */
  'capture:coverage': { input: CaptureCoverageInputSchema, output: CaptureCoverageSchema },
  'capture:stopCoverage': { input: z.object({ runId: CaptureCoverageInputSchema.shape.runId }), output: z.null() },
} as const satisfies ChannelSchemas;

export const coveragePushes = {
  /** How far a history:coverage run has read (at most every 100 ms, and once at its end). */
  'history:coverageProgress': CoverageProgressSchema,
  /** How far a capture:coverage run has read, as history:coverageProgress. */
  'capture:coverageProgress': CoverageProgressSchema,
} as const satisfies PushSchemas;
