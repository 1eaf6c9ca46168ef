import { performance } from 'node:perf_hooks';
import { setTimeout as wait } from 'node:timers/promises';
import { chunkBody } from '../../history/common/chunking.ts';
import { AppError } from '../../../base/common/errors.ts';
import { isSecretHeader, redactHeaders, redactText } from '../../../base/common/redaction/redact.ts';
import {
  eventRangeText,
  MAX_RESPONSE_BODY_BYTES,
  WAITING_FOR_LOGIN,
  type AttemptEnd,
  type AttemptStart,
  type ChunkPatch,
} from '../../history/common/submission.ts';
import { describeNetworkError } from '../../../base/node/network-errors.ts';
import type { Sessions } from '../../environments/node/sessions.ts';
import { truncateUtf8 } from '../../history/node/submissions-rows.ts';
import { plural } from '../../../base/common/plural.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/**
 * Sends the planned chunks of one batch to one environment's /user/events and reports every
 * outcome through callbacks; the caller keeps the records. The specification shows no status codes (docs/service-api.md §5), so
 * each answer is handled by its class: 2xx taken (whatever the body), 400/422 refused, 401 a
 * re-login inside sessions.authorized, 403 no access, 413 split in half down to single events,
 * 429 a wait for Retry-After, 5xx/408/reset/timeout retried with backoff up to maxAttempts.
 * A 401 the re-login does not cure, or a 403, stops the send: the chunks not yet sent stay pending.
 * Every answer, header value and error text is masked (redactText) with the environment's secrets
 * as they are when it is recorded, and the key and token the request carried, before any
 * callback sees it: a server that echoes them back gets them into no record.
 */

/** A chunk to send: events [firstEvent, firstEvent + eventCount). Its first event names it in every callback. */
export interface SendChunk {
  firstEvent: number;
  eventCount: number;
}

export interface SendChunksOptions {
  environmentId: string;
  sessions: Pick<Sessions, 'authorized'>;
  /** net.fetch in the app, Node's fetch elsewhere. */
  fetch: Fetch;
  /** The /user/events URL. */
  url: string;
  /** The resolved batch, one JSON text per event; a chunk's body is `[e1,e2,…]` of its range. */
  eventTexts: readonly string[];
  /** The chunks to send (all of them, or the rest on Resume), in order. */
  chunks: readonly SendChunk[];
  /** Chunks in flight at once; 1 by default. */
  concurrency?: number;
  /** Requests per chunk at most, retries included; 5 by default. */
  maxAttempts?: number;
  /** Per request. */
  timeoutMs: number;
  /** The longest Retry-After honoured; 60 s by default. */
  retryAfterCapSeconds?: number;
  /** Cancels the send: nothing more starts, requests under way are aborted. */
  signal?: AbortSignal;
  /** Injectable for tests. The default resolves early (without error) when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** The environment's known secrets (API key, password, tokens) as they are now: a login renewed mid-send changes them. */
  secrets?: () => readonly (string | null | undefined)[];
  /** As the chunk that begins at `firstEvent` starts, retries and finishes. A finishing patch carries every field. */
  onChunk(firstEvent: number, patch: ChunkPatch): void;
  /**
   * As a request goes out, before its first byte; `attempt.firstEvent` names its chunk. The
   * function returned is called once with what came of it (an answer, a network error, a cancel).
   */
  onAttempt?(attempt: AttemptStart): (end: AttemptEnd) => void;
  /**
   * A 413 split the chunk that begins at `firstEvent` into `parts`, which replace it from now on:
   * they are sent next, and reported under their own first events. The first part begins where
   * the chunk did, so its reports from now on are the part's.
   */
  onSplit?(firstEvent: number, parts: SendChunk[]): void;
  /** The current wait or retry in words, or null when there is none. */
  onActivity?(text: string | null): void;
  /**
   * When the login ended and no password is remembered: resolves once the user has logged in
   * again (the chunk is sent then), rejects with why not. Absent, the send stops there, as it
   * does when this rejects: the chunks not yet sent stay pending, for Resume.
   */
  waitForLogin?(signal: AbortSignal): Promise<void>;
}

