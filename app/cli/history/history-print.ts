import { formatDateTime } from '../../../base/common/datetime.ts';
import { HISTORY_MAX_PAGE, formatBytes } from '../../../features/history/common/history.ts';
import { MASK, redactHeader, redactText, redactValue } from '../../../base/common/redaction/redact.ts';
import {
  eventRangeText,
  sendingTime,
  type ChunkAttempt,
  type ChunkRecord,
  type SubmissionDetail,
  type SubmissionSummary,
} from '../../../features/history/common/submission.ts';
import { plural } from '../../../base/common/plural.ts';
import { stepVerdictText } from '../../../features/history/common/step-verdict.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';
import { terminalText } from '../../../base/common/terminal-text.ts';

/**
 * How `eventdesk history` prints submissions: a table and a detail page for people, JSON for
 * scripts. The store keeps every answer masked already (a send masks the environment's key,
 * password and tokens in every form before it records); everything printed passes redactText
 * again with the secrets the command line knows of (EVENTDESK_PASSWORD, EVENTDESK_API_KEY), for
 * rows an older version wrote.
 */

/** The widest an environment name and a label may make their columns. */
const NAME_WIDTH = 24;
const LABEL_WIDTH = 40;

/** One line of a stored text, at most `width` characters. */
function cell(text: string, width: number): string {
  const line = terminalText(text.replace(/\s+/g, ' ').trim());
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** Request headers as stored (masked when sent); a value that somehow is not gets masked by its name here. */
function shownHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, value.includes(MASK) ? value : redactHeader(name, value)]));
}

function summaryForScripts(summary: SubmissionSummary): SubmissionSummary {
  return { ...summary, headers: shownHeaders(summary.headers) };
}

/** What `history --json` prints: the summaries, no batch. */
export function listJson(rows: readonly SubmissionSummary[], known: readonly string[]): string {
  return printedJson(redactValue(rows.map(summaryForScripts), known));
}

/** What `history show --json` prints: the SubmissionDetail, its batch parsed back into events. */
export function detailJson(detail: SubmissionDetail, known: readonly string[]): string {
  let batch: unknown = detail.batch;
  try {
    batch = JSON.parse(detail.batch);
  } catch {
    // Recorded batches are JSON; were one not, it is printed as the text it is.
  }
  return printedJson(redactValue({ ...summaryForScripts(detail), batch, chunks: detail.chunks }, known));
}

/** "850 ms", "1.2 s", "3 min 05 s", "2 h 04 min", "3 d 07 h": how long a send took (a resumed one can span days). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)} s`;
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${String(whole % 60).padStart(2, '0')} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  return `${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, '0')} h`;
}

/** How long a submission spent sending over all its runs, or a dash when that is not known. */
function durationOf(summary: SubmissionSummary): string {
  const ms = sendingTime(summary);
  return ms === null ? '—' : formatDuration(ms);
}

/** The server's answer, and beside it the verdict of the scenario step that made the send, as the app shows them. */
function statusText(summary: SubmissionSummary): string {
  return summary.stepVerdict ? `${summary.status} (${stepVerdictText(summary.stepVerdict)})` : summary.status;
}

