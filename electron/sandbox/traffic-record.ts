import type { IncomingMessage } from 'node:http';
import type { CapturedBody, SandboxRequestRecord } from '../../shared/sandbox.ts';
import type { BodyRead, UnreadBody } from './body.ts';
import { redactHeaders, redactTarget } from './redaction.ts';
import type { SentReply } from './respond.ts';

/** One exchange as the traffic keeps it: secrets redacted, bodies cut to the first bytes. */

function captureBody(shown: Buffer, bytes: number, limit: number, complete: boolean): CapturedBody {
  return { text: shown.subarray(0, limit).toString('utf8'), bytes, truncated: !complete || shown.length > limit };
}

export interface Exchange {
  id: number;
  time: Date;
  durationMs: number;
  request: IncomingMessage;
  read: BodyRead | UnreadBody;
  /** The request body as it may be shown (a route redacts its secrets). */
  shownRequestBody: Buffer;
  sent: SentReply | null;
  fault: SandboxRequestRecord['fault'];
  plan: SandboxRequestRecord['plan'];
  /** What became of a request passed on to an upstream; undefined for one the sandbox answered itself. */
  forwarded?: SandboxRequestRecord['forwarded'];
}

export function recordOf(exchange: Exchange, bodyLimit: number): SandboxRequestRecord {
  const { read, sent } = exchange;
  return {
    id: exchange.id,
    time: exchange.time.toISOString(),
    durationMs: Math.round(exchange.durationMs * 100) / 100,
    method: exchange.request.method ?? '',
    path: redactTarget(exchange.request.url ?? ''),
    headers: redactHeaders(exchange.request.headers),
    body: captureBody(exchange.shownRequestBody, read.ok ? read.body.length : read.received, bodyLimit, read.ok),
    response: sent && {
      status: sent.status,
      headers: redactHeaders(sent.headers),
      body: captureBody(sent.shownBody, sent.bytes, bodyLimit, true),
    },
    fault: exchange.fault,
    plan: exchange.plan,
    ...(exchange.forwarded === undefined ? {} : { forwarded: exchange.forwarded }),
  };
}
