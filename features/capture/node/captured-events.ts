import type { CapturedEvent, CapturedRequestSummary } from '../common/capture.ts';
import {
  MAX_TAKEN_BYTES,
  MAX_TAKEN_EVENTS,
  mergeRanges,
  selectionSize,
  type CapturedEventDetail,
  type CapturedEventRow,
  type CapturedEventsFilter,
  type CapturedEventsPage,
  type CapturedEventsQuery,
  type CapturedSelection,
  type CapturedVerdictFilter,
} from '../common/capture-events.ts';
import { AppError } from '../../../base/common/errors.ts';
import { formatBytes } from '../../history/common/history.ts';
import { eventMatches, parseFilter, type EventFilter } from '../../transforms/common/filter.ts';
import { plural } from '../../../base/common/plural.ts';
import type { CaptureStore } from './capture-store.ts';
import { inSlices } from '../../../base/node/slices.ts';
import { bodyEvents } from './capture-events.ts';

/**
 * The Sandbox tab's Events view over the capture store: the events a filter (the composer's
 * language, and a verdict) matches, a page at a time, and a selection of them taken out as a
 * batch's text. A filter's matches are found once, by reading every captured event in slices of
 * the services' loop, and kept as a list of (request, index): scrolling is then a page read, and
 * events captured later are looked at alone. A capture cleared or trimmed (its oldest event
 * changed) starts a new generation, and every list is made again.
 */

/** The page hears of new events at most this often. */
export const EVENTS_PUSH_INTERVAL_MS = 250;
/** Lists kept, most recently used: the filter in the box, and the few before it. */
const VIEWS_KEPT = 4;
/** A scan may pause after this many events. */
const EVENTS_PER_PAUSE = 500;
/** Without news of the sandbox (another process cleared the file), the capture is looked at again this often. */
const RECHECK_MS = 1000;
/** Captured rows read from the store at once, when a verdict is scanned or events are taken out. */
const PLACES_PER_READ = 1000;
/** New requests looked for at most, before a list is made again instead. */
const MAX_NEW_REQUESTS = 65_536;

export interface CaptureEventsDeps {
  store: CaptureStore;
  /** Calls the listener when the sandbox received a request; returns its unsubscribe. */
  onReceived(listener: () => void): () => void;
  /** Resolves once what the sandbox received so far is written. */
  drained(): Promise<void>;
  push(change: { events: number }): void;
  /** Asks where (the save dialog) and writes the text there; null when cancelled. */
  saveAs(suggestedName: string, text: string): Promise<string | null>;
  /** What one take-out holds at most (MAX_TAKEN_EVENTS, MAX_TAKEN_BYTES unless a test says less). */
  limits?: { events: number; bytes: number };
}

interface View {
  filter: EventFilter | null;
  verdict: CapturedVerdictFilter;
  /** The matches' requests and indexes, in arrival order; null when every event matches (the store's own order). */
  requestIds: number[] | null;
  indexes: number[];
  /** Events of the capture looked at. */
  covered: number;
  /** The newest request looked at. */
  lastRequest: number;
  generation: number;
  version: number;
  refreshing: Promise<void> | null;
}

/** The events of a request's kept body; none when the request is gone. */
function keptEvents(body: string | undefined): unknown[] {
  return body === undefined ? [] : bodyEvents(body);
}

function verdictMatches(verdict: CapturedVerdictFilter, event: CapturedEvent): boolean {
  if (verdict === 'any') return true;
  if (verdict === 'violations') return event.violations.length > 0;
  return event.verdict === verdict;
}

