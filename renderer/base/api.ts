import type { Bridge } from '../../app/common/bridge.ts';
import { unwrap, type Envelope } from '../../base/common/errors.ts';

declare global {
  interface Window {
    /** Set by the preload in the app, and by the test harness in a plain browser. */
    eventdesk?: Bridge;
  }
}

type Unwrapped<F> = F extends (...args: infer A) => Promise<Envelope<infer T>> ? (...args: A) => Promise<T> : F;

/**
 * The contract as the UI uses it: each method resolves to its value or throws an AppError;
 * subscriptions (`onChanged`) pass through as they are.
 */
export type Api = { [D in keyof Bridge]: { [V in keyof Bridge[D]]: Unwrapped<Bridge[D][V]> } };

const isSubscription = (name: string) => /^on[A-Z]/.test(name);

export function createApi(bridge: Bridge): Api {
  const api: Record<string, Record<string, (argument?: never) => unknown>> = {};
  for (const [domain, members] of Object.entries(bridge)) {
    api[domain] = {};
    for (const [name, member] of Object.entries(members as unknown as Record<string, (argument?: unknown) => Promise<never>>)) {
      api[domain][name] = isSubscription(name) ? member : async (input?: unknown) => unwrap(await member(input));
    }
  }
  return api as unknown as Api;
}
