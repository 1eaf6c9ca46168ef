import type { IncomingMessage } from 'node:http';

/**
 * Reads a request body with a size limit and a time limit, for clients that may be hostile:
 * a body over the limit is not read past it (a declared one is not read at all), and a body
 * that trickles in is given up on.
 */

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

export type BodyRead =
  | { ok: true; body: Buffer }
  /** `body` holds what arrived before reading stopped; `received` counts it all. */
  | { ok: false; problem: 'too-large' | 'too-slow' | 'aborted'; body: Buffer; received: number };

export function readBody(request: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  const declared = Number(request.headers['content-length']);
  if (declared > limits.maxBytes) return Promise.resolve({ ok: false, problem: 'too-large', body: Buffer.alloc(0), received: 0 });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let kept = 0;

    const stop = (problem: 'too-large' | 'too-slow' | 'aborted') => {
      finish();
      request.pause();
      resolve({ ok: false, problem, body: Buffer.concat(chunks, kept), received });
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) return stop('too-large');
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
