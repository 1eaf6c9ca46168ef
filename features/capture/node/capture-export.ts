import { STATUS_CODES } from 'node:http';
import type { CapturedRequest, CapturedVerdict } from '../common/capture.ts';
import { eventMatches, type EventFilter } from '../../transforms/common/filter.ts';
import { exportHar, type HarExchange } from '../../formats/common/har.ts';
import type { ImportedEvent } from '../../formats/common/import-result.ts';
import { serializeJson } from '../../formats/common/json.ts';
import { serializeNdjson } from '../../formats/common/ndjson.ts';
import type { CaptureStore } from './capture-store.ts';

/**
 * Taking captured events and requests out: the events (all, or those a filter in the composer's
 * language matches) as a batch file `eventdesk send` takes, or the requests as HAR 1.2. What
 * was kept is masked already; the HAR export masks again by header name, as every export does.
 */

export const CAPTURE_EXPORT_FORMATS = ['json', 'ndjson', 'har'] as const;
export type CaptureExportFormat = (typeof CAPTURE_EXPORT_FORMATS)[number];

export interface CaptureExport {
  text: string;
  /** Events written (json, ndjson) or requests written (har). */
  count: number;
  /** Of how many captured. */
  of: number;
}

/** Which captured events to take: those a filter matches, of one verdict; null for any. */
export interface CaptureExportFilter {
  filter: EventFilter | null;
  verdict: CapturedVerdict | null;
}

/** The events a selection picks, in the order they arrived, and the requests holding them. */
export function matchingEvents(
  store: CaptureStore,
  { filter, verdict }: CaptureExportFilter,
): { events: ImportedEvent[]; of: number; requestIds: Set<number> } {
  const events: ImportedEvent[] = [];
  const requestIds = new Set<number>();
  let of = 0;
  for (const { captured, event } of store.eachEvent()) {
    of++;
    if (verdict !== null && captured.verdict !== verdict) continue;
    if (filter !== null && !eventMatches(filter, event)) continue;
    events.push(event as ImportedEvent);
    requestIds.add(captured.requestId);
  }
  return { events, of, requestIds };
}

/** A captured request as a HAR entry; the sandbox's address from its Host header. */
export function harExchange(request: CapturedRequest): HarExchange {
  return {
    startedDateTime: request.receivedAt,
    time: request.durationMs,
    request: {
      method: request.method,
      url: `http://${request.headers.host ?? 'sandbox'}${request.path}`,
      headers: request.headers,
      body: request.body === '' ? null : request.body,
    },
    response: request.response && { ...request.response, statusText: STATUS_CODES[request.response.status] ?? '' },
    comment: `captured request ${request.id}${request.reason === '' ? '' : `: ${request.reason}`}`,
  };
}

export function exportCapture(store: CaptureStore, format: CaptureExportFormat, selection: CaptureExportFilter, appVersion: string): CaptureExport {
  if (format === 'har') {
    const wanted = selection.filter === null && selection.verdict === null ? null : matchingEvents(store, selection).requestIds;
    const exchanges: HarExchange[] = [];
    let of = 0;
    for (const request of store.eachRequest()) {
      of++;
      if (wanted === null || wanted.has(request.id)) exchanges.push(harExchange(request));
    }
    return { text: exportHar(exchanges, { appVersion }), count: exchanges.length, of };
  }
  const { events, of } = matchingEvents(store, selection);
  return { text: format === 'json' ? serializeJson(events) : serializeNdjson(events), count: events.length, of };
}