/** An attribute's value as a cell shows it. */
function attributeText(event: unknown, name: string): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const attributes = (event as { attributes?: unknown }).attributes;
  if (typeof attributes !== 'object' || attributes === null || !Object.hasOwn(attributes, name)) return null;
  const value = (attributes as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** What a selection is, in a few words: "12 captured events (refused, customer_id = c-42)". */
export function selectionSource(count: number, filter: CapturedEventsFilter): string {
  const parts = [filter.verdict === 'any' ? '' : filter.verdict === 'violations' ? 'with plan violations' : filter.verdict, filter.where.trim()].filter(
    (part) => part !== '',
  );
  return `${plural(count, 'captured event')}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

export function createCaptureEvents(deps: CaptureEventsDeps) {
  const { store } = deps;
  const limits = deps.limits ?? { events: MAX_TAKEN_EVENTS, bytes: MAX_TAKEN_BYTES };
  const views = new Map<string, View>();
  /** News of the sandbox: bumped once what it received is written. */
  let version = 0;
  let generation = 0;
  /** The oldest event as first seen in this generation: when it changes, the capture was cleared or trimmed. */
  let origin: string | null = null;
  let checked = { version: -1, at: 0 };
  let timer: NodeJS.Timeout | null = null;

  function originNow(): string {
    const [first] = store.eventsPage(0, 1);
    if (first === undefined) return 'empty';
    return `${first.requestId}/${first.index}@${store.request(first.requestId)?.receivedAt ?? ''}`;
  }

  /** Looks at the capture's oldest event when there is news (or a while went by): a new one is a new generation. */
  function checkGeneration(): void {
    const now = Date.now();
    if (checked.version === version && now - checked.at < RECHECK_MS) return;
    checked = { version, at: now };
    const head = originNow();
    if (origin !== null && origin !== 'empty' && head !== origin) generation++;
    origin = head;
  }

  const unsubscribe = deps.onReceived(() => {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void deps.drained().then(() => {
        version++;
        deps.push({ events: store.status().events });
      });
    }, EVENTS_PUSH_INTERVAL_MS);
  });

  function filterOf(where: string): EventFilter | null {
    const parsed = parseFilter(where, { serviceIdField: store.serviceIdField() });
    if (!parsed.ok) throw new AppError('capture-filter', `The filter cannot be read: column ${parsed.column}: ${parsed.message}.`, where);
    return parsed.filter.kind === 'all' ? null : parsed.filter;
  }

  function matches(view: View, captured: CapturedEvent, event: unknown): boolean {
    return verdictMatches(view.verdict, captured) && (view.filter === null || eventMatches(view.filter, event));
  }

  function newest(): number {
    return store.requests(1)[0]?.id ?? 0;
  }

  /** Every captured event up to the newest request now, in slices. */
  function* scan(view: View): Generator<void, void> {
    const last = newest();
    view.requestIds = [];
    view.indexes = [];
    view.covered = 0;
    const add = (captured: CapturedEvent, event: unknown) => {
      view.covered++;
      if (!matches(view, captured, event)) return;
      view.requestIds!.push(captured.requestId);
      view.indexes.push(captured.index);
    };
    if (view.filter === null) {
      // A verdict alone needs no event's text: the captured rows, a page at a time.
      const total = store.status().events;
      for (let offset = 0; offset < total; offset += PLACES_PER_READ) {
        for (const captured of store.eventsPage(offset, PLACES_PER_READ)) if (captured.requestId <= last) add(captured, undefined);
        yield;
      }
      view.lastRequest = last;
      return;
    }
    let read = 0;
    for (const { captured, event } of store.eachEvent()) {
      if (captured.requestId > last) break;
      add(captured, event);
      if (++read % EVENTS_PER_PAUSE === 0) yield;
    }
    view.lastRequest = last;
  }

  /** The requests after `after`, oldest first; null when more came than are looked for one by one. */
  function requestsAfter(after: number): CapturedRequestSummary[] | null {
    for (let limit = 64; limit <= MAX_NEW_REQUESTS; limit *= 4) {
      const latest = store.requests(limit);
      const known = latest.findIndex((request) => request.id <= after);
      if (known >= 0 || latest.length < limit) return latest.slice(0, known >= 0 ? known : latest.length).reverse();
    }
    return null;
  }

  /** The events of requests that came after the list was made, matched a request at a time. */
  function* extend(view: View, requests: readonly CapturedRequestSummary[]): Generator<void, void> {
    for (const request of requests) {
      if (view.requestIds !== null && request.eventCount > 0) {
        const events = view.filter === null ? [] : keptEvents(store.request(request.id)?.body);
        for (const captured of store.eventsOf(request.id)) {
          if (!matches(view, captured, events[captured.index])) continue;
          view.requestIds.push(captured.requestId);
          view.indexes.push(captured.index);
        }
        yield;
      }
      view.covered += request.eventCount;
      view.lastRequest = request.id;
    }
  }

  function* refresh(view: View): Generator<void, void> {
    if (view.generation === generation) {
      const requests = requestsAfter(view.lastRequest);
      if (requests !== null) return yield* extend(view, requests);
    }
    view.generation = generation;
    if (view.requestIds === null) {
      view.lastRequest = newest();
      view.covered = store.status().events;
    } else yield* scan(view);
  }

  /** The list for a filter, up to date with what the capture holds. */
  async function viewOf(filter: CapturedEventsFilter): Promise<View> {
    checkGeneration();
    const key = `${filter.verdict}\n${filter.where.trim()}`;
    let view = views.get(key);
    if (view === undefined) {
      const parsed = filterOf(filter.where);
      const everything = parsed === null && filter.verdict === 'any';
      view = {
        filter: parsed,
        verdict: filter.verdict,
        requestIds: everything ? null : [],
        indexes: [],
        covered: 0,
        lastRequest: 0,
        generation: -1,
        version: -1,
        refreshing: null,
      };
    }
    views.delete(key);
    views.set(key, view);
    for (const old of views.keys()) if (views.size > VIEWS_KEPT) views.delete(old);
    while (view.refreshing) await view.refreshing;
    if (view.version !== version || view.generation !== generation) {
      const wanted = view;
      wanted.version = version;
      wanted.refreshing = inSlices(refresh(wanted)).finally(() => (wanted.refreshing = null));
      await wanted.refreshing;
    }
    return view;
  }

  const total = (view: View) => view.requestIds?.length ?? view.covered;

  /** The (request, index) of the events at places [from, to) of the list. */
  function placesOf(view: View, from: number, to: number): { requestId: number; index: number }[] {
    if (view.requestIds !== null) {
      const ids = view.requestIds;
      const places: { requestId: number; index: number }[] = [];
      for (let place = from; place < Math.min(to, ids.length); place++) places.push({ requestId: ids[place]!, index: view.indexes[place]! });
      return places;
    }
    const end = Math.min(to, view.covered);
    return end <= from ? [] : store.eventsPage(from, end - from).map(({ requestId, index }) => ({ requestId, index }));
  }

  /**
   * Reads the events at places, a request at a time (its captured rows, its events, or both, as
   * asked), each request once while the places stay in it, and may pause after each request.
   */
  function placeReader(want: { rows: boolean; events: boolean }) {
    let requestId = -1;
    let captured = new Map<number, CapturedEvent>();
    let events: unknown[] = [];
    return function* read(
      places: readonly { requestId: number; index: number }[],
      each: (captured: CapturedEvent | undefined, event: unknown) => void,
    ): Generator<void, void> {
      for (const place of places) {
        if (place.requestId !== requestId) {
          requestId = place.requestId;
          captured = want.rows ? new Map(store.eventsOf(requestId).map((event) => [event.index, event])) : new Map();
          events = want.events ? keptEvents(store.request(requestId)?.body) : [];
          yield;
        }
        each(captured.get(place.index), events[place.index]);
      }
    };
  }

  function rowOf(captured: CapturedEvent, event: unknown, attributes: readonly string[]): CapturedEventRow {
    const { requestId, index, token, customerId, deviceId, createdAt, verdict, failure, problems, problemCount, violations } = captured;
    return {
      requestId,
      index,
      token,
      customerId,
      deviceId,
      createdAt,
      verdict,
      failure,
      problems,
      problemCount,
      violations,
      attributes: attributes.map((name) => attributeText(event, name)),
    };
  }

  /** The selection's events as a batch file's text, JSON or NDJSON, built an event at a time. */
  async function takeOut(selection: CapturedSelection, format: 'json' | 'ndjson'): Promise<{ text: string; count: number; source: string }> {
    const view = await viewOf(selection);
    if (selection.generation !== view.generation)
      throw new AppError('capture-selection-stale', 'The capture was cleared or trimmed since these events were selected: select them again.');
    const ranges = mergeRanges(selection.ranges).filter(([from]) => from < total(view));
    const wanted = selectionSize(ranges.map(([from, to]) => [from, Math.min(to, total(view))]));
    if (wanted > limits.events) {
      throw new AppError(
        'capture-selection-too-large',
        `${plural(wanted, 'event')} are more than EventDesk takes out at once (${limits.events.toLocaleString('en')}): narrow the filter, or write them all with "eventdesk capture export".`,
      );
    }
    const pieces: string[] = [];
    let bytes = 0;
    const add = (_captured: CapturedEvent | undefined, event: unknown) => {
      if (event === undefined) return;
      const piece = format === 'ndjson' ? `${JSON.stringify(event)}\n` : `  ${JSON.stringify(event, null, 2).replaceAll('\n', '\n  ')}`;
      bytes += Buffer.byteLength(piece);
      if (bytes > limits.bytes) {
        throw new AppError(
          'capture-selection-too-large',
          `These events are more than ${formatBytes(limits.bytes)} of text, more than EventDesk takes out at once: narrow the filter, or write them all with "eventdesk capture export".`,
        );
      }
      pieces.push(piece);
    };
    const work = function* (): Generator<void, void> {
      const read = placeReader({ rows: false, events: true });
      for (const [from, to] of ranges) {
        // The places a few thousand at a time: finding them in the store is work too.
        for (let at = from; at < Math.min(to, total(view)); at += PLACES_PER_READ) {
          yield* read(placesOf(view, at, Math.min(to, at + PLACES_PER_READ)), add);
          yield;
        }
      }
    };
    await inSlices(work());
    const text = format === 'ndjson' ? pieces.join('') : pieces.length === 0 ? '[]\n' : `[\n${pieces.join(',\n')}\n]\n`;
    return { text, count: pieces.length, source: selectionSource(pieces.length, selection) };
  }

  return {
    /** A page of the events the filter matches, with how many match and how many are captured. */
    async page(query: CapturedEventsQuery): Promise<CapturedEventsPage> {
      const view = await viewOf(query);
      const rows: CapturedEventRow[] = [];
      const places = placesOf(view, query.offset, query.offset + query.limit);
      await inSlices(
        placeReader({ rows: true, events: query.attributes.length > 0 })(places, (captured, event) => {
          if (captured) rows.push(rowOf(captured, event, query.attributes));
        }),
      );
      return { rows, total: total(view), captured: view.covered, generation: view.generation };
    },

    /** One event as it arrived, and the request it came in. */
    event({ requestId, index }: { requestId: number; index: number }): CapturedEventDetail {
      const request = store.request(requestId);
      if (request === null || index >= request.eventCount)
        throw new AppError('capture-event-missing', `Event ${index + 1} of request #${requestId} is no longer in the capture (it was cleared or trimmed).`);
      const event = bodyEvents(request.body)[index];
      return {
        text: event === undefined ? null : JSON.stringify(event, null, 2),
        request: { id: request.id, receivedAt: request.receivedAt, path: request.path, status: request.status, reason: request.reason },
      };
    },

    /** The selection's events as a JSON array's text (Copy, Open in composer, Replay). */
    text: (selection: CapturedSelection) => takeOut(selection, 'json'),

    /** Saves the selection's events where the user chooses, as JSON or NDJSON; null when cancelled. */
    async save(selection: CapturedSelection, format: 'json' | 'ndjson'): Promise<{ path: string; count: number } | null> {
      const { text, count } = await takeOut(selection, format);
      const stamp = new Date().toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      const path = await deps.saveAs(`captured-events-${stamp}.${format}`, text);
      return path === null ? null : { path, count };
    },

    close(): void {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
      timer = null;
      views.clear();
    },
  };
}
export type CaptureEvents = ReturnType<typeof createCaptureEvents>;
