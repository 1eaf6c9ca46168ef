import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxPlanCheck, SandboxViolation } from '../common/sandbox.ts';
import type { EventProblem } from './event-rules.ts';

/** The events a /user/events request carried, as its route read and judged them: for the capture, never sent. */
export interface ReceivedEvents {
  /** The request's array, parsed once. */
  events: readonly unknown[];
  /** Each event's own problems by its index (strict mode checks them; lenient mode does not). */
  problems: ReadonlyMap<number, readonly Omit<EventProblem, 'index'>[]>;
  /** Every violation of the tracking plan in use, in event order. */
  violations: readonly SandboxViolation[];
}

/**
 * What a route decides, as a value: the server writes it and the traffic records it, so a
 * route never touches the socket.
 */
export interface Reply {
  status: number;
  /** Sent as JSON; absent for an empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** What the traffic shows instead of `body`, when the body holds a secret. */
  shownBody?: unknown;
  /** Close the connection once answered: the request was not read to its end. */
  closeConnection?: boolean;
  /** What the tracking plan in use found in the request's events: recorded in the traffic, not sent. */
  planCheck?: SandboxPlanCheck | null;
  /** The events the body held, when it was a JSON array: for the capture, not sent. */
  received?: ReceivedEvents;
  /** The request body as text, when the route decoded it whole: the traffic keeps it instead of decoding the body a second time. */
  requestText?: string;
}

/** A route either replies or cuts the connection without a word (a reset fault). */
export type Answer = Reply | 'reset';

/** Every error the sandbox gives has this body: a stable code and a sentence for a person. */
export function failure(status: number, error: string, message: string, extra?: Record<string, unknown>): Reply {
  return { status, body: { error, message, ...extra } };
}

/** How long a client refused for lack of room should wait before it tries again. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * A 503 for a server at one of its limits (connections, buffered bytes): nothing is wrong
 * with the request, so the client is told when to try again, and the connection is closed
 * to free what it holds.
 */
export function busy(error: string, message: string): Reply {
  return {
    ...failure(503, error, `${message} Try again in ${BUSY_RETRY_AFTER_SECONDS} s.`),
    headers: { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) },
    closeConnection: true,
  };
}

/** One endpoint: what it answers, and what of its requests the traffic may show. */
export interface Route {
  /** How the traffic shows the request body, when the body may hold a secret. */
  showBody?: (body: Buffer) => Buffer;
  /** Whether the fail sequence and fail rate of the fault injection decide some answers. */
  injectsFaults?: boolean;
  /**
   * Refuses from the headers alone (credentials, media type), before the body is read, so a
   * refused client costs no memory; null lets the body be read and answered.
   */
  admit?(headers: IncomingHttpHeaders): Reply | null;
  /**
   * Answers a request that was admitted and whose body was read in full, within the limits; a
   * forwarded one, once the upstream has. `query` is the request's query string (the tools read one).
   */
  answer(body: Buffer, query: URLSearchParams): Answer | Promise<Answer>;
}

/** Endpoints by path, then by method. */
export type Routes = Readonly<Record<string, Readonly<Partial<Record<string, Route>>>>>;

/** The route for a request, or the 404 or 405 that says why there is none. */
export function findRoute(routes: Routes, method: string, path: string): Route | Reply {
  const methods = Object.hasOwn(routes, path) ? routes[path]! : undefined;
  if (methods === undefined) {
    const endpoints = Object.entries(routes).flatMap(([known, byMethod]) => Object.keys(byMethod).map((name) => `${name} ${known}`));
    return failure(404, 'not-found', `Nothing at ${path}; the endpoints here are ${endpoints.join(', ')}.`);
  }
  const route = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (route !== undefined) return route;
  const allowed = Object.keys(methods).join(', ');
  return { ...failure(405, 'method-not-allowed', `${path} takes ${allowed}, not ${method}.`), headers: { Allow: allowed } };
}

export function isRoute(found: Route | Reply): found is Route {
  return 'answer' in found;
}
