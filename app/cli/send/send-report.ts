import { redactText } from '../../../base/common/redaction/redact.ts';
import type { PlannedChunk } from '../../../features/history/common/chunking.ts';
import {
  eventRangeText,
  possiblyDelivered,
  unansweredText,
  type ChunkRecord,
  type SendProgress,
  type SubmissionView,
  type SubmissionStatus,
  type SubmissionSummary,
} from '../../../features/history/common/submission.ts';
import type { CliIo } from '../shared/command.ts';

/** What `eventdesk send` tells: its progress on stderr, and the summary or the dry run's plan, for people or as JSON. */

/** A progress line per finished chunk, but no more often than this. */
const PROGRESS_LINE_MS = 500;
/** The failures a summary for people lists; --json lists them all. */
const FAILURES_SHOWN = 5;

/** What --json prints after a send or a resume. */
export interface SendSummary {
  submissionId: string;
  status: SubmissionStatus;
  environment: string;
  baseUrl: string;
  events: number;
  eventsAccepted: number;
  chunks: { total: number; ok: number; failed: number; cancelled: number; pending: number; skipped: number };
  /** Chunks are known by their first event (counted from 0), as in the history. */
  failures: { firstEvent: number; eventCount: number; statusCode: number | null; error: string | null; responseBody: string }[];
  /** The submissions.sqlite it is recorded in. */
  database: string;
  /** The command that sends the rest; null when there is no rest. */
  resume: string | null;
  /** The earlier submission of the same resolved batch to the same place, when there was one. */
  sentBefore: { submissionId: string; startedAt: string } | null;
  /**
   * Chunks of which a request went out without an answer (a kill, a cancel, a reset): the server
   * may hold their events, and, for those a resume sent again, hold them twice.
   */
  possiblyDelivered: { firstEvent: number; eventCount: number }[];
}

/** What --dry-run --json prints. */
export interface SendPlan {
  dryRun: true;
  environment: string;
  baseUrl: string;
  events: number;
  bytes: number;
  chunkSize: number;
  maxChunkBytes: number;
  chunks: PlannedChunk[];
}

/** An answer a later try cannot get past (unlike a login, a timeout or a rate limit): the same events would be refused again. */
const refusedForGood = (statusCode: number | null) =>
  statusCode !== null && statusCode >= 400 && statusCode < 500 && ![401, 403, 408, 429].includes(statusCode);

export function summaryOf(
  detail: SubmissionView,
  database: string,
  resume: string | null,
  sentBefore: SubmissionSummary | null,
  known: readonly string[],
  uncertainBefore: readonly ChunkRecord[] = [],
): SendSummary {
  const uncertain = new Map([...uncertainBefore, ...possiblyDelivered(detail.chunks)].map((chunk) => [chunk.firstEvent, chunk]));
  const count = (...statuses: string[]) => detail.chunks.filter((chunk) => statuses.includes(chunk.status)).length;
  const ok = detail.chunks.filter((chunk) => chunk.status === 'ok');
  const failed = detail.chunks.filter((chunk) => chunk.status === 'failed');
  return {
    submissionId: detail.id,
    status: detail.status,
    environment: detail.environmentName,
    baseUrl: detail.baseUrl,
    events: detail.eventCount,
    eventsAccepted: ok.reduce((sum, chunk) => sum + chunk.eventCount, 0),
    chunks: {
      total: detail.chunks.length,
      ok: ok.length,
      failed: count('failed'),
      cancelled: count('cancelled'),
      pending: count('pending', 'sending'),
      skipped: count('skipped'),
    },
    failures: failed.map((chunk) => ({
      firstEvent: chunk.firstEvent,
      eventCount: chunk.eventCount,
      statusCode: chunk.statusCode,
      error: chunk.error === null ? null : redactText(chunk.error, known),
      responseBody: redactText(chunk.responseBody, known),
    })),
    database,
    resume: detail.status === 'ok' ? null : resume,
    sentBefore: sentBefore ? { submissionId: sentBefore.id, startedAt: sentBefore.startedAt } : null,
    possiblyDelivered: [...uncertain.values()].sort((a, b) => a.firstEvent - b.firstEvent).map(({ firstEvent, eventCount }) => ({ firstEvent, eventCount })),
  };
}

