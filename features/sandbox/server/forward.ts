import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { redactUrl } from '../../../base/common/redaction/redact.ts';
import type { SandboxForwarded } from '../common/sandbox.ts';
import type { BodyLease } from './body/body-budget.ts';
import { shownAnswer, type ShownAnswer } from './forward-record.ts';
import type { ForwardSettings } from './forward-settings.ts';
import { createUpstream, passedHeaders, type UpstreamAnswer, type UpstreamResult } from './forward-upstream.ts';
import { parseJson } from './json-body.ts';
import { redactLoginBody } from './redaction.ts';
import { writeAnswer, type SentReply } from './respond.ts';
import { busy, failure, type Answer, type ReceivedEvents, type Reply, type Route } from './route.ts';

/**
 * The sandbox as a recording proxy: each request for the service goes on to the upstream as
 * received (the SDK's own credentials included, so the sandbox holds none), the upstream's
 * answer comes back to the SDK as is, and the traffic records both with their secrets masked.
 * The upstream judges the events; the sandbox only reads them for the record.
 */

const LOGIN_PATH = '/oauth2/login';
const EVENTS_PATH = '/user/events';

/** Set again from the body as read (it was read whole, chunked or not), or not sent at all. */
const DROPPED_REQUEST_HEADERS: ReadonlySet<string> = new Set(['host', 'content-length', 'expect']);
/** Set again from the body as read. */
const DROPPED_ANSWER_HEADERS: ReadonlySet<string> = new Set(['content-length']);
const NOTHING_DROPPED: ReadonlySet<string> = new Set();

/** A forwarded request's answer: the upstream's own, passed on as is, or a 502 (503) saying why there is none. */
export interface ForwardedReply extends Reply {
  forwarded: SandboxForwarded;
  /** The events the request carried, parsed for the record (a JSON array sent to /user/events); null otherwise. */
  events: readonly unknown[] | null;
  /** The upstream's answer, with how the traffic may show its body; absent with a 502. */
  passed?: { answer: UpstreamAnswer; shown: () => ShownAnswer };
}

function isForwardedReply(answer: Answer): answer is ForwardedReply {
  return answer !== 'reset' && 'forwarded' in answer;
}

/** What a forwarded request's record adds; undefined for a request the sandbox answered itself (a refusal before forwarding). */
export function forwardedPart(answer: Answer): SandboxForwarded | undefined {
  return isForwardedReply(answer) ? answer.forwarded : undefined;
}

/** The events a forwarded request carried, for the capture: the upstream judged them, so none has problems of the sandbox's own. */
export function forwardedEvents(answer: Answer): ReceivedEvents | null {
  return isForwardedReply(answer) && answer.events !== null ? { events: answer.events, problems: new Map(), violations: [] } : null;
}

/** The events of a body sent to /user/events, when it is a JSON array. */
function eventsOf(body: Buffer): readonly unknown[] | null {
  const parsed = parseJson(body);
  return parsed.ok && Array.isArray(parsed.value) ? parsed.value : null;
}

/** The answer to the SDK when the upstream gave none: a sentence naming the upstream and what happened, and that the request was kept when it was. */
function unanswered(result: Extract<UpstreamResult, { ok: false }>, host: string, recorded: boolean): Reply {
  if (result.failure === 'bodies-over-budget') return busy(result.failure, `The upstream ${host} ${result.reason}.`);
  return failure(502, result.failure, `The upstream ${host} ${result.reason}${recorded ? '; the request was recorded' : ''}.`);
}

/** A 204, a 304 or an answer to HEAD has no body, whatever its Content-Length says: that header passes as the upstream sent it. */
function hasNoBody(method: string | undefined, status: number): boolean {
  return method === 'HEAD' || status === 204 || status === 304 || status < 200;
}

export function createForwarder(settings: ForwardSettings) {
  const upstream = createUpstream(settings);
  const recorded = settings.recorded ?? true;

  async function forward(request: IncomingMessage, body: Buffer, lease: BodyLease, path: string): Promise<ForwardedReply> {
    const target = request.url ?? '/';
    const headers = passedHeaders(request.headersDistinct, DROPPED_REQUEST_HEADERS);
    if (body.length > 0 || request.headers['content-length'] !== undefined) headers['content-length'] = String(body.length);
    const pending = upstream.send({ method: request.method ?? 'GET', target, headers, body, lease });
    // Read while the upstream works on the request, so the record costs the SDK no time.
    const events = path === EVENTS_PATH ? eventsOf(body) : null;
    const result = await pending;
    const forwarded: SandboxForwarded = {
      url: redactUrl(upstream.urlOf(target)),
      status: result.ok ? result.answer.status : null,
      failure: result.ok ? null : result.failure,
      durationMs: Math.round(result.durationMs * 100) / 100,
      events: events === null ? null : events.length,
    };
    if (!result.ok) return { ...unanswered(result, upstream.host, recorded), forwarded, events };
    const { answer } = result;
    const shown = () => shownAnswer(answer, { headers: request.headers, body, isLogin: path === LOGIN_PATH });
    return { status: answer.status, forwarded, events, passed: { answer, shown } };
  }

  return {
    /** The route of a request for the service: it is forwarded, its answer's bytes taken from `lease`. */
    route(request: IncomingMessage, lease: BodyLease): Route {
      const path = (request.url ?? '/').split('?')[0]!;
      return {
        showBody: path === LOGIN_PATH ? redactLoginBody : undefined,
        answer: (body) => forward(request, body, lease, path),
      };
    },

    /** Writes an answer: the upstream's as it came (its status, headers but hop-by-hop ones, and bytes), any other as the sandbox writes its own. */
    write(request: IncomingMessage, response: ServerResponse, answer: Answer): SentReply | null {
      if (!isForwardedReply(answer) || answer.passed === undefined) return writeAnswer(request, response, answer);
      const { answer: passed, shown } = answer.passed;
      const bodyless = hasNoBody(request.method, passed.status);
      const headers: OutgoingHttpHeaders = passedHeaders(passed.headers, bodyless ? NOTHING_DROPPED : DROPPED_ANSWER_HEADERS);
      if (!bodyless) headers['content-length'] = String(passed.body.length);
      response.writeHead(passed.status, passed.statusMessage, headers);
      response.end(passed.body);
      const sentHeaders = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]));
      const { body: shownBody, secrets } = shown();
      return { status: passed.status, headers: sentHeaders, shownBody, bytes: passed.body.length, secrets };
    },

    close: () => upstream.close(),
    /** Takes no more requests' answers than those under way, then closes its connections to the upstream (forwarding changed). */
    retire: () => upstream.retire(),
  };
}
export type Forwarder = ReturnType<typeof createForwarder>;
