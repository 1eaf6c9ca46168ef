import { copyFileSync, statSync, truncateSync } from 'node:fs';
import path from 'node:path';
import type { CapturedRequestRow } from '../../../features/capture/node/capture-record.ts';
import { captureFileIn, openCapture } from '../../../features/capture/node/capture-store.ts';
import { validEvent } from '../sandbox/sandbox-client.ts';

/** Capture files damaged as files get damaged: cut short by a copy or a full disk, with the WAL beside them. */

function row(events: number): CapturedRequestRow {
  const body = JSON.stringify(
    Array.from({ length: events }, (_, index) => validEvent({ customer_id: `cust-${index}`, attributes: { note: 'n'.repeat(150) } })),
  );
  return {
    receivedAt: new Date().toISOString(),
    durationMs: 1,
    method: 'POST',
    path: '/user/events',
    headers: '{}',
    body,
    bodyBytes: body.length,
    bodyTruncated: false,
    status: 202,
    reason: `accepted ${events} events`,
    responseHeaders: '{}',
    responseBody: '{}',
    fault: null,
    plan: null,
    serviceIdField: 'svc_id',
    storedBytes: body.length,
    eventCount: events,
    eventProblems: null,
    eventViolations: null,
    upstream: null,
  };
}

/**
 * A capture of 41 requests left as a killed sandbox leaves it (its last request still in the
 * WAL), copied into `into` with its WAL and cut to half its bytes. SQLite reads its size from
 * the WAL, so it opens and counts its requests as if whole. Returns the copy's path.
 */
export function cutShortCapture(from: string, into: string): string {
  const file = captureFileIn(from);
  const first = openCapture(file, { log: () => undefined });
  first.write(Array.from({ length: 40 }, () => row(200)));
  first.close();
  const second = openCapture(file, { log: () => undefined });
  second.write([row(1)]);
  const copy = captureFileIn(into);
  for (const suffix of ['', '-wal']) copyFileSync(`${file}${suffix}`, `${copy}${suffix}`);
  second.close();
  truncateSync(copy, Math.floor(statSync(copy).size / 2));
  return path.resolve(copy);
}
