import type { IncomingHttpHeaders } from 'node:http';
import { redactText, redactValue } from '../../../base/common/redaction/redact.ts';
import type { CapturedProblem } from '../common/capture.ts';
import type { SandboxForwarded, SandboxViolation } from '../../sandbox/common/sandbox.ts';
import { answerOutcome } from '../../sandbox/common/sandbox-outcome.ts';
import type { SandboxExchange } from '../../sandbox/server/exchange.ts';
import { headerSecrets, redactHeaders, redactTarget } from '../../sandbox/server/redaction.ts';

/**
 * An exchange as the capture keeps it: every header, path and body masked with the one
 * redaction (the sandbox's own API keys and passwords, and whatever key or token this request
 * carried in its headers, in every form a secret takes), and what its events' verdicts were.
 * Two steps: on the sandbox's thread an exchange is only copied (`exchangeCopy`, a few
 * microseconds: the parsed events stay behind, their verdicts' parts go); the writer's thread
 * masks the copy into a row (`capturedRow`).
 */

/** Each event keeps this many of its own problems; problemCount counts them all. */
export const PROBLEMS_KEPT = 20;

/** An event's own problems as kept: its index, how many it had, and the first PROBLEMS_KEPT. */
export type KeptProblems = [index: number, count: number, problems: CapturedProblem[]];

/** What the writer's thread gets of an exchange: plain data, its bytes its own, so it can cross threads. */
export interface CaptureExchange {
  time: Date;
  durationMs: number;
  method: string;
  target: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
  bodyBytes: number;
  bodyComplete: boolean;
  response: { status: number; headers: Record<string, string>; shownBody: Uint8Array; secrets: readonly string[] } | null;
  fault: SandboxExchange['fault'];
  plan: string | null;
  /** The events the sandbox read: how many, and what it found in them; null when it read none. */
  events: { count: number; problems: KeptProblems[]; violations: readonly SandboxViolation[] } | null;
  forwarded: SandboxForwarded | null;
}

export interface CapturedRequestRow {
  receivedAt: string;
  durationMs: number;
  method: string;
  path: string;
  headers: string;
  body: string;
  bodyBytes: number;
  bodyTruncated: boolean;
  status: number | null;
  reason: string;
  responseHeaders: string | null;
  responseBody: string | null;
  fault: string | null;
  plan: string | null;
  serviceIdField: string;
  storedBytes: number;
  eventCount: number;
  /** KeptProblems[] as JSON, null when no event had any. */
  eventProblems: string | null;
  /** SandboxViolation[] as JSON, null when there were none. */
  eventViolations: string | null;
  upstream: { url: string; status: number | null; headers: string | null; body: string | null; error: string | null; durationMs: number } | null;
}

/** What the capture knows of the sandbox it records. */
export interface CaptureContext {
  /** The sandbox's API keys and passwords. */
  secrets: readonly string[];
  serviceIdField: string;
}

/** Its own bytes, exactly (a small body may sit in a pool shared with others): moved to the writer, not copied again. */
function ownBytes(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer);
}

/** The exchange as the writer's thread gets it, and the buffers that move there with it. */
export function exchangeCopy(exchange: SandboxExchange): { copy: CaptureExchange; transfer: ArrayBuffer[] } {
  const body = ownBytes(exchange.body);
  const { response, received } = exchange;
  const shownBody = response && ownBytes(response.shownBody);
  const problems: KeptProblems[] = [];
  for (const [index, list] of received?.problems ?? []) {
    if (list.length > 0) problems.push([index, list.length, list.slice(0, PROBLEMS_KEPT).map(({ field, message }) => ({ field, message }))]);
  }
  const copy: CaptureExchange = {
    time: exchange.time,
    durationMs: exchange.durationMs,
    method: exchange.method,
    target: exchange.target,
    headers: exchange.headers,
    body,
    bodyBytes: exchange.bodyBytes,
    bodyComplete: exchange.bodyComplete,
    response: response && { status: response.status, headers: response.headers, shownBody: shownBody!, secrets: response.secrets ?? [] },
    fault: exchange.fault,
    plan: exchange.plan,
    events: received && { count: received.events.length, problems, violations: received.violations },
    forwarded: exchange.forwarded,
  };
  return { copy, transfer: shownBody ? [body.buffer as ArrayBuffer, shownBody.buffer as ArrayBuffer] : [body.buffer as ArrayBuffer] };
}

