import type { Envelope } from '../../base/common/errors.ts';
import { channelNames, pushNames, type ChannelName, type Contract, type InputOf, type OutputOf, type PayloadOf, type PushName, type Pushes } from './ipc.ts';

/**
 * The object the preload exposes as `window.eventdesk` (and the test harness imitates over
 * HTTP). It has one named method per channel, grouped by domain (`bridge.app.info()`), and
 * one subscription per push (`bridge.session.onChanged(listener)`, which returns its
 * unsubscribe function). Methods resolve to envelopes rather than throwing, because a thrown
 * error loses its code when it crosses the context bridge.
 */

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C, D extends string> = C extends `${D}:${infer V}` ? V : never;
type ArgsOf<C extends ChannelName> = undefined extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>];

type Method<C> = C extends ChannelName ? (...args: ArgsOf<C>) => Promise<Envelope<OutputOf<C>>> : never;
type Subscription<P> = P extends PushName ? (listener: (payload: PayloadOf<P>) => void) => () => void : never;
type Methods<D extends string> = { [V in VerbOf<keyof Contract, D>]: Method<`${D}:${V}`> };
type Subscriptions<D extends string> = { [V in VerbOf<keyof Pushes, D> as `on${Capitalize<V>}`]: Subscription<`${D}:${V}`> };

export type Bridge = { [D in DomainOf<keyof Contract> | DomainOf<keyof Pushes>]: Methods<D> & Subscriptions<D> };

/** Sends one call on one channel and resolves to the envelope that came back. */
export type Invoke = (channel: ChannelName, input: unknown) => Promise<Envelope<unknown>>;
/** Listens to one push; returns the function that stops listening. */
export type Subscribe = (push: PushName, listener: (payload: unknown) => void) => () => void;

export function subscriptionName(push: PushName): [domain: string, method: string] {
  const [domain, event] = push.split(':') as [string, string];
  return [domain, `on${event[0]!.toUpperCase()}${event.slice(1)}`];
}

export function createBridge(invoke: Invoke, subscribe: Subscribe): Bridge {
  const bridge: Record<string, Record<string, (argument?: never) => unknown>> = {};
  for (const channel of channelNames) {
    const [domain, verb] = channel.split(':') as [string, string];
    bridge[domain] ??= {};
    bridge[domain][verb] = (input?: unknown) => invoke(channel, input);
  }
  for (const push of pushNames) {
    const [domain, method] = subscriptionName(push);
    bridge[domain] ??= {};
    bridge[domain][method] = ((listener: (payload: unknown) => void) => subscribe(push, listener)) as unknown as (argument?: never) => unknown;
  }
  return bridge as unknown as Bridge;
}
