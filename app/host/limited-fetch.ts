import type { Fetch } from '../../base/node/ports.ts';
import { FETCH_BODY_LIMIT } from './protocol.ts';

/** Reads an answer's body, at most `limit` bytes: what a hostile server streams past that is never held. */
export async function readLimited(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  const body = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const part of parts) {
    const take = part.subarray(0, body.byteLength - at);
    body.set(take, at);
    at += take.byteLength;
  }
  return body;
}

/** Null-body statuses: a Response with one of these must have no body. */
export const NO_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Node's own fetch for the services thread of a Node host (the command line, the harness): no
 * hop through the other thread for each request, and the answer's body read up to
 * FETCH_BODY_LIMIT bytes as the hop reads it.
 */
export const limitedFetch: Fetch = async (input, init) => {
  const response = await fetch(input, init);
  const body = await readLimited(response, FETCH_BODY_LIMIT);
  return new Response(NO_BODY.has(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
};
