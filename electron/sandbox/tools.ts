import type { FaultInjector } from './faults.ts';
import type { TokenStore } from './tokens.ts';
import { jsonContentTypeProblem, parseJsonBody } from './json-body.ts';
import { failure, type Reply, type Route, type Routes } from './route.ts';
import type { Traffic } from './traffic.ts';

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
      GET: { answer: () => ({ status: 200, body: traffic.list() }) },
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
