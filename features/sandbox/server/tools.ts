import type { FaultInjector } from './faults.ts';
import type { TokenStore } from './tokens.ts';
import { jsonContentTypeProblem, parseJsonBody } from './json-body.ts';
import { failure, type Reply, type Route, type Routes } from './route.ts';
import type { Traffic, TrafficQuery } from './traffic.ts';

/** The largest `after` and `limit` the requests list takes: far beyond any count of requests a sandbox sees. */
const MAX_QUERY_NUMBER = Number.MAX_SAFE_INTEGER;

/** `?after=ID&limit=N` of GET /_sandbox/requests, or the 400 that says which is wrong. */
function trafficQuery(query: URLSearchParams): TrafficQuery | Reply {
  const read: TrafficQuery = {};
  for (const [name, least] of [
    ['after', 0],
    ['limit', 1],
  ] as const) {
    const text = query.get(name);
    if (text === null) continue;
    const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (!(value >= least && value <= MAX_QUERY_NUMBER))
      return failure(400, 'invalid-query', `${name} must be a whole number from ${least}; got "${text.slice(0, 40)}".`);
    read[name] = value;
  }
  return read;
}

/**
 * The sandbox's own endpoints under /_sandbox/, for tools and for a sandbox run on its own:
 * read and clear the traffic, read and change the faults at run time, end the access tokens
 * issued (to try a client's renewal without waiting), read the service's description. They are not part of the service, so they are not recorded, delayed or faulted.
 */
export function createToolRoutes(traffic: Traffic, faults: FaultInjector, tokens: TokenStore, openapi: () => Reply): Routes {
  const changeFaults: Route = {
    admit: jsonContentTypeProblem,
    answer(body) {
      const parsed = parseJsonBody(body);
      if (!parsed.ok) return parsed.reply;
      const updated = faults.update(parsed.value);
      return updated.ok ? { status: 200, body: updated.value } : failure(400, 'invalid-faults', updated.error.message);
    },
  };
  return {
    '/_sandbox/requests': {
      GET: {
        answer: (_body, query) => {
          const read = trafficQuery(query);
          return 'status' in read ? read : { status: 200, body: traffic.list(read) };
        },
      },
      DELETE: {
        answer: () => {
          traffic.clear();
          return { status: 204 };
        },
      },
    },
    '/_sandbox/faults': {
      GET: { answer: () => ({ status: 200, body: faults.current() }) },
      PATCH: changeFaults,
    },
    '/_sandbox/tokens/expire': { POST: { answer: () => ({ status: 200, body: { expired: tokens.expireAll() } }) } },
    '/_sandbox/openapi.json': { GET: { answer: openapi } },
  };
}
