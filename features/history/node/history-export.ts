import { STATUS_CODES } from 'node:http';
import { AppError } from '../../../base/common/errors.ts';
import { exportCurl } from '../../formats/common/curl.ts';
import { exportHar, type HarExchange } from '../../formats/common/har.ts';
import type { ExportOptions } from '../../formats/common/http-request.ts';
import { formatBytes, type ExportFormat } from '../common/history.ts';
import { redactHeaders, redactText, redactUrl, redactValue } from '../../../base/common/redaction/redact.ts';
import { eventRangeText, type ChunkAttempt, type ChunkRecord, type SubmissionDetail, type SubmissionStatus } from '../common/submission.ts';
import { sentRequests, type SecretSources, type SentRequests } from './submission-curl.ts';
import { MAX_BATCH_BYTES, type SubmissionStore } from './submissions.ts';
import { plural } from '../../../base/common/plural.ts';

/**
 * "Export" in the history: one submission or a selection, as JSON, NDJSON, HAR or cURL, built in
 * main and handed to whatever writes the file, so an export with secrets never crosses to the
 * page. Secrets are masked unless asked for; then the environment's real API key and current
 * access token go in, as a cURL copy does (submission-curl.ts builds both the same way).
 *
 * Submissions come out oldest first, whatever the order of the ids: HAR 1.2 prefers its entries
 * sorted by start time, and a cURL file replays the chunks in the order they were sent.
 */

export interface HistoryExportOptions extends SecretSources {
  submissions: SubmissionStore;
  /** EventDesk's version, for the HAR creator and the cURL file's first line. */
  appVersion: string;
  /**
   * The batches of one export together, in UTF-8 bytes, at most. The default is the largest
   * batch the store records, so any one submission can always be exported on its own; the
   * whole file is built in memory, and a pretty JSON of that is already some 300 MB of text.
   */
  maxBatchBytes?: number;
}

export interface ExportedFile {
  /** A name to offer in the save dialog: `eventdesk-[<labels>-]<first id>-<n>-submissions[-with-secrets].<ext>`. */
  fileName: string;
  text: string;
}

/** One chunk in a JSON or NDJSON export, known by its first event; a submission lists its chunks in event order. */
export interface ChunkExport {
  /** The chunk's events are request.events[firstEvent, firstEvent + eventCount). */
  firstEvent: number;
  eventCount: number;
  status: ChunkRecord['status'];
  statusCode: number | null;
  attempts: number;
  durationMs: number;
  error: string | null;
  /** Every request of the chunk and what came of it, oldest first, masked. */
  attemptLog: ChunkAttempt[];
  /** Null when no HTTP answer came: never sent, or a network failure (see error). */
  response: {
    headers: Record<string, string>;
    /** Parsed when the recorded body is whole JSON, else its text. */
    body: unknown;
    /** The store keeps 64 KiB of a response body; true when this one was cut there. */
    truncated: boolean;
  } | null;
}

/** One submission in a JSON or NDJSON export. */
export interface SubmissionExport {
  id: string;
  environment: { id: string; name: string };
  baseUrl: string;
  startedAt: string;
  finishedAt: string | null;
  status: SubmissionStatus;
  label: string;
  note: string;
  request: { method: 'POST'; url: string; headers: Record<string, string>; events: unknown[] };
  chunks: ChunkExport[];
}

/** A submission with the requests that carried it, as the chosen secrets treatment builds them. */
interface Sent {
  submission: SubmissionDetail;
  requests: SentRequests;
}

/** cURL commands are bash (with $'…' quoting where needed): `.sh` opens with shell highlighting. */
const extensions: Record<ExportFormat, string> = { json: 'json', ndjson: 'ndjson', har: 'har', curl: 'sh' };

/** How much of the labels a file name holds: enough to tell a ticket's exports apart. */
const LABELS_IN_NAME = 60;

