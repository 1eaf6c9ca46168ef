import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './route.ts';

/** What went back to the client, for the traffic. */
export interface SentReply {
  status: number;
  headers: Record<string, string>;
  /** The body as the traffic may show it: `shownBody` where the reply has one. */
  shownBody: Buffer;
  bytes: number;
  /** Secrets of the exchange that its request headers do not show (a forwarded login's password, the tokens it issued), masked in all that is recorded of it. */
  secrets?: readonly string[];
}

const NO_BODY = Buffer.alloc(0);

function serialize(body: unknown): Buffer {
  return body === undefined ? NO_BODY : Buffer.from(JSON.stringify(body));
}

/** Writes an answer; a reset cuts the connection with a TCP RST and sends nothing. */
export function writeAnswer(request: IncomingMessage, response: ServerResponse, answer: Answer): SentReply | null {
  if (answer === 'reset') {
    request.socket.resetAndDestroy();
    return null;
  }
  const payload = serialize(answer.body);
  const headers: Record<string, string> = {
    ...(answer.body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
    'Content-Length': String(payload.length),
    'Cache-Control': 'no-store',
    ...answer.headers,
    ...(answer.closeConnection ? { Connection: 'close' } : {}),
  };
  response.writeHead(answer.status, headers);
  // The rest of the request is still unread: close rather than read it to find the next one.
  response.end(payload, answer.closeConnection ? () => request.socket.destroy() : undefined);
  return { status: answer.status, headers, shownBody: answer.shownBody === undefined ? payload : serialize(answer.shownBody), bytes: payload.length };
}
