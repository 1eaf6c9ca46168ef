import { z } from 'zod';
import { CAPTURED_VERDICTS } from './capture.ts';
import { FORWARD_FAILURES, SandboxViolationSchema } from '../../sandbox/common/sandbox.ts';

/**
 * The Sandbox tab's Events view over the capture: which events (a filter in the composer's
 * language and a verdict), a page of them as rows, and a selection to take out. Events are in
 * the order they arrived (the order a batch made of them keeps), and a selection names them by
 * their place in the list the filter gives, with the generation of that list: a capture
 * cleared or trimmed since makes a new generation, and a selection of an old one is refused.
 */

/** The verdicts the view filters by: `violations` is any event the plan found fault with. */
export const CAPTURED_VERDICT_FILTERS = ['any', ...CAPTURED_VERDICTS, 'violations'] as const;
export const CapturedVerdictFilterSchema = z.enum(CAPTURED_VERDICT_FILTERS);
export type CapturedVerdictFilter = z.infer<typeof CapturedVerdictFilterSchema>;

/** A filter expression as long as anyone types one. */
export const MAX_WHERE_CHARS = 2000;
/** Attribute columns shown at once. */
export const MAX_ATTRIBUTE_COLUMNS = 12;
/** Rows in one page. */
export const MAX_EVENTS_PAGE = 500;
/** What one Copy, Open in composer or Save takes out at most: beyond it, `eventdesk capture export`. */
export const MAX_TAKEN_EVENTS = 200_000;
export const MAX_TAKEN_BYTES = 100 * 1024 * 1024;
/** Ranges of a selection: Ctrl-clicks and Shift-clicks, each one or a run. */
export const MAX_SELECTION_RANGES = 10_000;

export const CapturedEventsFilterSchema = z.object({
  where: z.string().max(MAX_WHERE_CHARS),
  verdict: CapturedVerdictFilterSchema,
});
export type CapturedEventsFilter = z.infer<typeof CapturedEventsFilterSchema>;

export const CapturedEventsQuerySchema = CapturedEventsFilterSchema.extend({
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(MAX_EVENTS_PAGE),
  /** Attribute names whose values each row carries, in column order. */
  attributes: z.array(z.string().min(1).max(200)).max(MAX_ATTRIBUTE_COLUMNS),
});
export type CapturedEventsQuery = z.infer<typeof CapturedEventsQuerySchema>;

export const CapturedEventRowSchema = z.object({
  requestId: z.number().int(),
  index: z.number().int().min(0),
  token: z.string().nullable(),
  customerId: z.string().nullable(),
  deviceId: z.string().nullable(),
  createdAt: z.string().nullable(),
  verdict: z.enum(CAPTURED_VERDICTS),
  failure: z.enum(FORWARD_FAILURES).nullable(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })),
  problemCount: z.number().int().min(0),
  violations: z.array(SandboxViolationSchema),
  /** The chosen attributes' values as text (a string as is, anything else as JSON), null when absent. */
  attributes: z.array(z.string().nullable()),
});
export type CapturedEventRow = z.infer<typeof CapturedEventRowSchema>;

export const CapturedEventsPageSchema = z.object({
  rows: z.array(CapturedEventRowSchema),
  /** Events the filter matches. */
  total: z.number().int().min(0),
  /** Events captured. */
  captured: z.number().int().min(0),
  generation: z.number().int().min(0),
});
export type CapturedEventsPage = z.infer<typeof CapturedEventsPageSchema>;

/** Places in the filter's list, [from, to) each; Ctrl+A is one range over them all. */
export const CapturedSelectionSchema = CapturedEventsFilterSchema.extend({
  generation: z.number().int().min(0),
  ranges: z
    .array(z.tuple([z.number().int().min(0), z.number().int().min(0)]).refine(([from, to]) => from < to, 'a range ends after it starts'))
    .min(1)
    .max(MAX_SELECTION_RANGES),
});
export type CapturedSelection = z.infer<typeof CapturedSelectionSchema>;

export const CapturedEventDetailSchema = z.object({
  /** The event as it arrived (masked), pretty-printed; null when its request's body was not kept whole. */
  text: z.string().nullable(),
  request: z.object({ id: z.number().int(), receivedAt: z.string(), path: z.string(), status: z.number().int().nullable(), reason: z.string() }),
});
export type CapturedEventDetail = z.infer<typeof CapturedEventDetailSchema>;

/** Ranges [from, to) sorted and merged where they touch or overlap, empty ones left out: each place once, in order. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = ranges
    .filter(([from, to]) => from < to)
    .map(([from, to]): [number, number] => [from, to])
    .sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = result.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else result.push([from, to]);
  }
  return result;
}

/** How many places a selection's ranges cover. */
export function selectionSize(ranges: readonly (readonly [number, number])[]): number {
  let size = 0;
  for (const [from, to] of ranges) size += to - from;
  return size;
}
