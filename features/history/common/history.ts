import { z } from 'zod';
import { SubmissionStatusSchema } from './submission.ts';

/**
 * The history's questions and answers: which submissions (a filter), a page of them, how many,
 * how they spread over time, how long they are kept and the space they take.
 */

const Id = z.string().min(1).max(200);
/** An instant as ISO 8601 text (what `Date.toISOString()` writes). */
const Instant = z.iso.datetime({ offset: true });

/** The longest search text, in characters. */
export const SEARCH_MAX = 500;

/** The words of a search text that can be found: those with a letter or a digit; the index holds no others. */
export function searchableWords(search: string): string[] {
  return search.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

export const HistoryFilterSchema = z.object({
  /**
   * Words to find in a customer_id, device_id, token, any attribute value, a response, a label or
   * a note. Each word matches from its start ("cust-4" finds "cust-42"); all words must match.
   */
  search: z.string().max(SEARCH_MAX).default(''),
  /** Empty means every environment. */
  environmentIds: z.array(Id).max(200).default([]),
  /** Empty means every status. */
  statuses: z.array(SubmissionStatusSchema).max(SubmissionStatusSchema.options.length).default([]),
  /** Started at or after this instant. */
  from: Instant.nullable().default(null),
  /** Started before this instant. */
  to: Instant.nullable().default(null),
});
export type HistoryFilter = z.output<typeof HistoryFilterSchema>;
export type HistoryFilterInput = z.input<typeof HistoryFilterSchema>;

export const emptyHistoryFilter: HistoryFilter = HistoryFilterSchema.parse({});

/** The rows shown at once, and the most one page may ask for. */
export const HISTORY_PAGE_SIZE = 100;
export const HISTORY_MAX_PAGE = 1000;

export const TimelineUnitSchema = z.enum(['hour', 'day']);
export type TimelineUnit = z.infer<typeof TimelineUnitSchema>;

/** What the timeline counts a submission as: its status, or a refusal its scenario's step expected, which is no failure (its badge says so too). */
export const TimelineKindSchema = z.enum([...SubmissionStatusSchema.options, 'expected']);
export type TimelineKind = z.infer<typeof TimelineKindSchema>;

export const TimelineBucketSchema = z.object({
  /** The bucket in the app's local time: `YYYY-MM-DD HH:00` for hours, `YYYY-MM-DD` for days. */
  bucket: z.string(),
  counts: z.partialRecord(TimelineKindSchema, z.number().int().min(0)),
});
export type TimelineBucket = z.infer<typeof TimelineBucketSchema>;

const pad = (value: number) => String(value).padStart(2, '0');

/** The name of the bucket holding an instant: `YYYY-MM-DD` or `YYYY-MM-DD HH:00`, in local time. */
export function bucketName(date: Date, unit: TimelineUnit): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return unit === 'day' ? day : `${day} ${pad(date.getHours())}:00`;
}

/** How much history is kept. Everything, by default: nothing is ever dropped unasked. */
/** The largest limits a retention takes: a century, a terabyte. */
export const RETENTION_LIMITS = { days: 36_500, megabytes: 1_000_000 } as const;

export const RetentionSchema = z.discriminatedUnion('keep', [
  z.object({ keep: z.literal('all') }),
  z.object({ keep: z.literal('days'), days: z.number().int().min(1).max(RETENTION_LIMITS.days) }),
  z.object({ keep: z.literal('size'), megabytes: z.number().int().min(1).max(RETENTION_LIMITS.megabytes) }),
]);
export type Retention = z.infer<typeof RetentionSchema>;

export const HistoryUsageSchema = z.object({
  submissions: z.number().int().min(0),
  /** The batches and responses kept, in bytes of UTF-8: what a size limit counts. */
  storedBytes: z.number().int().min(0),
  /** The database file on disk, its write-ahead log included. */
  fileBytes: z.number().int().min(0),
});
export type HistoryUsage = z.infer<typeof HistoryUsageSchema>;

export const ExportFormatSchema = z.enum(['json', 'ndjson', 'har', 'curl']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const LABEL_MAX = 200;
export const NOTE_MAX = 10_000;

/** "1.2 MB": a byte count for people. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
