import type { CapturedBody, SandboxRequestRecord } from '../common/sandbox.ts';
import type { BodyRead, UnreadBody } from './body/body.ts';
import { redactText, redactValue } from '../../../base/common/redaction/redact.ts';
import { headerSecrets, redactHeaders, redactTarget } from './redaction.ts';
import type { ExchangeRequest } from './exchange.ts';
import type { SentReply } from './respond.ts';

/**
 * One exchange as the traffic keeps it: secrets redacted, bodies cut to the first bytes. The
 * record is made when someone reads it (a listener, the traffic's list), not on the request's
 * path: until then the traffic holds the cut bodies' bytes and the headers as they came, which
 * spares an ingesting sandbox a text decoding and a redaction per request nobody looks at.
 */

export interface Exchange extends ExchangeRequest {
  read: BodyRead | UnreadBody;
  /** The request body as it may be shown (a route redacts its secrets). */
  shownRequestBody: Buffer;
  /** `shownRequestBody` as text, when the route decoded it already. */
  shownRequestText?: string | undefined;
  sent: SentReply | null;
  fault: SandboxRequestRecord['fault'];
  plan: SandboxRequestRecord['plan'];
  /** What became of a request passed on to an upstream; undefined for one the sandbox answered itself. */
  forwarded?: SandboxRequestRecord['forwarded'];
}

interface CutBody {
  /** The first bytes as text: a flat string costs the collector less than as many bytes held outside its heap. */
  text: string;
  bytes: number;
  truncated: boolean;
}

function cut(shown: Buffer, bytes: number, limit: number, complete: boolean, decoded?: string): CutBody {
  const truncated = !complete || shown.length > limit;
  // Decoding copies: the text keeps nothing of the body it was cut from. A text decoded
  // already is kept whole only: a slice of it would hold on to all of it.
  const whole = decoded !== undefined && shown.length <= limit;
  return { text: whole ? decoded : shown.subarray(0, limit).toString('utf8'), bytes, truncated };
}

/** What a string costs V8: one byte a character while every one fits in Latin-1, two otherwise. */
export function heldBytesOf(text: string): number {
  return /[\u0100-\uffff]/.test(text) ? 2 * text.length : text.length;
}

function bodyOf({ text, bytes, truncated }: CutBody, secrets: readonly string[]): CapturedBody {
  return { text: redactText(text, secrets), bytes, truncated };
}

/** A traffic record to be: what it will hold, and its size while it waits. */
export interface PendingRecord {
  readonly id: number;
  /** The bytes its bodies' texts hold now, for the traffic's size budget: the cut texts, or once made the record's. */
  heldBytes(): number;
  readonly plan: SandboxRequestRecord['plan'];
  /** The record, made on the first call and the same object after. */
  record(): SandboxRequestRecord;
}

/**
 * `secrets` are the sandbox's own (its API keys, its users' passwords): masked wherever they
 * show up, as are the key and token the request carried in its headers and the secrets the
 * reply names (a forwarded login's password and tokens), in both directions' headers and
 * bodies, as the capture does.
 */
export function pendingRecord(whole: Exchange, { bodyLimit, secrets }: { bodyLimit: number; secrets: readonly string[] }): PendingRecord {
  const { read, sent, shownRequestBody, shownRequestText, ...exchange } = whole;
  // Only the cut bodies outlive this call: the record must not keep the request's whole body.
  let requestBody: CutBody | null = cut(shownRequestBody, read.ok ? read.body.length : read.received, bodyLimit, read.ok, shownRequestText);
  let response = sent && { status: sent.status, headers: sent.headers, body: cut(sent.shownBody, sent.bytes, bodyLimit, true) };
  const replySecrets = sent?.secrets ?? [];
  let made: SandboxRequestRecord | null = null;
  return {
    id: exchange.id,
    heldBytes() {
      if (made !== null) return heldBytesOf(made.body.text) + (made.response ? heldBytesOf(made.response.body.text) : 0);
      return heldBytesOf(requestBody!.text) + (response ? heldBytesOf(response.body.text) : 0);
    },
    plan: exchange.plan,
    record() {
      if (made !== null) return made;
      const masked = [...secrets, ...headerSecrets(exchange.headers), ...replySecrets];
      made = {
        id: exchange.id,
        time: exchange.time.toISOString(),
        durationMs: Math.round(exchange.durationMs * 100) / 100,
        method: exchange.method,
        path: redactText(redactTarget(exchange.target), masked),
        headers: redactValue(redactHeaders(exchange.headers), masked),
        body: bodyOf(requestBody!, masked),
        response: response && { status: response.status, headers: redactValue(redactHeaders(response.headers), masked), body: bodyOf(response.body, masked) },
        fault: exchange.fault,
        plan: exchange.plan,
        ...(exchange.forwarded === undefined ? {} : { forwarded: exchange.forwarded }),
      };
      // The record holds the bodies' texts now; the cut ones would be a second copy.
      requestBody = null;
      response = null;
      return made;
    },
  };
}
