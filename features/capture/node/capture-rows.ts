import type { CapturedRequest, CapturedRequestSummary } from '../common/capture.ts';
import type { ListedRequest } from '../common/capture-requests.ts';

/** A captured request's row as the capture's readers give it: a summary, a listed line, the whole request. */

export type Row = Record<string, unknown>;

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const parsed = <T>(value: unknown, empty: T): T => (value === null || value === undefined ? empty : (JSON.parse(String(value)) as T));

export function toSummary(row: Row): CapturedRequestSummary {
  return {
    id: Number(row.id),
    receivedAt: String(row.received_at),
    durationMs: Number(row.duration_ms),
    method: String(row.method),
    path: String(row.path),
    status: row.status === null ? null : Number(row.status),
    reason: String(row.reason),
    eventCount: Number(row.event_count),
    fault: text(row.fault),
    plan: text(row.plan),
  };
}

/**
 * What the Sandbox tab lists of a request, and no more: selecting `*` (or any column but these)
 * would copy every body into memory, some 100 KB for 500 events. The columns stored after the
 * body are still reached through its overflow pages, which the file's pointer map lets SQLite
 * skip without reading them. A plan's errors and warnings are counted from its violations.
 */
export const SUMMARY_COLUMNS = 'id, received_at, duration_ms, method, path, status, reason, event_count, fault, plan';
export const LISTED_COLUMNS = `${SUMMARY_COLUMNS}, upstream_url IS NOT NULL AS forwarded, upstream_status,
  upstream_error IS NOT NULL AS upstream_failed,
  (SELECT count(*) FROM json_each(event_violations) WHERE value ->> '$.severity' = 'error') AS plan_errors,
  (SELECT count(*) FROM json_each(event_violations) WHERE value ->> '$.severity' = 'warning') AS plan_warnings`;

export function toListed(row: Row): ListedRequest {
  return {
    ...toSummary(row),
    upstream:
      Number(row.forwarded) === 1
        ? { status: row.upstream_status === null ? null : Number(row.upstream_status), failed: Number(row.upstream_failed) === 1 }
        : null,
    planErrors: Number(row.plan_errors),
    planWarnings: Number(row.plan_warnings),
  };
}

export function toRequest(row: Row): CapturedRequest {
  return {
    ...toSummary(row),
    headers: parsed(row.headers, {}),
    body: String(row.body),
    bodyBytes: Number(row.body_bytes),
    bodyTruncated: Number(row.body_truncated) === 1,
    response:
      row.response_headers === null ? null : { status: Number(row.status), headers: parsed(row.response_headers, {}), body: String(row.response_body ?? '') },
    serviceIdField: String(row.service_id_field),
    upstream:
      row.upstream_url === null
        ? null
        : {
            url: String(row.upstream_url),
            status: row.upstream_status === null ? null : Number(row.upstream_status),
            headers: parsed(row.upstream_headers, {}),
            body: String(row.upstream_body ?? ''),
            error: text(row.upstream_error),
            durationMs: Number(row.upstream_ms ?? 0),
          },
  };
}
