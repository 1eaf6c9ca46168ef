import type { SQLInputValue } from 'node:sqlite';
import type { HistoryFilter } from '../common/history.ts';
import { StepVerdictSchema } from '../common/step-verdict.ts';
import type { ChunkAttempt, ChunkRecord, Submission, SubmissionStatus, SubmissionSummary } from '../common/submission.ts';
import { searchWords } from './history-search.ts';

/** How the history's rows read as the records the app shows, and how a history filter reads as SQL. */

export type Row = Record<string, unknown>;

/**
 * A submission's status as shown. One still 'sending' that no live process sends (`send_is_live`,
 * its claim: submissions-context.ts) reads as 'interrupted', as the next start records it: a
 * send stopped by a full disk cannot write how it ended, and a killed one never did. Its id is
 * read by `seq` for those rows alone, so a count or the timeline still reads only the status index.
 */
export const shownStatus = `CASE WHEN s.status = 'sending' AND NOT send_is_live((SELECT id FROM submissions WHERE seq = s.seq)) THEN 'interrupted' ELSE s.status END`;

export const summaryColumns = `s.id, s.environment_id, s.environment_name, s.environment_color, s.base_url, s.headers,
  s.event_count, s.batch_hash, s.started_at, s.finished_at, s.sending_ms, ${shownStatus} AS status, s.label, s.note, s.pseudonymized_from, s.step_verdict`;
/** The batch as sent, `[e1,e2,…]`, put back together from its parts. */
export const submissionColumns = `${summaryColumns},
  '[' || coalesce((SELECT group_concat(p.events, ',' ORDER BY p.first_event) FROM batch_parts p WHERE p.submission_id = s.id), '') || ']' AS batch`;

export function toSummary(row: Row): SubmissionSummary {
  return {
    id: String(row.id),
    environmentId: String(row.environment_id),
    environmentName: String(row.environment_name),
    environmentColor: String(row.environment_color),
    baseUrl: String(row.base_url),
    headers: JSON.parse(String(row.headers)) as Record<string, string>,
    eventCount: Number(row.event_count),
    batchHash: String(row.batch_hash),
    startedAt: String(row.started_at),
    finishedAt: row.finished_at === null ? null : String(row.finished_at),
    sendingMs: Number(row.sending_ms),
    status: row.status as SubmissionStatus,
    label: String(row.label),
    note: String(row.note),
    pseudonymizedFrom: JSON.parse(String(row.pseudonymized_from)) as string[],
    ...(row.step_verdict === null ? {} : { stepVerdict: StepVerdictSchema.parse(JSON.parse(String(row.step_verdict))) }),
  };
}

export function toSubmission(row: Row): Submission {
  return { ...toSummary(row), batch: String(row.batch) };
}

/**
 * The WHERE clause (over `submissions s`) and its parameters for a history filter, and for the
 * page after the submission `before` when given.
 */
/**
 * An instant as the stored `started_at` texts compare with it. Past year 9999 an ISO text starts
 * with `+` (`+010000-…`), which sorts before every stored one: `~` sorts after them all instead.
 * (A year before 0 starts with `-`, before them all, as it should.)
 */
export function storedInstant(instant: string | number): string {
  const iso = new Date(instant).toISOString();
  return iso.startsWith('+') ? '~' : iso;
}

export function filterSql(filter: HistoryFilter, before?: string): { where: string; params: SQLInputValue[] } {
  const conditions: string[] = [];
  const params: SQLInputValue[] = [];
  const placeholders = (values: readonly string[]) => {
    params.push(...values);
    return values.map(() => '?').join(', ');
  };
  if (filter.environmentIds.length > 0) conditions.push(`s.environment_id IN (${placeholders(filter.environmentIds)})`);
  if (filter.statuses.length > 0) {
    // Rows stored with another status than 'sending' show it: the status index finds them.
    const stored = filter.statuses.filter((status) => status !== 'sending');
    conditions.push(`(s.status IN (${placeholders(stored)}) OR (s.status = 'sending' AND ${shownStatus} IN (${placeholders(filter.statuses)})))`);
  }
  if (filter.from !== null) conditions.push(`s.started_at >= ${placeholders([storedInstant(filter.from)])}`);
  if (filter.to !== null) conditions.push(`s.started_at < ${placeholders([storedInstant(filter.to)])}`);
  const words = searchWords(filter.search);
  // Only symbols typed ("€", "-"): none of them can be found, so nothing matches, not everything.
  if (words.length === 0 && filter.search.trim() !== '') conditions.push('0');
  for (const word of words) {
    conditions.push(`(s.id IN (SELECT p.submission_id FROM batch_parts p WHERE p.id IN (SELECT rowid FROM search_events WHERE search_events MATCH ?))
      OR s.seq IN (SELECT rowid FROM search_notes WHERE search_notes MATCH ?))`);
    params.push(word, word);
  }
  if (before !== undefined) {
    conditions.push('(s.started_at, s.seq) < (SELECT started_at, seq FROM submissions WHERE id = ?)');
    params.push(before);
  }
  return { where: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`, params };
}

export function toAttempt(row: Row): ChunkAttempt {
  return {
    number: Number(row.number),
    startedAt: row.started_at === null ? null : String(row.started_at),
    durationMs: Number(row.duration_ms),
    firstEvent: Number(row.first_event),
    eventCount: Number(row.event_count),
    statusCode: row.status_code === null ? null : Number(row.status_code),
    retryAfter: row.retry_after === null ? null : String(row.retry_after),
    error: row.error === null ? null : String(row.error),
    responseHeaders: JSON.parse(String(row.response_headers)) as Record<string, string>,
    responseBody: String(row.response_body),
    responseTruncated: row.response_truncated === 1,
    mayHaveArrived: row.may_have_arrived === 1,
  };
}

export function toChunk(row: Row, attemptLog: ChunkAttempt[]): ChunkRecord {
  return {
    firstEvent: Number(row.first_event),
    eventCount: Number(row.event_count),
    status: row.status as ChunkRecord['status'],
    statusCode: row.status_code === null ? null : Number(row.status_code),
    responseHeaders: JSON.parse(String(row.response_headers)) as Record<string, string>,
    responseBody: String(row.response_body),
    responseTruncated: row.response_truncated === 1,
    attempts: Number(row.attempts),
    durationMs: Number(row.duration_ms),
    error: row.error === null ? null : String(row.error),
    wentOut: attemptLog.some((attempt) => attempt.mayHaveArrived),
    attemptLog,
  };
}

/** Cuts a text to at most `maxBytes` of UTF-8, never inside a character. */
export function truncateUtf8(text: string, maxBytes: number): { text: string; truncated: boolean } {
  // A UTF-16 code unit never takes more than 3 bytes of UTF-8, so short texts need no encoding.
  if (text.length * 3 <= maxBytes) return { text, truncated: false };
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return read === text.length ? { text, truncated: false } : { text: text.slice(0, read), truncated: true };
}
