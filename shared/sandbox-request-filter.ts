import { requestOutcome, type OutcomeClass } from './sandbox-outcome.ts';
import type { SandboxRequestRecord } from './sandbox.ts';

/** Which of the sandbox's requests triage shows: by outcome class, path and age. */
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
export function pathOf(record: Pick<SandboxRequestRecord, 'path'>): string {
  const query = record.path.indexOf('?');
  return query === -1 ? record.path : record.path.slice(0, query);
}

export function matchesRequestFilter(record: SandboxRequestRecord, filter: RequestFilter, now: number): boolean {
  if (filter.path !== null && pathOf(record) !== filter.path) return false;
  if (filter.withinMinutes !== null && Date.parse(record.time) < now - filter.withinMinutes * 60_000) return false;
  return filter.outcome === null || requestOutcome(record).class === filter.outcome;
}
