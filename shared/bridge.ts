import type { Envelope } from './errors.ts';
import { channelNames, type ChannelName, type Contract, type InputOf, type OutputOf } from './ipc.ts';

/**
 * The object the preload exposes as `window.eventdesk` (and the test harness imitates over
 * HTTP). It has one named method per channel, grouped by domain: `bridge.app.info()`.
 * Methods resolve to envelopes rather than throwing, because a thrown error loses its code
 * when it crosses the context bridge.
 */

type DomainOf<C> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C, D extends string> = C extends `${D}:${infer V}` ? V : never;
type ArgsOf<C extends ChannelName> = undefined extends InputOf<C> ? [input?: InputOf<C>] : [input: InputOf<C>];

export type Bridge = {
  [D in DomainOf<keyof Contract>]: {
    [V in VerbOf<keyof Contract, D>]: `${D}:${V}` extends ChannelName
      ? (...args: ArgsOf<`${D}:${V}`>) => Promise<Envelope<OutputOf<`${D}:${V}`>>>
      : never;
  };
};

/** Sends one call on one channel and resolves to the envelope that came back. */
export type Invoke = (channel: ChannelName, input: unknown) => Promise<Envelope<unknown>>;

export function createBridge(invoke: Invoke): Bridge {
  const bridge: Record<string, Record<string, (input?: unknown) => Promise<Envelope<unknown>>>> = {};
  for (const channel of channelNames) {
    const [domain, verb] = channel.split(':') as [string, string];
    bridge[domain] ??= {};
    bridge[domain][verb] = (input?: unknown) => invoke(channel, input);
  }
  return bridge as Bridge;
}
