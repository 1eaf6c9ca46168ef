import type { CaptureStatus, CapturedEvent, CapturedRequest, CapturedRequestSummary, CapturedUpstream } from '../../../features/capture/common/capture.ts';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { formatBytes } from '../../../features/history/common/history.ts';
import { plural } from '../../../base/common/plural.ts';
import { terminalText } from '../../../base/common/terminal-text.ts';

/**
 * How `eventdesk capture` prints the capture for people: requests as a table, one request with
 * each of its events and verdicts. Everything was masked before it was kept.
 */

const REASON_WIDTH = 72;

function oneLine(text: string, width: number): string {
  const line = terminalText(text.replace(/\s+/g, ' ').trim());
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

const statusText = (status: number | null) => (status === null ? 'reset' : String(status));

/** Requests newest first: id, time, status, method and path, events, reason. */
export function requestsTable(rows: readonly CapturedRequestSummary[], timeZone: string): string {
  const header = ['ID', `RECEIVED (${timeZone})`, 'STATUS', 'REQUEST', 'EVENTS', 'REASON'];
  const lines = rows.map((row) => [
    String(row.id),
    formatDateTime(new Date(row.receivedAt), timeZone),
    statusText(row.status),
    oneLine(`${row.method} ${row.path}`, 48),
    String(row.eventCount),
    oneLine(row.reason, REASON_WIDTH),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  return (
    [header, ...lines]
      .map((line) =>
        line
          .map((text, column) => (column === 4 ? text.padStart(widths[column]!) : text.padEnd(widths[column]!)))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** Under the list: how many there are, where, and what a flood left out. */
/** What is kept, and how much of it is shown: all, the newest `shown`, or of `matching` requests holding a matching event, the newest `shown`. */
export function statusFooter(status: CaptureStatus, shown: number, matching: number | null = null): string {
  const kept = `${plural(status.requests, 'request')} (${plural(status.events, 'event')}, ${formatBytes(status.storedBytes)}) in ${status.file}`;
  const first =
    matching === null
      ? `${shown < status.requests ? `The newest ${shown} of ` : ''}${kept}.`
      : `${matching} of ${kept} ${matching === 1 ? 'holds' : 'hold'} a matching event${shown < matching ? `; the newest ${shown} are shown` : ''}.`;
  const lines = [first];
  if (status.notCapturedEvents > 0 || status.notCapturedRequests > 0) {
    lines.push(
      `${plural(status.notCapturedEvents, 'event')} in ${plural(status.notCapturedRequests, 'request')} were received but not captured: they came faster than the capture could keep them.`,
    );
  }
  if (status.problem !== null) lines.push(status.problem);
  return `${lines.join('\n')}\n`;
}

function eventLines(event: CapturedEvent): string[] {
  const keys = [
    `token ${event.token ?? '—'}`,
    `customer_id ${event.customerId ?? '—'}`,
    `device_id ${event.deviceId ?? '—'}`,
    `created_at ${event.createdAt ?? '—'}`,
  ];
  const lines = [`  event ${event.index + 1}  ${event.verdict}  ${terminalText(keys.join('  '))}`];
  for (const problem of event.problems) lines.push(`    ${terminalText(problem.field === '' ? problem.message : `${problem.field}: ${problem.message}`)}`);
  if (event.problemCount > event.problems.length) lines.push(`    … and ${plural(event.problemCount - event.problems.length, 'more problem')}`);
  for (const violation of event.violations) lines.push(`    plan ${violation.severity} ${violation.kind}: ${terminalText(violation.message)}`);
  return lines;
}

function headerLines(headers: Record<string, string>, indent: string): string[] {
  return Object.entries(headers).map(([name, value]) => `${indent}${terminalText(name)}: ${terminalText(value)}`);
}

function bodyLines(title: string, body: string, indent = '  '): string[] {
  if (body === '') return [];
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON (or cut short): shown as received.
  }
  return [
    title,
    ...terminalText(text)
      .split('\n')
      .map((line) => `${indent}${line}`),
  ];
}

/** Where forwarding sent the request and what came back, as the app's Forwarded part shows it: its answer, or why none came. */
function upstreamLines(upstream: CapturedUpstream): string[] {
  const answer =
    upstream.status === null
      ? `no answer  ${terminalText(upstream.error ?? 'none came')}`
      : `answered  ${upstream.status}${upstream.error === null ? '' : `  ${terminalText(upstream.error)}`}`;
  return [
    `  forwarded to ${terminalText(upstream.url)}`,
    `    ${answer}, in ${upstream.durationMs.toLocaleString('en', { maximumFractionDigits: 1 })} ms`,
    ...(Object.keys(upstream.headers).length === 0 ? [] : ['    headers', ...headerLines(upstream.headers, '      ')]),
    ...bodyLines('    body', upstream.body, '      '),
  ];
}

/** One request in full: its headers and body, its answer, what the upstream answered when forwarded, and each event with its verdict. */
export function requestText(request: CapturedRequest, events: readonly CapturedEvent[], timeZone: string): string {
  const lines = [
    `Request ${request.id}: ${terminalText(`${request.method} ${request.path}`)}`,
    `  received  ${formatDateTime(new Date(request.receivedAt), timeZone)} ${timeZone}, answered in ${request.durationMs} ms`,
    `  status    ${statusText(request.status)}${request.reason === '' ? '' : `  ${terminalText(request.reason)}`}`,
    ...(request.fault === null ? [] : [`  fault     ${request.fault}`]),
    ...(request.plan === null ? [] : [`  plan      ${terminalText(request.plan)}`]),
    '  headers',
    ...headerLines(request.headers, '    '),
    ...bodyLines(`  body (${plural(request.bodyBytes, 'byte')}${request.bodyTruncated ? ', not read to its end' : ''})`, request.body),
    ...(request.response ? bodyLines('  answer', request.response.body) : []),
    ...(request.upstream === null ? [] : upstreamLines(request.upstream)),
  ];
  if (events.length > 0) {
    const accepted = events.filter((event) => event.verdict === 'accepted').length;
    lines.push(`${plural(events.length, 'event')}, ${accepted} accepted, ${events.length - accepted} refused:`, ...events.flatMap(eventLines));
  }
  return `${lines.join('\n')}\n`;
}
