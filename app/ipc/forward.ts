import type { ChannelName, OutputOf, ParsedInputOf } from '../common/ipc.ts';
import type { Handler } from './dispatch.ts';

/** What a forwarded method may answer: the channel's output, or nothing where the output may be null. */
type Answer<C extends ChannelName> = OutputOf<C> | (null extends OutputOf<C> ? void : never);
type Answers<C extends ChannelName> = Answer<C> | Promise<Answer<C>>;

/** The service's methods that take the channel's input whole (or nothing) and answer its output. */
type Whole<S, C extends ChannelName> = { [M in keyof S]: S[M] extends (input: ParsedInputOf<C>) => Answers<C> ? M : never }[keyof S];

/** A method and the one field of the channel's input it takes. */
type OneField<S, C extends ChannelName, I = ParsedInputOf<C>> = {
  [M in keyof S]: { [F in keyof I]-?: S[M] extends (value: I[F]) => Answers<C> ? readonly [M, F] : never }[keyof I];
}[keyof S];

/** Which method of the service answers each channel, and with the whole input or one of its fields. */
export type Routes<S> = { [C in ChannelName]?: Whole<S, C> | OneField<S, C> };

/**
 * The handlers of channels that only forward to one service: each calls its method with the
 * channel's parsed input (or one field of it) and answers what the method answers, nothing
 * answered as null. The types refuse a method whose parameter or answer does not fit the
 * channel; the dispatch still parses both, as for any handler. `service` may be a function
 * that gives it at each call (a service that may be missing, as the sandbox's).
 */
export function forward<S extends object, const R extends Routes<S>>(service: S | (() => S), routes: R): { [C in keyof R & ChannelName]: Handler<C> } {
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [channel, route] of Object.entries(routes) as [string, string | readonly [string, string]][]) {
    const [method, field] = typeof route === 'string' ? [route, undefined] : route;
    handlers[channel] = async (input) => {
      const target = (typeof service === 'function' ? service() : service) as Record<string, (value: unknown) => unknown>;
      const answer = await target[method]!(field === undefined ? input : (input as Record<string, unknown>)[field]);
      return answer === undefined ? null : answer;
    };
  }
  return handlers as { [C in keyof R & ChannelName]: Handler<C> };
}
