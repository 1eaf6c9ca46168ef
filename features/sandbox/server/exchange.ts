import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxForwarded, SandboxRequestRecord } from '../common/sandbox.ts';
import type { SentReply } from './respond.ts';
import type { ReceivedEvents } from './route.ts';

/**
 * One answered request to the service's endpoints as it happened, whole, for a listener that
 * keeps it (the capture): unlike the traffic's record it is not cut short nor masked yet, and
 * it carries the events the route parsed, so nothing is parsed twice. It lives in memory only
 * until the listener returns; whoever keeps it masks it first.
 */
/** What an exchange says of its request, for the capture's listener and the traffic's record alike. */
export interface ExchangeRequest {
  /** The traffic record's id. */
  id: number;
  time: Date;
  durationMs: number;
  method: string;
  /** The request target as sent, query included. */
  target: string;
  headers: IncomingHttpHeaders;
}

export interface SandboxExchange extends ExchangeRequest {
  /** The request body as the route shows it (a login's password masked), as far as it was read. */
  body: Buffer;
  /** The size of the whole body, read or not. */
  bodyBytes: number;
  /** False when the body was not read to its end (too large, too slow, refused from the headers). */
  bodyComplete: boolean;
  /** Null for a connection cut without an answer. */
  response: SentReply | null;
  fault: SandboxRequestRecord['fault'];
  /** The plan the events were checked against, as people name it; null when none was. */
  plan: string | null;
  /** The events of a /user/events body that was a JSON array, with their verdicts' parts (none judged by the sandbox when it forwarded them). */
  received: ReceivedEvents | null;
  /** Where it was forwarded and what the upstream did (`response` is then what the client got), or null when the sandbox answered itself. */
  forwarded: SandboxForwarded | null;
}

export type ExchangeListener = (exchange: SandboxExchange) => void;
