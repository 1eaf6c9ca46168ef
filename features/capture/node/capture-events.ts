import type { DatabaseSync } from 'node:sqlite';
import type { CapturedEvent, CapturedVerdict } from '../common/capture.ts';
import { FORWARD_FAILURES, type ForwardFailure, type SandboxViolation } from '../../sandbox/common/sandbox.ts';
import type { KeptProblems } from './capture-record.ts';

/**
 * Captured events read back from their requests: no event has a row of its own (writing one
 * cost the sandbox more than parsing it), so an event's key fields come from its request's kept
 * body, already masked, and its verdict from the request's answer and the problems and
 * violations kept beside it. Paging through all of them uses an index of where each request's
 * events start, kept in memory and brought up to date from a partial index of the requests
 * table's index (only ids and counts, never a body); the requests a page needs are parsed once and kept
 * for the next pages, up to CACHED_EVENTS events.
 */

type Row = Record<string, unknown>;

/** The columns an event is read from. */
export const EVENT_COLUMNS = 'id, body, status, event_count, event_problems, event_violations, upstream_url, upstream_status, upstream_error';

/** Events kept parsed for the pages that follow: a few hundred kilobytes of key fields. */
const CACHED_EVENTS = 20_000;

/** The events of a request's kept body, or an empty list for a body that holds none. */
export function bodyEvents(body: string): unknown[] {
  try {
    const value: unknown = JSON.parse(body.charCodeAt(0) === 0xfeff ? body.slice(1) : body);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function keyText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Why a forwarded request got no answer: its failure's code, first in the kept error (`upstream-timeout: The upstream…`). */
function failureOf(row: Row): ForwardFailure | null {
  if (row.upstream_url === null || row.upstream_status !== null) return null;
  const code = String(row.upstream_error ?? '').split(':', 1)[0];
  return FORWARD_FAILURES.find((failure) => failure === code) ?? 'upstream-unreachable';
}

/**
 * Accepted when whoever judged the events (the upstream when it was forwarded, or the sandbox)
 * answered 2xx; undelivered when the upstream never answered, so nobody judged them.
 */
function verdictOf(row: Row, failure: ForwardFailure | null): CapturedVerdict {
  if (failure !== null) return 'undelivered';
  const judged = row.upstream_url === null ? row.status : row.upstream_status;
  return judged !== null && Number(judged) >= 200 && Number(judged) < 300 ? 'accepted' : 'refused';
}

/** A request's events as the capture shows them, `events` being its body's. */
export function capturedEvents(row: Row, events: readonly unknown[]): CapturedEvent[] {
  const requestId = Number(row.id);
  const failure = failureOf(row);
  const verdict = verdictOf(row, failure);
  const problems = new Map((row.event_problems === null ? [] : (JSON.parse(String(row.event_problems)) as KeptProblems[])).map((kept) => [kept[0], kept]));
  const violations = new Map<number, SandboxViolation[]>();
  for (const violation of row.event_violations === null ? [] : (JSON.parse(String(row.event_violations)) as SandboxViolation[])) {
    const list = violations.get(violation.index);
    if (list) list.push(violation);
    else violations.set(violation.index, [violation]);
  }
  return Array.from({ length: Number(row.event_count) }, (_, index) => {
    const event = events[index];
    const fields = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
    const kept = problems.get(index);
    return {
      requestId,
      index,
      token: keyText(fields.token),
      customerId: keyText(fields.customer_id),
      deviceId: keyText(fields.device_id),
      createdAt: keyText(fields.created_at),
      verdict,
      failure,
      problems: kept?.[2] ?? [],
      problemCount: kept?.[1] ?? 0,
      violations: violations.get(index) ?? [],
    };
  });
}

/** The first i with values[i] > target, values ascending. */
function upperBound(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle]! <= target) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function createEventIndex(db: DatabaseSync) {
  const statements = {
    // Each ends at the first row it finds (min() and max() with a condition would read them all).
    bounds: db.prepare(`SELECT (SELECT id FROM requests WHERE event_count > 0 ORDER BY id LIMIT 1) AS first,
      (SELECT id FROM requests WHERE event_count > 0 ORDER BY id DESC LIMIT 1) AS last`),
    clears: db.prepare("SELECT value FROM counters WHERE name = 'clears'"),
    after: db.prepare('SELECT id, event_count FROM requests WHERE event_count > 0 AND id > ? ORDER BY id'),
    row: db.prepare(`SELECT ${EVENT_COLUMNS} FROM requests WHERE id = ?`),
  };
  // ids[i]'s events start at starts[i] - base among all captured events; requests dropped from
  // the oldest end only move base, and a clear (counted in the file) starts the index over.
  let ids: number[] = [];
  let starts: number[] = [];
  let end = 0;
  let base = 0;
  let clears = -1;
  const cache = new Map<number, CapturedEvent[]>();
  let cachedEvents = 0;

  function startOver(): void {
    ids = [];
    starts = [];
    end = 0;
    base = 0;
    cache.clear();
    cachedEvents = 0;
  }

  /** Brings the index up to date: requests dropped from its start, requests written since. */
  function refresh(): void {
    const cleared = Number((statements.clears.get() as Row).value);
    if (cleared !== clears) {
      clears = cleared;
      startOver();
    }
    const { first, last } = statements.bounds.get() as Row;
    if (first === null) return startOver();
    const dropped = upperBound(ids, Number(first) - 1);
    if (dropped > 0) {
      for (const id of ids.slice(0, dropped)) cache.delete(id);
      base = dropped === ids.length ? end : starts[dropped]!;
      ids = ids.slice(dropped);
      starts = starts.slice(dropped);
    }
    if (ids.length > 0 && Number(last) <= ids.at(-1)!) return;
    for (const row of statements.after.iterate(ids.at(-1) ?? 0) as Iterable<Row>) {
      ids.push(Number(row.id));
      starts.push(end);
      end += Number(row.event_count);
    }
  }

  function parsedEvents(requestId: number): CapturedEvent[] {
    const cached = cache.get(requestId);
    if (cached) {
      // Most recently used last.
      cache.delete(requestId);
      cache.set(requestId, cached);
      return cached;
    }
    const row = statements.row.get(requestId) as Row | undefined;
    if (row === undefined) return [];
    const events = capturedEvents(row, bodyEvents(String(row.body)));
    cache.set(requestId, events);
    cachedEvents += events.length;
    for (const [id, old] of cache) {
      if (cachedEvents <= CACHED_EVENTS || id === requestId) break;
      cache.delete(id);
      cachedEvents -= old.length;
    }
    return events;
  }

  return {
    /** A request's events, in order. */
    eventsOf(requestId: number): CapturedEvent[] {
      refresh();
      return parsedEvents(requestId);
    },

    /** Events `offset` to `offset + limit` in the order they arrived. */
    page(offset: number, limit: number): CapturedEvent[] {
      refresh();
      const page: CapturedEvent[] = [];
      const from = base + offset;
      for (let i = Math.max(0, upperBound(starts, from) - 1); i < ids.length && page.length < limit; i++) {
        const events = parsedEvents(ids[i]!);
        const skip = Math.max(0, from + page.length - starts[i]!);
        page.push(...events.slice(skip, skip + limit - page.length));
      }
      return page;
    },

    /** Forgets what it holds (the file was cleared or replaced). */
    reset(): void {
      clears = -1;
      startOver();
    },
  };
}
export type EventIndex = ReturnType<typeof createEventIndex>;
