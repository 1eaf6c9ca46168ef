import { plural } from '../../../base/common/plural.ts';
import type { SandboxRequestRecord } from './sandbox.ts';

/**
 * What became of a request the sandbox received, as triage sorts it: its class (the colour and
 * the status filter of the Sandbox tab) and its reason in a few words ("invalid-events: 3
 * problems", "bad token"). Read from the answer the sandbox gave, which is what a client saw.
 */

export const OUTCOME_CLASSES = ['accepted', 'auth', 'invalid', 'client', 'server', 'fault', 'no-answer'] as const;
export type OutcomeClass = (typeof OUTCOME_CLASSES)[number];

/** Each class as a filter names it. */
export const OUTCOME_CLASS_LABELS: Readonly<Record<OutcomeClass, string>> = {
  accepted: '2xx accepted',
  auth: '4xx credentials (401, 403)',
  invalid: '4xx refused content (400, 413, 415, 422)',
  client: '4xx other',
  server: '5xx server errors',
  fault: 'Forced by a fault',
  'no-answer': 'No answer (reset)',
};

export interface RequestOutcome {
  readonly class: OutcomeClass;
  /** The error code of the answer (`unknown-token`), or null for a success or no answer. */
  readonly code: string | null;
  readonly reason: string;
}

/** The error codes whose own words are not the clearest reason. */
const REASONS: Readonly<Record<string, string>> = {
  'unknown-token': 'bad token',
  'malformed-authorization': 'bad token',
  'expired-token': 'token expired',
  'missing-token': 'no token',
  'invalid-credentials': 'wrong username or password',
  'missing-api-key': 'no API key',
  'unknown-api-key': 'bad API key',
  'too-many-events': 'too many events',
  'body-too-large': 'body too large',
  'malformed-json': 'not JSON',
  'unsupported-media-type': 'not sent as JSON',
};

/** The counts a refusal of events states: "3 problems in the events…", "…tracking plan shop v3: 2 errors and 1 warning…". */
function countedReason(code: string, message: string | null): string | null {
  if (message === null) return null;
  const counts =
    code === 'invalid-events'
      ? /^([\d,]+ problems?)\b/.exec(message)
      : code === 'plan-violations'
        ? /: ([\d,]+ errors?(?: and [\d,]+ warnings?)?)\b/.exec(message)
        : null;
  return counts ? `${code}: ${counts[1]}` : null;
}

const AUTH = new Set([401, 403]);
const INVALID = new Set([400, 413, 415, 422]);

/** The answer's `error` and `message`: bodies are kept up to a limit, and both come first in the JSON, so a cut body still has them. */
function errorOf(text: string): { code: string; message: string | null } | null {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    if (typeof body?.error === 'string') return { code: body.error, message: typeof body.message === 'string' ? body.message : null };
  } catch {
    const code = /^\{"error":"([a-z0-9-]+)"/.exec(text)?.[1];
    if (code !== undefined) return { code, message: /"message":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? null };
  }
  return null;
}

/** What of a request its outcome is read from: the answer, and the fault that forced it. */
export type AnsweredRequest = Pick<SandboxRequestRecord, 'response' | 'fault'>;

function successReason(record: AnsweredRequest, text: string): string {
  try {
    const body = JSON.parse(text) as { accepted?: unknown; access_token?: unknown };
    if (typeof body?.accepted === 'number') return `accepted ${plural(body.accepted, 'event')}`;
    if (body !== null && typeof body === 'object' && 'access_token' in body) return 'logged in';
  } catch {
    // No JSON answer: the status says it.
  }
  return `${record.response!.status}`;
}

function classOf(status: number, fault: boolean): OutcomeClass {
  if (fault) return 'fault';
  if (status < 400) return 'accepted';
  if (AUTH.has(status)) return 'auth';
  if (INVALID.has(status)) return 'invalid';
  return status < 500 ? 'client' : 'server';
}

/** The class of a request the capture kept, from its status (null: no answer) and the fault that forced it, as answerOutcome reads it. */
export function outcomeClassOf(request: { status: number | null; fault: string | null }): OutcomeClass {
  return request.status === null ? 'no-answer' : classOf(request.status, request.fault !== null);
}

/** The outcome of any answered request, uncached: the capture reads it once, as it keeps the request. */
export function answerOutcome(record: AnsweredRequest): RequestOutcome {
  const response = record.response;
  if (response === null)
    return { class: 'no-answer', code: null, reason: record.fault ? 'connection reset by a fault' : 'no answer: the connection was reset or dropped' };
  const outcomeClass = classOf(response.status, record.fault !== null);
  if (response.status < 400) return { class: outcomeClass, code: null, reason: successReason(record, response.body.text) };
  const error = errorOf(response.body.text);
  if (error === null) return { class: outcomeClass, code: null, reason: `${response.status} with no error code` };
  return { class: outcomeClass, code: error.code, reason: countedReason(error.code, error.message) ?? REASONS[error.code] ?? error.code };
}