const utf8 = new TextDecoder();

/** Why it was answered so, as triage words it (`invalid-events: 3 problems`, `bad token`, `accepted 2 events`). */
function reasonOf(exchange: CaptureExchange, responseBody: string | null): string {
  const { response, fault } = exchange;
  return answerOutcome({
    fault,
    response: response && { status: response.status, headers: {}, body: { text: responseBody ?? '', bytes: response.shownBody.length, truncated: false } },
  }).reason;
}

function parsedArray(text: string): unknown[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * How many events it carried: those the sandbox read, or, for a request a fault answered before
 * its route read it, those its body holds (read here, once): a forced 500 still carried events, refused.
 */
function eventCountOf(exchange: CaptureExchange, text: string): number {
  if (exchange.events !== null) return exchange.events.count;
  if (exchange.fault === null || !exchange.bodyComplete) return 0;
  return parsedArray(text)?.length ?? 0;
}

/** The body as kept: masked, and still the JSON array it was when it held events, so each event can be read back from it. */
function keptBody(text: string, holdsEvents: boolean, secrets: readonly string[]): string {
  const body = redactText(text, secrets);
  if (body === text || !holdsEvents || parsedArray(body) !== null) return body;
  // A secret that spanned JSON's own characters: mask value by value instead, keeping the array.
  const events = parsedArray(text);
  return events === null ? body : JSON.stringify(redactValue(events, secrets));
}

/** Why a forwarded request got no answer from the upstream: its failure's code and the sentence the SDK was given. */
function forwardError(forwarded: SandboxForwarded, responseBody: string | null): string | null {
  if (forwarded.failure === null) return null;
  try {
    const { message } = JSON.parse(responseBody ?? '') as { message?: unknown };
    return typeof message === 'string' ? `${forwarded.failure}: ${message}` : forwarded.failure;
  } catch {
    return forwarded.failure;
  }
}

export function capturedRow(exchange: CaptureExchange, context: CaptureContext): CapturedRequestRow {
  const secrets = [...context.secrets, ...headerSecrets(exchange.headers), ...(exchange.response?.secrets ?? [])];
  const text = utf8.decode(exchange.body);
  const eventCount = eventCountOf(exchange, text);
  const body = keptBody(text, eventCount > 0, secrets);
  const headers = JSON.stringify(redactValue(redactHeaders(exchange.headers), secrets));
  const { response, forwarded } = exchange;
  const responseBody = response === null ? null : redactText(utf8.decode(response.shownBody), secrets);
  const responseHeaders = response === null ? null : JSON.stringify(redactValue(redactHeaders(response.headers), secrets));
  const problems = exchange.events?.problems ?? [];
  const violations = exchange.events?.violations ?? [];
  const eventProblems = problems.length === 0 ? null : redactText(JSON.stringify(problems), secrets);
  const eventViolations = violations.length === 0 ? null : redactText(JSON.stringify(violations), secrets);
  // What the client got is what the upstream said, unless the upstream said nothing.
  const answered = forwarded !== null && forwarded.status !== null;
  return {
    receivedAt: exchange.time.toISOString(),
    durationMs: Math.round(exchange.durationMs * 100) / 100,
    method: exchange.method,
    path: redactText(redactTarget(exchange.target), secrets),
    headers,
    body,
    bodyBytes: exchange.bodyBytes,
    bodyTruncated: !exchange.bodyComplete,
    status: response?.status ?? null,
    reason: redactText(reasonOf(exchange, responseBody), secrets),
    responseHeaders,
    responseBody,
    fault: exchange.fault === null ? null : String(exchange.fault),
    plan: exchange.plan,
    serviceIdField: context.serviceIdField,
    storedBytes:
      body.length +
      headers.length +
      (responseBody?.length ?? 0) +
      (responseHeaders?.length ?? 0) +
      (eventProblems?.length ?? 0) +
      (eventViolations?.length ?? 0),
    eventCount,
    eventProblems,
    eventViolations,
    upstream:
      forwarded === null
        ? null
        : {
            url: forwarded.url,
            status: forwarded.status,
            headers: answered ? responseHeaders : null,
            body: answered ? responseBody : null,
            error: forwardError(forwarded, responseBody),
            durationMs: forwarded.durationMs,
          },
  };
}
