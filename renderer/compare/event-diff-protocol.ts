import { AppError, type AppErrorShape } from '../../base/common/errors.ts';
import {
  countsOf,
  diffEntries,
  diffEvents,
  eventsOfText,
  type DiffCounts,
  type DiffEntry,
  type EventDiff,
  type MatchBy,
} from '../../features/transforms/common/event-diff.ts';

/**
 * What the Compare view and its diff worker say to each other. Reading two 28 MB batches and
 * matching 100 000 events takes about a second, and copying 100 000 differing events back to
 * the page as long again, so the worker keeps the diff: the page hears the counts, then asks
 * for the entries it shows, a page at a time. The worker also keeps the last two texts read,
 * so "Match by position" compares again without reading them again.
 */

export type EventDiffRequest =
  { id: number; kind: 'diff'; left: string; right: string; matchBy: MatchBy } | { id: number; kind: 'entries'; diffId: number; from: number; count: number };

export type EventDiffAnswer =
  | { id: number; kind: 'diff'; counts: DiffCounts }
  | { id: number; kind: 'diff'; error: AppErrorShape }
  /** Empty when `diffId` is no longer the worker's diff: the page has asked for a newer one. */
  | { id: number; kind: 'entries'; diffId: number; from: number; entries: DiffEntry[] };

export function createEventDiffResponder(): (request: EventDiffRequest) => EventDiffAnswer {
  const read: { left?: [string, unknown[]]; right?: [string, unknown[]] } = {};
  let current: { id: number; diff: EventDiff } | null = null;
  const events = (side: 'left' | 'right', text: string): unknown[] => {
    const kept = read[side];
    if (kept && kept[0] === text) return kept[1];
    const parsed = eventsOfText(text, side);
    read[side] = [text, parsed];
    return parsed;
  };
  return (request) => {
    if (request.kind === 'entries') {
      const entries = current?.id === request.diffId ? diffEntries(current.diff, request.from, request.count) : [];
      return { id: request.id, kind: 'entries', diffId: request.diffId, from: request.from, entries };
    }
    current = null;
    try {
      const diff = diffEvents(events('left', request.left), events('right', request.right), request.matchBy);
      current = { id: request.id, diff };
      return { id: request.id, kind: 'diff', counts: countsOf(diff) };
    } catch (error) {
      const shape =
        error instanceof AppError ? error.toShape() : { code: 'internal' as const, message: 'The events could not be compared.', detail: String(error) };
      return { id: request.id, kind: 'diff', error: shape };
    }
  };
}
