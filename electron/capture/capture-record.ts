import type { IncomingHttpHeaders } from 'node:http';
import { isSecretHeader, redactText, redactValue } from '../../shared/redact.ts';
import type { CapturedEvent, CapturedProblem, CapturedVerdict } from '../../shared/capture.ts';
import type { SandboxViolation } from '../../shared/sandbox.ts';
import { answerOutcome } from '../../shared/sandbox-outcome.ts';
import type { SandboxExchange } from '../sandbox/exchange.ts';
import { redactHeaders, redactTarget } from '../sandbox/redaction.ts';
import type { ReceivedEvents } from '../sandbox/route.ts';

/**
 * An exchange as the capture keeps it: every header, path and body masked with the one
 * redaction (the sandbox's own API keys and passwords, and whatever key or token this request
 * carried in its headers, in every form a secret takes), and its events' key fields and verdicts.
 * Runs off the request's path, when the queue is written.
 */

/** Each event keeps this many of its own problems; problemCount counts them all. */
export const PROBLEMS_KEPT = 20;

/** A CapturedEvent as written: its problems and violations as JSON text, null for none. */
export type CapturedEventRow = Omit<CapturedEvent, 'requestId' | 'problems' | 'violations'> & { problems: string | null; violations: string | null };

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
  events: CapturedEventRow[];
}

/** What the capture knows of the sandbox it records. */
export interface CaptureContext {
  /** The sandbox's API keys and passwords. */
  secrets: readonly string[];
  serviceIdField: string;
}

/** A rough size of an event's row besides its texts, for the size limit. */
const EVENT_ROW_BYTES = 48;

/** The secrets this request carried in its headers: an API key, a bearer token, a cookie. */
function headerSecrets(headers: IncomingHttpHeaders): string[] {
  const found: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !isSecretHeader(name)) continue;
    const scheme = /authorization$/i.test(name);
    for (const text of Array.isArray(value) ? value : [value]) {
      // `Bearer abc`: the token itself is the secret, wherever it shows up (and within the header's whole value).
      found.push(scheme ? text.replace(/^[A-Za-z][\w-]*\s+/, '') : text);
    }
  }
  return found;
}

function keyText(value: unknown): string | null {
  if (value === undefined) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Why it was answered so, as triage words it (`invalid-events: 3 problems`, `bad token`, `accepted 2 events`). */
function reasonOf(exchange: SandboxExchange, responseBody: string | null): string {
  const { response, fault } = exchange;
  return answerOutcome({ fault, response: response && { status: response.status, headers: {}, body: { text: responseBody ?? '', bytes: response.bytes, truncated: false } } }).reason;
}

/**
 * The events the route read, or, for a request a fault answered before its route read it, the
 * events its body holds (read here, once): a forced 500 still carried events, refused.
 */
function receivedOf(exchange: SandboxExchange): ReceivedEvents | null {
  if (exchange.received !== null || exchange.fault === null || !exchange.bodyComplete) return exchange.received;
  try {
    const events: unknown = JSON.parse(exchange.body.toString('utf8'));
    return Array.isArray(events) ? { events, problems: new Map(), violations: [] } : null;
  } catch {
    return null;
  }
}

function eventRows(exchange: SandboxExchange, received: ReceivedEvents | null, secrets: readonly string[], masked: boolean): CapturedEventRow[] {
  if (received === null) return [];
  const verdict: CapturedVerdict = exchange.response !== null && exchange.response.status < 300 ? 'accepted' : 'refused';
  const violationsOf = new Map<number, SandboxViolation[]>();
  for (const violation of received.violations) {
    const list = violationsOf.get(violation.index);
    if (list) list.push(violation);
    else violationsOf.set(violation.index, [violation]);
  }
  // Key fields hold a secret only when the body did: then each is masked on its own.
  const text = masked ? (value: string | null) => (value === null ? null : redactText(value, secrets)) : (value: string | null) => value;
  const json = (value: unknown) => JSON.stringify(masked ? redactValue(value, secrets) : value);
  return received.events.map((event, index) => {
    const fields = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
    const problems: readonly CapturedProblem[] = received.problems.get(index) ?? [];
    const violations = violationsOf.get(index);
    return {
      index,
      token: text(keyText(fields.token)),
      customerId: text(keyText(fields.customer_id)),
      deviceId: text(keyText(fields.device_id)),
      createdAt: text(keyText(fields.created_at)),
      verdict,
      problems: problems.length === 0 ? null : json(problems.slice(0, PROBLEMS_KEPT)),
      problemCount: problems.length,
      violations: violations === undefined ? null : json(violations),
    };
  });
}

/** The body as kept: masked, and still the JSON array it was when it held events, so each event can be read back from it. */
function keptBody(received: ReceivedEvents | null, text: string, secrets: readonly string[]): { body: string; masked: boolean } {
  const body = redactText(text, secrets);
  if (body === text) return { body, masked: false };
  if (received === null) return { body, masked: true };
  try {
    JSON.parse(body);
    return { body, masked: true };
  } catch {
    // A secret that spanned JSON's own characters: mask value by value instead, keeping the array.
    return { body: JSON.stringify(redactValue(received.events, secrets)), masked: true };
  }
}

export function capturedRow(exchange: SandboxExchange, context: CaptureContext): CapturedRequestRow {
  const secrets = [...context.secrets, ...headerSecrets(exchange.headers)];
  const received = receivedOf(exchange);
  const { body, masked } = keptBody(received, exchange.body.toString('utf8'), secrets);
  const headers = JSON.stringify(redactValue(redactHeaders(exchange.headers), secrets));
  const { response } = exchange;
  const responseBody = response === null ? null : redactText(response.shownBody.toString('utf8'), secrets);
  const responseHeaders = response === null ? null : JSON.stringify(redactValue(redactHeaders(response.headers), secrets));
  const events = eventRows(exchange, received, secrets, masked);
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
    storedBytes: body.length + headers.length + (responseBody?.length ?? 0) + (responseHeaders?.length ?? 0) + events.length * EVENT_ROW_BYTES,
    events,
  };
}
