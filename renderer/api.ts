import type { Bridge } from '../shared/bridge.ts';
import { unwrap, type Envelope } from '../shared/errors.ts';

declare global {
  interface Window {
    /** Set by the preload in the app, and by the test harness in a plain browser. */
    eventdesk?: Bridge;
  }
}

type Unwrapped<F> = F extends (...args: infer A) => Promise<Envelope<infer T>> ? (...args: A) => Promise<T> : never;

/** The contract as the UI uses it: each method resolves to its value or throws an AppError. */
export type Api = { [D in keyof Bridge]: { [V in keyof Bridge[D]]: Unwrapped<Bridge[D][V]> } };

export function createApi(bridge: Bridge): Api {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {};
  for (const [domain, methods] of Object.entries(bridge)) {
    api[domain] = {};
    for (const [verb, method] of Object.entries(methods as unknown as Record<string, (input?: unknown) => Promise<never>>)) {
      api[domain][verb] = async (input?: unknown) => unwrap(await method(input));
    }
  }
  return api as Api;
}