/**
 * How a send ended: 'ok' when every chunk was acknowledged (a chunk split by a 413 counts as its
 * parts), 'cancelled' when cut short, else 'partial' or 'failed'. What came of each chunk went to
 * the callbacks.
 */
export type SendStatus = 'ok' | 'partial' | 'failed' | 'cancelled';

/**
 * Read past the limit by this much, masked, then cut: a secret that straddles the limit is masked
 * whole instead of leaving its first part in clear. Longer than any form of a secret we mask.
 */
const MASKING_SLACK_BYTES = 16 * 1024;
const BACKOFF_BASE_MS = 250;
const BACKOFF_CAP_MS = 10_000;
const DEFAULT_RETRY_AFTER_MS = 1000;

/** Milliseconds a Retry-After asks for: seconds or an HTTP date, capped; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number, capSeconds: number): number {
  const cap = capSeconds * 1000;
  const text = value?.trim() ?? '';
  if (/^\d+(?:\.\d+)?$/.test(text)) return Math.min(cap, Number(text) * 1000);
  const date = text === '' ? Number.NaN : Date.parse(text);
  return Math.min(cap, Number.isNaN(date) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, date - nowMs));
}

/** Exponential backoff with ±50% jitter: retry 1 waits about 250 ms, then 500, 1000, … up to 10 s. */
export function backoffMs(retry: number, random: () => number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1) * (0.5 + random()));
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 10_000 ? 1 : 0))} s`;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
}

/** A request that got no answer (what the fetch threw, as `cause`), or that a cancel kept from going out. */
class NoAnswer extends Error {
  constructor(cause: unknown) {
    super('No answer to the request.', { cause });
  }
}

type Outcome =
  | { kind: 'answer'; answer: Answer; retryAfter: string | null }
  | { kind: 'network'; error: AppError }
  | { kind: 'cancelled' }
  /** sessions.authorized refused to go on: no login, a failed re-login, no API key. */
  | { kind: 'session'; error: AppError; refused: Answer | null };

async function readBounded(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - size;
    parts.push(value.length > room ? value.subarray(0, room) : value);
    size += Math.min(room, value.length);
    if (value.length > room) {
      truncated = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  // `stream` keeps a character cut by the limit out instead of turning it into U+FFFD.
  return { text: new TextDecoder().decode(bytes, { stream: truncated }), truncated };
}

/** The secrets a request carried in its headers: the API key, and the token after "Bearer". */
function requestSecrets(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers)
    .filter(([name]) => isSecretHeader(name))
    .flatMap(([, value]) => [value, value.replace(/^[A-Za-z][\w-]*\s+/, '')]);
}

function maskedHeaders(headers: Readonly<Record<string, string>>, mask: (text: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(redactHeaders(headers)).map(([name, value]) => [mask(name), mask(value)]));
}

function refusal(answer: Answer, eventCount: number): string {
  const { status } = answer;
  if (status === 401) return 'The server still refused the login (HTTP 401) after EventDesk logged in again. Log in, then resume to send the rest.';
  if (status === 403)
    return "The API key or the user has no access to this application (HTTP 403). The send stopped here: fix the access (the API key, or the user's rights), then resume to send the rest.";
  if (status === 413)
    return eventCount === 1 ? 'The server refused this single event as too large (HTTP 413).' : 'The server refused the chunk as too large (HTTP 413).';
  if (status === 400 || status === 422) return `The server refused the events (HTTP ${status}); its answer says why.`;
  if (status === 404) return 'The server has no /user/events here (HTTP 404). Check the base URL.';
  return `The server answered HTTP ${status}, which EventDesk does not retry.`;
}

const isRetriedStatus = (status: number) => status === 408 || status === 429 || status >= 500;

export async function sendChunks(options: SendChunksOptions): Promise<SendStatus> {
  const cancel = options.signal ?? new AbortController().signal;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const capSeconds = options.retryAfterCapSeconds ?? 60;
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number, signal: AbortSignal) => wait(ms, undefined, { signal }).catch(() => undefined));
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 1, options.chunks.length));
  // Chunks to acknowledge, and acknowledged: a chunk split by a 413 counts as its parts.
  const tally = { ok: 0, leaves: options.chunks.length };
  // A refused login or access: every later chunk would meet the same refusal, so none starts.
  let stopped = false;
  const halted = () => cancel.aborted || stopped;

  // What each chunk is waiting for, by first event; the newest is shown, and null once none waits.
  const activities = new Map<number, string>();
  let shownActivity: string | null = null;
  function activity(chunk: SendChunk, text: string | null): void {
    if (text === null) activities.delete(chunk.firstEvent);
    else activities.set(chunk.firstEvent, concurrency > 1 ? `${eventRangeText(chunk.firstEvent, chunk.eventCount)}: ${text}` : text);
    const latest = [...activities.values()].at(-1) ?? null;
    if (latest !== shownActivity) {
      shownActivity = latest;
      options.onActivity?.(latest);
    }
  }

  /** What a chunk's attempts report to: the sender masks with the secrets of the request under way. */
  interface AttemptLog {
    begin(headers: Readonly<Record<string, string>>): void;
    /** `mayHaveArrived`: by default, when no answer came. */
    end(answer: Answer | null, retryAfter: string | null, error: string | null, mayHaveArrived?: boolean): void;
    mask(text: string): string;
  }

  /**
   * One request of a chunk, through sessions.authorized (which logs in again once on a 401),
   * and what came of it. A request that got no answer leaves authorized as a NoAnswer, so that
   * it is told apart from authorized's own refusals by what was thrown, not by where.
   */
  async function exchange(chunk: SendChunk, body: string, log: AttemptLog): Promise<Outcome> {
    let sends = 0;
    let earlier: Response | null = null;
    /** An answer whose body sessions.authorized let go unread (a 401 before a new login). */
    const unread = (response: Response): Answer => ({
      status: response.status,
      headers: maskedHeaders(Object.fromEntries(response.headers), log.mask),
      body: '',
      truncated: false,
    });
    let response: Response;
    try {
      response = await options.sessions.authorized(options.environmentId, options.url, async (headers) => {
        if (cancel.aborted) throw new NoAnswer(cancel.reason);
        if (++sends === 2) {
          activity(chunk, 'the login was refused (HTTP 401); logged in again, sending once more');
          // The 401 was an answer of its own: kept as its attempt (its body was let go unread).
          if (earlier) log.end(unread(earlier), null, 'The login was refused (HTTP 401); EventDesk logged in again and sent once more.');
        }
        log.begin(headers);
        try {
          return (earlier = await options.fetch(options.url, {
            method: 'POST',
            headers,
            body,
            signal: AbortSignal.any([cancel, AbortSignal.timeout(options.timeoutMs)]),
            redirect: 'error',
          }));
        } catch (error) {
          throw new NoAnswer(error);
        }
      });
    } catch (error) {
      if (sends === 2) activity(chunk, null);
      if (cancel.aborted) return { kind: 'cancelled' };
      if (error instanceof NoAnswer) return { kind: 'network', error: describeNetworkError(error.cause, options.url, options.timeoutMs) };
      // A 401 that no new login could follow was an answer all the same: it is its attempt's.
      const refused = earlier && sends === 1 ? unread(earlier) : null;
      return { kind: 'session', error: error instanceof AppError ? error : describeNetworkError(error, options.url, options.timeoutMs), refused };
    }
    if (sends === 2) activity(chunk, null);
    try {
      const read = await readBounded(response, MAX_RESPONSE_BODY_BYTES + MASKING_SLACK_BYTES);
      const masked = truncateUtf8(log.mask(read.text), MAX_RESPONSE_BODY_BYTES);
      const answer = {
        status: response.status,
        headers: maskedHeaders(Object.fromEntries(response.headers), log.mask),
        body: masked.text,
        truncated: read.truncated || masked.truncated,
      };
      const retryAfter = response.headers.get('retry-after');
      return { kind: 'answer', answer, retryAfter: retryAfter === null ? null : log.mask(retryAfter) };
    } catch (error) {
      // The answer broke off before its end: as good as none.
      return cancel.aborted ? { kind: 'cancelled' } : { kind: 'network', error: describeNetworkError(error, options.url, options.timeoutMs) };
    }
  }

  function finish(chunk: SendChunk, record: Omit<ChunkPatch, 'status'> & { status: 'ok' | 'failed' | 'cancelled' }): void {
    if (record.status === 'ok') tally.ok++;
    activity(chunk, null);
    options.onChunk(chunk.firstEvent, record);
  }

  function neverStarted(chunk: SendChunk): void {
    // Stopped for a login: it stays pending, for Resume. Cancelled: it says so.
    if (cancel.aborted)
      finish(chunk, {
        status: 'cancelled',
        statusCode: null,
        responseHeaders: {},
        responseBody: '',
        responseTruncated: false,
        attempts: 0,
        durationMs: 0,
        error: null,
      });
  }

  const elapsed = (since: number) => Math.round((performance.now() - since) * 100) / 100;

  async function sendChunk(chunk: SendChunk): Promise<void> {
    const started = performance.now();
    const body = chunkBody(options.eventTexts, chunk.firstEvent, chunk.eventCount);
    let attempts = 0;
    let last: Answer | null = null;
    let carried: string[] = [];
    let open: { end: (end: AttemptEnd) => void; started: number } | null = null;
    const log: AttemptLog = {
      mask: (text) => redactText(text, [...(options.secrets?.() ?? []), ...carried]),
      begin(headers) {
        attempts++;
        carried = requestSecrets(headers);
        const start = { number: attempts, startedAt: new Date().toISOString(), firstEvent: chunk.firstEvent, eventCount: chunk.eventCount };
        const end = options.onAttempt?.(start);
        open = end ? { end, started: performance.now() } : null;
      },
      end(answer, retryAfter, error, mayHaveArrived = answer === null) {
        open?.end({
          durationMs: elapsed(open.started),
          statusCode: answer?.status ?? null,
          retryAfter,
          error: error === null ? null : log.mask(error),
          responseHeaders: answer?.headers ?? {},
          responseBody: answer?.body ?? '',
          responseTruncated: answer?.truncated ?? false,
          mayHaveArrived,
        });
        open = null;
      },
    };
    const record = (error: string | null) => ({
      statusCode: last?.status ?? null,
      responseHeaders: last?.headers ?? {},
      responseBody: last?.body ?? '',
      responseTruncated: last?.truncated ?? false,
      attempts,
      durationMs: elapsed(started),
      error: error === null ? null : log.mask(error),
    });
    options.onChunk(chunk.firstEvent, { status: 'sending', ...record(null) });

    for (;;) {
      const outcome = await exchange(chunk, body, log);
      if (outcome.kind === 'cancelled') {
        log.end(null, null, 'Cancelled while this request was out: the server may have received these events.');
        finish(chunk, { status: 'failed', ...record(`Cancelled during attempt ${attempts}: the server may have received these events before the cancel.`) });
        return;
      }
      if (outcome.kind === 'session') {
        log.end(outcome.refused, null, outcome.error.message);
        const declined = outcome.error.code === 'needs-login' && options.waitForLogin ? await loggedInAgain(chunk, options.waitForLogin) : outcome.error;
        if (cancel.aborted) {
          finish(chunk, { status: 'failed', ...record('Cancelled while waiting for the login.') });
          return;
        }
        if (declined === null) continue;
        stopped = true;
        finish(chunk, { status: 'failed', ...record(declined.message) });
        return;
      }
      let reason: string;
      let waitMs: number;
      /** The retry in words, `when` it goes: "in 0.3 s" while it waits, "under way" once it is out. */
      let retryText: (when: string) => string;
      if (outcome.kind === 'network') {
        // No connection was made (refused, DNS, TLS): nothing of it reached a server.
        log.end(null, null, outcome.error.message, outcome.error.code !== 'unreachable' && outcome.error.code !== 'tls');
        if (outcome.error.code !== 'connection-reset' && outcome.error.code !== 'timeout') {
          finish(chunk, { status: 'failed', ...record(outcome.error.message) });
          return;
        }
        reason = outcome.error.message;
        waitMs = backoffMs(attempts, random);
        const what = outcome.error.code === 'timeout' ? `no answer within ${seconds(options.timeoutMs)}` : 'connection reset';
        retryText = (when) => `${what}, retry ${attempts} of ${maxAttempts - 1} ${when}`;
      } else {
        const { answer } = outcome;
        last = answer;
        const retried = isRetriedStatus(answer.status);
        const ok = answer.status >= 200 && answer.status < 300;
        // A retried status speaks for itself; a refusal gets its words.
        log.end(answer, outcome.retryAfter, ok || retried ? null : refusal(answer, chunk.eventCount));
        if (ok) {
          finish(chunk, { status: 'ok', ...record(null) });
          return;
        }
        if (answer.status === 413 && chunk.eventCount > 1) {
          await split(chunk);
          return;
        }
        // Every later chunk would meet the same refusal: stop, and leave them pending for Resume.
        if (answer.status === 401 || answer.status === 403) stopped = true;
        if (!retried) {
          finish(chunk, { status: 'failed', ...record(refusal(answer, chunk.eventCount)) });
          return;
        }
        if (answer.status === 429) {
          reason = 'The last answer was HTTP 429 (rate limited).';
          waitMs = retryAfterMs(outcome.retryAfter, now(), capSeconds);
          retryText = (when) => `rate limited (429), retry ${attempts} of ${maxAttempts - 1} ${when}`;
        } else {
          reason = `The last answer was HTTP ${answer.status} (a server error).`;
          waitMs = backoffMs(attempts, random);
          retryText = (when) => `server error ${answer.status}, retry ${attempts} of ${maxAttempts - 1} ${when}`;
        }
      }
      if (attempts >= maxAttempts) {
        finish(chunk, { status: 'failed', ...record(`${reason} Gave up after ${plural(attempts, 'attempt')}.`) });
        return;
      }
      activity(chunk, retryText(`in ${seconds(waitMs)}`));
      options.onChunk(chunk.firstEvent, { status: 'sending', ...record(reason) });
      await sleep(waitMs, cancel);
      if (cancel.aborted) {
        finish(chunk, { status: 'failed', ...record(`Cancelled while waiting to retry. ${reason}`) });
        return;
      }
      // Still said while the retry is out: why this chunk is slow stays readable until it is answered.
      activity(chunk, retryText('under way'));
    }
  }

  /** Null once the user has logged in again; else why the send cannot go on. */
  async function loggedInAgain(chunk: SendChunk, waitForLogin: (signal: AbortSignal) => Promise<void>): Promise<AppError | null> {
    activity(chunk, WAITING_FOR_LOGIN);
    try {
      await waitForLogin(cancel);
      return null;
    } catch (error) {
      return error instanceof AppError ? error : new AppError('needs-login', String(error));
    } finally {
      activity(chunk, null);
    }
  }

  /** 413: two halves in place of the chunk, sent one after the other, each split again if need be. */
  async function split(chunk: SendChunk): Promise<void> {
    const half = Math.ceil(chunk.eventCount / 2);
    const parts: SendChunk[] = [
      { firstEvent: chunk.firstEvent, eventCount: half },
      { firstEvent: chunk.firstEvent + half, eventCount: chunk.eventCount - half },
    ];
    tally.leaves += 1;
    activity(chunk, null);
    options.onSplit?.(chunk.firstEvent, parts);
    for (const part of parts) {
      if (halted()) neverStarted(part);
      else await sendChunk(part);
    }
  }

  let next = 0;
  async function worker(): Promise<void> {
    while (next < options.chunks.length) {
      const chunk = options.chunks[next++]!;
      if (halted()) neverStarted(chunk);
      else await sendChunk(chunk);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (shownActivity !== null) options.onActivity?.(null);

  return tally.ok === tally.leaves ? 'ok' : cancel.aborted ? 'cancelled' : tally.ok > 0 ? 'partial' : 'failed';
}
