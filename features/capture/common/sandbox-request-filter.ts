import type { CapturedRequestSummary } from './capture.ts';
import { outcomeClassOf, type OutcomeClass } from '../../sandbox/common/sandbox-outcome.ts';

/** Which of the captured requests triage shows: by outcome class, path and age. */
export interface RequestFilter {
  /** Null for every class. */
  readonly outcome: OutcomeClass | null;
  /** The path without its query; null for every path. */
  readonly path: string | null;
  /** Only requests from the last this many minutes; null for any time. */
  readonly withinMinutes: number | null;
}

export const NO_REQUEST_FILTER: RequestFilter = { outcome: null, path: null, withinMinutes: null };

export function isFiltering(filter: RequestFilter): boolean {
  return filter.outcome !== null || filter.path !== null || filter.withinMinutes !== null;
}

/** A request's path without its query: `/user/events?x=1` is `/user/events`. */
export function pathOf(record: Pick<CapturedRequestSummary, 'path'>): string {
  const query = record.path.indexOf('?');
  return query === -1 ? record.path : record.path.slice(0, query);
}

export function matchesRequestFilter(record: CapturedRequestSummary, filter: RequestFilter, now: number): boolean {
  if (filter.path !== null && pathOf(record) !== filter.path) return false;
  if (filter.withinMinutes !== null && Date.parse(record.receivedAt) < now - filter.withinMinutes * 60_000) return false;
  return filter.outcome === null || outcomeClassOf(record) === filter.outcome;
}