/** Text as part of a file name on every system: letters, digits, '.', '_' and '-' kept, any other run one '-'. */
function fileNamePart(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * The name offered for an export: the submissions' labels (each once, oldest first, masked like
 * the file's text) so a ticket's exports are told apart, then the first id and the count.
 */
export function exportFileName(
  submissions: readonly Pick<SubmissionDetail, 'id' | 'label'>[],
  format: ExportFormat,
  withSecrets: boolean,
  secrets: readonly string[],
): string {
  const labels = [...new Set(submissions.map((submission) => fileNamePart(redactText(submission.label, secrets))).filter(Boolean))];
  const named = fileNamePart(labels.join('_').slice(0, LABELS_IN_NAME));
  const first = submissions[0]!.id.slice(0, 8);
  const count = plural(submissions.length, 'submission').replaceAll(',', '').replace(' ', '-');
  return `eventdesk-${named ? `${named}-` : ''}${first}-${count}${withSecrets ? '-with-secrets' : ''}.${extensions[format]}`;
}

/** `position`: where the chunk stands among the submission's chunks, from 0. */
function chunkLabel(submission: SubmissionDetail, chunk: ChunkRecord, position: number): string {
  return `submission ${submission.id} · chunk ${position + 1} of ${submission.chunks.length} · ${eventRangeText(chunk.firstEvent, chunk.eventCount)}`;
}

/**
 * Which events an attempt carried and its number among the attempts of those events. An attempt
 * made before a 413 split carried more than its chunk does now: it names its own events and the
 * chunks they became, and is counted among the attempts of those events alone.
 */
function attemptLabel(submission: SubmissionDetail, chunk: ChunkRecord, position: number, attempt: ChunkAttempt): string {
  const sameEvents = (one: Pick<ChunkAttempt, 'firstEvent' | 'eventCount'>) => one.firstEvent === attempt.firstEvent && one.eventCount === attempt.eventCount;
  const numbers = chunk.attemptLog.filter(sameEvents).map((one) => one.number);
  if (sameEvents(chunk)) return `${chunkLabel(submission, chunk, position)} · attempt ${attempt.number} of ${Math.max(chunk.attempts, ...numbers)}`;
  const end = attempt.firstEvent + attempt.eventCount;
  const parts = submission.chunks.flatMap((one, at) => (one.firstEvent >= attempt.firstEvent && one.firstEvent < end ? [at + 1] : []));
  const became = parts.length > 1 ? `, later split into chunks ${parts[0]}–${parts.at(-1)}` : '';
  return `submission ${submission.id} · ${eventRangeText(attempt.firstEvent, attempt.eventCount)}${became} · attempt ${attempt.number} of ${Math.max(...numbers)}`;
}

function parsedOrText(body: string, truncated: boolean): unknown {
  if (truncated || body.trim() === '') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function record({ submission, requests }: Sent, options: ExportOptions): SubmissionExport {
  const reveal = options.revealSecrets === true;
  const exported: SubmissionExport = {
    id: submission.id,
    environment: { id: submission.environmentId, name: submission.environmentName },
    baseUrl: submission.baseUrl,
    startedAt: submission.startedAt,
    finishedAt: submission.finishedAt,
    status: submission.status,
    label: submission.label,
    note: submission.note,
    request: {
      method: 'POST',
      // The same masking as the HAR and cURL exporters give the same request.
      url: reveal ? requests.url : redactUrl(requests.url),
      headers: reveal ? requests.headers : redactHeaders(requests.headers),
      events: JSON.parse(submission.batch) as unknown[],
    },
    chunks: submission.chunks.map((chunk) => ({
      firstEvent: chunk.firstEvent,
      eventCount: chunk.eventCount,
      status: chunk.status,
      statusCode: chunk.statusCode,
      attempts: chunk.attempts,
      durationMs: chunk.durationMs,
      error: chunk.error,
      attemptLog: chunk.attemptLog,
      response:
        chunk.statusCode === null
          ? null
          : {
              headers: reveal ? chunk.responseHeaders : redactHeaders(chunk.responseHeaders),
              body: parsedOrText(chunk.responseBody, chunk.responseTruncated),
              truncated: chunk.responseTruncated,
            },
    })),
  };
  const secrets = options.secrets ?? [];
  return reveal ? exported : redactValue(exported, secrets);
}

/** One HAR entry per attempt: each request that went out, with what came of it. */
function har(sent: readonly Sent[], options: ExportOptions, appVersion: string): string {
  const exchanges: HarExchange[] = [];
  for (const { submission, requests } of sent) {
    const startedAt = Date.parse(submission.startedAt);
    let before = 0;
    for (const [position, chunk] of submission.chunks.entries()) {
      // Attempts recorded before every attempt was kept have no start time: for them this is an
      // estimate, the submission's start plus the durations of the chunks before it, as if they
      // went one after another.
      const estimated = new Date(startedAt + before).toISOString();
      before += chunk.durationMs;
      for (const attempt of chunk.attemptLog) {
        const notes = [
          attemptLabel(submission, chunk, position, attempt),
          attempt.startedAt === null ? 'start time estimated (recorded before EventDesk kept every attempt)' : null,
          attempt.retryAfter === null ? null : `Retry-After: ${attempt.retryAfter}`,
          attempt.responseTruncated ? 'response body cut at 64 KiB when recorded' : null,
          attempt.error,
        ];
        exchanges.push({
          startedDateTime: attempt.startedAt ?? estimated,
          time: attempt.durationMs,
          request: requests.chunk(attempt),
          response:
            attempt.statusCode === null
              ? null
              : {
                  status: attempt.statusCode,
                  statusText: STATUS_CODES[attempt.statusCode] ?? '',
                  headers: attempt.responseHeaders,
                  body: attempt.responseBody,
                },
          comment: notes.filter((note) => note !== null).join(' · '),
        });
      }
    }
  }
  return exportHar(exchanges, { ...options, appVersion });
}

function curl(sent: readonly Sent[], options: ExportOptions, appVersion: string): string {
  const chunks = sent.reduce((sum, { submission }) => sum + submission.chunks.length, 0);
  const secrets = options.revealSecrets
    ? 'WITH the real API keys and access tokens: keep this file private'
    : 'secrets masked (••••): put the real ones in before running';
  const blocks = [
    `# EventDesk ${appVersion} · ${plural(sent.length, 'submission')} · ${plural(chunks, 'chunk')} · ${secrets}\n# Running a command sends its events again.`,
  ];
  for (const { submission, requests } of sent) {
    for (const [position, chunk] of submission.chunks.entries()) {
      const outcome = chunk.attempts === 0 ? 'not sent' : [chunk.status, chunk.statusCode].filter((part) => part !== null).join(' ');
      blocks.push(`# ${chunkLabel(submission, chunk, position)} · ${outcome}\n${exportCurl(requests.chunk(chunk), options)}`);
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

const writers: Record<ExportFormat, (sent: readonly Sent[], options: ExportOptions, appVersion: string) => string> = {
  json: (sent, options) =>
    `${JSON.stringify(
      sent.map((one) => record(one, options)),
      null,
      2,
    )}\n`,
  ndjson: (sent, options) => sent.map((one) => `${JSON.stringify(record(one, options))}\n`).join(''),
  har,
  curl,
};

export function createHistoryExport(options: HistoryExportOptions) {
  const maxBatchBytes = options.maxBatchBytes ?? MAX_BATCH_BYTES;

  /** The submissions, oldest first, each once; every one must be there and, together, not too large. */
  function load(ids: readonly string[]): SubmissionDetail[] {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw new AppError('export-nothing-chosen', 'Choose at least one submission to export.');
    const found: SubmissionDetail[] = [];
    const missing: string[] = [];
    let bytes = 0;
    for (const id of unique) {
      const submission = options.submissions.get(id);
      if (!submission) {
        missing.push(id);
        continue;
      }
      bytes += Buffer.byteLength(submission.batch, 'utf8');
      if (bytes > maxBatchBytes) {
        throw new AppError(
          'export-too-large',
          `These ${plural(unique.length, 'submission')} hold more than ${formatBytes(maxBatchBytes)} of events together, too much for one file. Export fewer at a time.`,
          `more than ${bytes} bytes of batches`,
        );
      }
      found.push(submission);
    }
    if (missing.length > 0) {
      const message =
        unique.length === 1
          ? 'That submission is no longer in the history.'
          : `${missing.length} of the ${unique.length} chosen submissions ${missing.length === 1 ? 'is' : 'are'} no longer in the history. Nothing was exported.`;
      throw new AppError('submission-not-found', message, `not found: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ', …' : ''}`);
    }
    // Oldest first; a stable sort keeps the given order between equal start times.
    return found.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  }

  return {
    /**
     * The export of these submissions in this format, with its suggested file name. Masked
     * unless `withSecrets`; then every submission's environment must still exist and hold an
     * API key and a login, or it throws rather than export masked what was asked unmasked.
     */
    build(ids: readonly string[], format: ExportFormat, withSecrets: boolean): ExportedFile {
      const submissions = load(ids);
      const sent: Sent[] = submissions.map((submission) => ({ submission, requests: sentRequests(submission, options, withSecrets) }));
      // One treatment for the whole file: every known secret of every environment involved is masked everywhere.
      const exportOptions: ExportOptions = withSecrets
        ? { revealSecrets: true }
        : { secrets: [...new Set(sent.flatMap(({ requests }) => requests.exportOptions.secrets))] };
      let text: string;
      try {
        text = writers[format](sent, exportOptions, options.appVersion);
      } catch (error) {
        // V8 caps a string at about 512 M characters; a huge selection can pass the batch cap and still hit it.
        if (error instanceof RangeError)
          throw new AppError('export-too-large', 'This export is too large to build as one file. Export fewer submissions at a time.', String(error));
        throw error;
      }
      return { fileName: exportFileName(submissions, format, withSecrets, exportOptions.secrets ?? []), text };
    },
  };
}

export type HistoryExport = ReturnType<typeof createHistoryExport>;