export function describeSummary(summary: SendSummary): string {
  const { chunks } = summary;
  const others = [
    chunks.cancelled > 0 ? `${chunks.cancelled} cancelled` : '',
    chunks.pending > 0 ? `${chunks.pending} not sent` : '',
    chunks.skipped > 0 ? `${chunks.skipped} skipped` : '',
  ].filter(Boolean);
  const lines = [
    `Submission ${summary.submissionId}: ${summary.status}`,
    `  target     ${summary.environment} (${summary.baseUrl})`,
    `  chunks     ${chunks.ok} ok, ${chunks.failed} failed${others.map((text) => `, ${text}`).join('')} (of ${chunks.total})`,
    `  events     ${summary.eventsAccepted} accepted of ${summary.events}`,
    `  database   ${summary.database}`,
  ];
  for (const failure of summary.failures.slice(0, FAILURES_SHOWN)) {
    const body = failure.responseBody.trim().replace(/\s+/g, ' ');
    lines.push(
      `  ${eventRangeText(failure.firstEvent, failure.eventCount)} failed: ${failure.error ?? `HTTP ${failure.statusCode}`}${body ? ` Answer: ${body.slice(0, 300)}` : ''}`,
    );
  }
  if (summary.failures.length > FAILURES_SHOWN) lines.push(`  … and ${summary.failures.length - FAILURES_SHOWN} more failed chunks (--json lists them all)`);
  if (summary.possiblyDelivered.length > 0) lines.push(`  caution    ${unansweredText(summary.possiblyDelivered)}`);
  // Only refusals left (a 422, a 413 of one event): the same events would likely be refused again.
  const onlyRefusals =
    chunks.pending + chunks.cancelled === 0 && summary.failures.length > 0 && summary.failures.every((failure) => refusedForGood(failure.statusCode));
  if (summary.resume && onlyRefusals) lines.push(`The server refused these events; fix the cause before sending them again with: ${summary.resume}`);
  else if (summary.resume) lines.push(`Send the rest with: ${summary.resume}`);
  return `${lines.join('\n')}\n`;
}

export function describePlan(plan: SendPlan): string {
  const shown = 20;
  const lines = [
    'Dry run: nothing was sent and nothing was recorded.',
    `  target     ${plan.environment} (${plan.baseUrl})`,
    `  events     ${plan.events}`,
    `  chunks     ${plan.chunks.length}, at most ${plan.chunkSize} events and ${plan.maxChunkBytes} bytes each`,
    `  bytes      ${plan.bytes} of request bodies in all`,
    ...plan.chunks
      .slice(0, shown)
      .map(
        (chunk, position) =>
          `  chunk ${position + 1}    ${eventRangeText(chunk.firstEvent, chunk.eventCount)}, ${chunk.bytes} bytes${chunk.oversized ? ' (one event over the byte limit: sent alone anyway)' : ''}`,
      ),
    ...(plan.chunks.length > shown ? [`  … and ${plan.chunks.length - shown} more chunks (--json lists them all)`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** Prints progress to stderr: a line per finished chunk (at most every half second, and the last), and every wait or retry. */
export function progressPrinter(io: CliIo, known: () => readonly string[]) {
  let lastLine = -Infinity;
  let lastDone = 0;
  let lastActivity: string | null = null;
  return (progress: SendProgress) => {
    if (progress.activity !== lastActivity) {
      lastActivity = progress.activity;
      if (progress.activity) io.stderr(`  ${redactText(progress.activity, known())}\n`);
    }
    const now = performance.now();
    const finished = progress.chunksDone === progress.chunksTotal;
    if (progress.chunksDone > lastDone && (finished || now - lastLine >= PROGRESS_LINE_MS)) {
      lastDone = progress.chunksDone;
      lastLine = now;
      const pace = progress.eventsPerSecond > 0 ? `, ${Math.round(progress.eventsPerSecond)} events/s` : '';
      const eta = progress.etaSeconds !== null && !finished ? `, about ${Math.ceil(progress.etaSeconds)} s left` : '';
      io.stderr(`  ${progress.chunksDone}/${progress.chunksTotal} chunks done, ${progress.eventsDone}/${progress.eventsTotal} events accepted${pace}${eta}\n`);
    }
  };
}
