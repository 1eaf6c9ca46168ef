import type { IncomingMessage } from 'node:http';
import type { BodyLease } from './body-budget.ts';

/**
 * Reads a request body with a size limit and a time limit, for clients that may be hostile:
 * a body over the limit is not read past it (a declared one is not read at all), a body
 * that trickles in is given up on, and every byte kept is taken from the budget shared by
 * all connections.
 */

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export type BodyProblem = 'too-large' | 'too-slow' | 'aborted' | 'over-budget';

export type BodyRead =
  | { ok: true; body: Buffer }
  /** `body` holds what arrived before reading stopped; `received` counts it all. */
  | { ok: false; problem: BodyProblem; body: Buffer; received: number };

/** The body of a request answered from its headers alone, never read; `received` is its declared length. */
export type UnreadBody = { ok: false; problem: 'unread'; body: Buffer; received: number };

const NO_BODY = Buffer.alloc(0);

/** What the traffic shows of the body of a request answered from its headers alone. */
export function unreadBody(request: IncomingMessage): UnreadBody | BodyRead {
  // RFC 9112 6.3: a body follows the headers when they give a length or a transfer coding.
  const declared = Number(request.headers['content-length'] ?? 0);
  if (request.headers['transfer-encoding'] === undefined && !(declared > 0)) return { ok: true, body: NO_BODY };
  return { ok: false, problem: 'unread', body: NO_BODY, received: declared > 0 ? declared : 0 };
}

export function readBody(request: IncomingMessage, limits: BodyLimits, lease: BodyLease): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  const refused = (problem: BodyProblem): Promise<BodyRead> => Promise.resolve({ ok: false, problem, body: NO_BODY, received: 0 });
  if (declared > limits.maxBytes) return refused('too-large');
  // A declared length is taken from the budget at once, so a body that fits is never cut off midway.
  if (declared > 0 && !lease.growTo(declared)) return refused('over-budget');

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let kept = 0;

    const stop = (problem: BodyProblem) => {
      finish();
      request.pause();
      resolve({ ok: false, problem, body: Buffer.concat(chunks, kept), received });
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) return stop('too-large');
      if (!lease.growTo(received)) return stop('over-budget');
      chunks.push(chunk);
      kept = received;
    };
    const onEnd = () => {
      finish();
      resolve({ ok: true, body: Buffer.concat(chunks, kept) });
    };
    const onClose = () => stop('aborted');
    const timer = setTimeout(() => stop('too-slow'), limits.timeoutMs);
    const finish = () => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
    };

    request.on('data', onData).on('end', onEnd).on('close', onClose).on('error', onClose);
  });
}
