import { z } from 'zod';
import { ById, Id, NoInput, type ChannelSchemas } from '../../../base/common/contract.ts';
import {
  ExportFormatSchema,
  HISTORY_MAX_PAGE,
  HISTORY_PAGE_SIZE,
  HistoryFilterSchema,
  HistoryUsageSchema,
  LABEL_MAX,
  NOTE_MAX,
  RetentionSchema,
  TimelineBucketSchema,
  TimelineUnitSchema,
} from './history.ts';
import { StartResultSchema, SubmissionSummarySchema } from './submission.ts';

export const historyChannels = {
  'history:list': {
    input: z.object({ filter: HistoryFilterSchema, before: Id.optional(), limit: z.number().int().min(1).max(HISTORY_MAX_PAGE).default(HISTORY_PAGE_SIZE) }),
    output: z.array(SubmissionSummarySchema),
  },
  'history:count': { input: z.object({ filter: HistoryFilterSchema }), output: z.number().int().min(0) },
  'history:timeline': { input: z.object({ filter: HistoryFilterSchema, unit: TimelineUnitSchema }), output: z.array(TimelineBucketSchema) },
  /** The batch as sent, pretty-printed, for the read-only editor, the diff and "Open as draft". */
  'history:batch': { input: ById, output: z.string() },
  'history:annotate': { input: z.object({ id: Id, label: z.string().max(LABEL_MAX), note: z.string().max(NOTE_MAX) }), output: SubmissionSummarySchema },
  'history:delete': {
    input: z.union([z.object({ ids: z.array(Id).min(1).max(100_000) }), z.object({ filter: HistoryFilterSchema })]),
    output: z.object({ deleted: z.number().int().min(0) }),
  },
  /** Sends a recorded batch again to its environment; the same duplicate answer as send:start. */
  'history:resend': { input: z.object({ id: Id, again: z.boolean() }), output: StartResultSchema },
  'history:retention': { input: NoInput, output: z.object({ retention: RetentionSchema, usage: HistoryUsageSchema }) },
  // Main builds the file and writes it where the user chose: an export with secrets never reaches the page.
  'history:export': {
    input: z.object({ ids: z.array(Id).min(1).max(100_000), format: ExportFormatSchema, withSecrets: z.boolean() }),
    output: z.object({ path: z.string() }).nullable(),
  },
  /** Renames a damaged submissions.sqlite (and its -wal and -shm) aside and starts a fresh history; refused unless it was found damaged. */
  'history:setAside': { input: NoInput, output: z.object({ movedTo: z.string() }) },
  'history:setRetention': {
    input: RetentionSchema,
    output: z.object({ retention: RetentionSchema, usage: HistoryUsageSchema, deleted: z.number().int().min(0) }),
  },
} as const satisfies ChannelSchemas;
