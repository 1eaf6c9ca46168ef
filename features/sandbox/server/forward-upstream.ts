import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { ForwardFailure } from '../common/sandbox.ts';
import type { BodyLease } from './body/body-budget.ts';
import type { ForwardSettings } from './forward-settings.ts';

/**
 * The sandbox's client of the upstream it forwards to: one request at a time per call, over
 * kept-alive connections (a new TCP and TLS handshake per request would cost more than the
 * whole goal of 2 ms added), every answer read whole within a size and a time limit.
 */

/**
 * The largest upstream answer held. The service answers with a token, a count or a list of the
 * request's problems (the sandbox's own list for a 1 MiB batch of 5 000 bad events is about
 * 1 MiB); an answer is held whole so that one cut midway becomes a clean 502, not half a body.
 */
export const UPSTREAM_ANSWER_LIMIT_BYTES = 8 * 1024 * 1024;

/** Headers about one connection, not the exchange (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP: ReadonlySet<string> = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** The headers to pass on: all but hop-by-hop ones, those the Connection header names, and `dropped`. */
export function passedHeaders(headers: NodeJS.Dict<string[]>, dropped: ReadonlySet<string>): OutgoingHttpHeaders {
  const named = new Set((headers.connection ?? []).flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase()));
  const passed: OutgoingHttpHeaders = {};
  for (const [name, values] of Object.entries(headers)) {
    if (values !== undefined && !HOP_BY_HOP.has(name) && !named.has(name) && !dropped.has(name)) passed[name] = values.length === 1 ? values[0] : values;
  }
  return passed;
}

export interface UpstreamAnswer {
  status: number;
  statusMessage: string;
  headers: NodeJS.Dict<string[]>;
  body: Buffer;
}

export type UpstreamResult =
  | { ok: true; answer: UpstreamAnswer; durationMs: number }
  /** `reason` completes a sentence that starts with the upstream's host. */
  | { ok: false; failure: ForwardFailure; reason: string; durationMs: number };

type Failed = { failure: ForwardFailure; reason: string };

const TLS_PROBLEM = /CERT|SSL|TLS|EPROTO|UNABLE_TO_|ALTNAME/;

/** Why a request to the upstream failed before an answer came, from Node's error code. */
export function failedBecause(error: NodeJS.ErrnoException): Failed {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return { failure: 'upstream-unreachable', reason: 'refused the connection: nothing listens there' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { failure: 'upstream-unreachable', reason: 'is a host name that DNS does not know' };
  if (code.startsWith('HPE_')) return { failure: 'upstream-not-http', reason: `answered with something that is not HTTP (${error.message})` };
  if (TLS_PROBLEM.test(code)) return { failure: 'upstream-tls', reason: `refused a secure connection, or its certificate is not trusted here (${code})` };
  if (code === 'ECONNRESET' || code === 'EPIPE') return { failure: 'upstream-reset', reason: 'closed the connection without answering' };
  return { failure: 'upstream-unreachable', reason: `cannot be reached (${code || error.message})` };
}

export interface ForwardRequest {
  method: string;
  /** The request target as the client sent it: path and query. */
  target: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The budget of bytes held, already holding the request's body: the answer's bytes are added to it. */
  lease: BodyLease;
}

export function createUpstream(settings: ForwardSettings) {
  const base = new URL(settings.url);
  const secure = base.protocol === 'https:';
  const client = secure ? https : http;
  const agent = secure ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  // The base path's own trailing slash would double the request target's leading one.
  const basePath = base.pathname.replace(/\/$/, '');
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = base.port === '' ? (secure ? 443 : 80) : Number(base.port);
  /** Requests sent and not settled yet; once retired, the last of them to settle closes the connections. */
  let underWay = 0;
  let retired = false;

  /** The path sent upstream; a target in absolute form (`POST http://x/y`) or `*` gives its path only. */
  function upstreamPath(target: string): string {
    if (target.startsWith('/')) return basePath + target;
    const { pathname, search } = new URL(target, base);
    return basePath + pathname + search;
  }

  function send(request: ForwardRequest): Promise<UpstreamResult> {
    const started = performance.now();
    const heldBefore = request.body.length;
    underWay++;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: Failed | UpstreamAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (--underWay === 0 && retired) agent.destroy();
        const durationMs = performance.now() - started;
        resolve('failure' in result ? { ok: false, ...result, durationMs } : { ok: true, answer: result, durationMs });
      };
      const fail = (result: Failed) => {
        if (settled) return;
        settle(result);
        outgoing.destroy();
      };

      const readAnswer = (incoming: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let received = 0;
        incoming.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > UPSTREAM_ANSWER_LIMIT_BYTES)
            return fail({
              failure: 'upstream-answer-too-large',
              reason: `answered with more than ${UPSTREAM_ANSWER_LIMIT_BYTES} bytes, more than any answer of this service`,
            });
          if (!request.lease.growTo(heldBefore + received))
            return fail({ failure: 'bodies-over-budget', reason: 'answered while the sandbox holds as many bytes as it buffers at once' });
          chunks.push(chunk);
        });
        incoming.on('end', () =>
          settle({
            status: incoming.statusCode ?? 0,
            statusMessage: incoming.statusMessage ?? '',
            headers: incoming.headersDistinct,
            body: Buffer.concat(chunks, received),
          }),
        );
        // After 'end' this changes nothing; before it, the upstream hung up midway.
        incoming.on('close', () => fail({ failure: 'upstream-reset', reason: 'closed the connection in the middle of its answer' }));
      };

      const outgoing = client.request(
        { hostname, port, method: request.method, path: upstreamPath(request.target), headers: request.headers, agent },
        readAnswer,
      );
      outgoing.on('error', (error) => fail(failedBecause(error)));
      const timer = setTimeout(() => fail({ failure: 'upstream-timeout', reason: `did not answer within ${settings.timeoutMs} ms` }), settings.timeoutMs);
      outgoing.end(request.body);
    });
  }

  return {
    /** The upstream as messages name it: host and port. */
    host: base.host,
    /** The URL a request target is sent to. */
    urlOf: (target: string) => `${base.origin}${upstreamPath(target)}`,
    send,
    /** Closes the kept-alive connections; a request under way is cut. */
    close: () => agent.destroy(),
    /** Closes the idle kept-alive connections now, and the rest once the requests under way have their answers. */
    retire() {
      retired = true;
      if (underWay === 0) agent.destroy();
      else for (const idle of Object.values(agent.freeSockets)) for (const socket of idle ?? []) socket.destroy();
    },
  };
}
export type Upstream = ReturnType<typeof createUpstream>;