/** The submissions as a table for people: newest first, times in `timeZone`. */
export function listTable(rows: readonly SubmissionSummary[], timeZone: string, known: readonly string[]): string {
  const columns = [
    { title: 'ID', right: false, of: (row: SubmissionSummary) => row.id },
    { title: `STARTED (${timeZone})`, right: false, of: (row: SubmissionSummary) => formatDateTime(new Date(row.startedAt), timeZone) },
    { title: 'ENVIRONMENT', right: false, of: (row: SubmissionSummary) => cell(row.environmentName, NAME_WIDTH) },
    { title: 'STATUS', right: false, of: statusText },
    { title: 'EVENTS', right: true, of: (row: SubmissionSummary) => String(row.eventCount) },
    { title: 'DURATION', right: true, of: durationOf },
    { title: 'LABEL', right: false, of: (row: SubmissionSummary) => cell(row.label, LABEL_WIDTH) },
  ];
  const cells = rows.map((row) => columns.map((column) => column.of(row)));
  const widths = columns.map((column, index) => Math.max(column.title.length, ...cells.map((line) => line[index]!.length)));
  const line = (texts: readonly string[]) =>
    texts
      .map((text, index) => (columns[index]!.right ? text.padStart(widths[index]!) : text.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return redactText([line(columns.map((column) => column.title)), ...cells.map(line), ''].join('\n'), known);
}

/** The line under the table: how many there are, and how to see more when the limit cut the list. */
export function listFooter({ shown, matching, limit, filtered }: { shown: number; matching: number; limit: number; filtered: boolean }): string {
  if (matching <= shown) return `${plural(shown, 'submission')}, newest first.\n`;
  const more =
    limit < HISTORY_MAX_PAGE ? ` --limit ${Math.min(HISTORY_MAX_PAGE, matching)} shows more.` : ' Narrow the filters, or use --to, to reach older ones.';
  return `The newest ${shown} of ${plural(matching, filtered ? 'matching submission' : 'submission')}.${more}\n`;
}

/** A response body for reading: JSON laid out, anything else as it came; every line indented. */
function responseText(body: string, indent: string): string {
  let text = body;
  try {
    text = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    // Not JSON (or cut at the size limit): shown as received.
  }
  return terminalText(text.trimEnd())
    .split('\n')
    .map((line) => `${indent}${line}`)
    .join('\n');
}

const CUT = ' (cut at the size the history keeps)';

/** One attempt: when, what came back, Retry-After, how long; its error, headers and body below. */
function attemptLines(attempt: ChunkAttempt, timeZone: string): string[] {
  const when = attempt.startedAt === null ? 'time not recorded' : formatDateTime(new Date(attempt.startedAt), timeZone);
  const answer = attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`;
  const retryAfter = attempt.retryAfter === null ? '' : `  Retry-After ${terminalText(attempt.retryAfter)}`;
  const lines = [`    attempt ${attempt.number}  ${when}  ${answer}${retryAfter}  ${formatDuration(attempt.durationMs)}`];
  if (attempt.error !== null) lines.push(`      error     ${terminalText(attempt.error)}`);
  const headers = Object.entries(attempt.responseHeaders);
  if (headers.length > 0) lines.push('      headers', ...headers.map(([name, value]) => `        ${terminalText(name)}: ${terminalText(value)}`));
  if (attempt.responseBody !== '') lines.push(`      response${attempt.responseTruncated ? CUT : ''}`, responseText(attempt.responseBody, '        '));
  return lines;
}

/** `position`: where the chunk stands among the submission's chunks, from 0. */
function chunkLines(chunk: ChunkRecord, position: number, timeZone: string): string[] {
  const answer = chunk.statusCode === null ? 'no answer' : `HTTP ${chunk.statusCode}`;
  const lines = [
    `  chunk ${position + 1}  ${eventRangeText(chunk.firstEvent, chunk.eventCount)}  ${chunk.status}  ${answer}  ${plural(chunk.attempts, 'attempt')}  ${formatDuration(chunk.durationMs)}`,
  ];
  if (chunk.wentOut && chunk.status !== 'ok') lines.push('    caution   a request went out without an answer: the server may already hold these events');
  if (chunk.error !== null) lines.push(`    error     ${terminalText(chunk.error)}`);
  lines.push(...chunk.attemptLog.flatMap((attempt) => attemptLines(attempt, timeZone)));
  return lines;
}

/** One submission for people: what, where, when, the headers, the user's words and every attempt of every chunk. */
export function detailText(detail: SubmissionDetail, timeZone: string, known: readonly string[]): string {
  const accepted = detail.chunks.filter((chunk) => chunk.status === 'ok').reduce((sum, chunk) => sum + chunk.eventCount, 0);
  const started = formatDateTime(new Date(detail.startedAt), timeZone);
  const finished = detail.finishedAt === null ? 'not yet' : `${formatDateTime(new Date(detail.finishedAt), timeZone)} (${durationOf(detail)})`;
  const headers = Object.entries(shownHeaders(detail.headers));
  const lines = [
    `Submission ${detail.id}: ${statusText(detail)}`,
    `  environment  ${terminalText(detail.environmentName)} (id ${terminalText(detail.environmentId)})`,
    `  address      ${terminalText(detail.baseUrl)}`,
    `  started      ${started} (${timeZone})`,
    `  finished     ${finished}`,
    `  events       ${accepted} accepted of ${detail.eventCount}, in ${plural(detail.chunks.length, 'chunk')}`,
    `  label        ${detail.label === '' ? '(none)' : terminalText(detail.label)}`,
    `  note         ${detail.note === '' ? '(none)' : terminalText(detail.note).replaceAll('\n', '\n               ')}`,
    ...(detail.stepVerdict?.reason ? [`  step failed  ${terminalText(detail.stepVerdict.reason).replaceAll('\n', '\n               ')}`] : []),
    '',
    'Request headers',
    ...(headers.length === 0 ? ['  (none recorded)'] : headers.map(([name, value]) => `  ${terminalText(name)}: ${terminalText(value)}`)),
    '',
    'Chunks',
    ...detail.chunks.flatMap((chunk, position) => chunkLines(chunk, position, timeZone)),
    '',
    `The batch (${plural(detail.eventCount, 'event')}, ${formatBytes(Buffer.byteLength(detail.batch, 'utf8'))}) is printed by --json.`,
    '',
  ];
  return redactText(lines.join('\n'), known);
}
