import { useEffect, useRef, useState } from 'react';
import { eventMatches, parseFilter, type EventFilter } from '../../../features/transforms/common/filter.ts';

/**
 * The Form view's filter: the expression is read after a short pause in typing, then the events
 * are matched a slice at a time, yielding between slices, so 100 000 events never hold the page
 * for more than a slice; a newer expression (or newer events) drops the run under way.
 */

/** The pause after the last keystroke before the events are matched. */
export const FILTER_PAUSE_MS = 250;
/** Events matched between two yields: a few milliseconds' work. */
const SLICE = 2_000;

export type FilterState =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string; column: number }
  /** Under way; `shown` is the last matches among these same events, shown meanwhile so the list does not jump. */
  | { kind: 'matching'; shown: Uint32Array | null }
  | { kind: 'matched'; matches: Uint32Array };

interface Result {
  expression: string;
  events: readonly unknown[];
  state: Exclude<FilterState, { kind: 'none' | 'matching' }>;
}

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The indexes of the events the filter matches, in order; null when `signal` stopped the run. */
export async function matchEvents(filter: EventFilter, events: readonly unknown[], signal: AbortSignal): Promise<Uint32Array | null> {
  const matches = new Uint32Array(events.length);
  let found = 0;
  for (let start = 0; start < events.length; start += SLICE) {
    if (start > 0) await pause();
    if (signal.aborted) return null;
    const end = Math.min(start + SLICE, events.length);
    for (let index = start; index < end; index++) if (eventMatches(filter, events[index])) matches[found++] = index;
  }
  return matches.slice(0, found);
}

export function useEventFilter(expression: string, events: readonly unknown[] | null, serviceIdField: string): FilterState {
  const [result, setResult] = useState<Result | null>(null);
  const matched = useRef('');
  const active = expression.trim() !== '' && events !== null;
  useEffect(() => {
    if (!active) return;
    const stop = new AbortController();
    // New events under the same expression (after an edit) are matched at once: no one is typing.
    const pauseFor = expression === matched.current ? 0 : FILTER_PAUSE_MS;
    const timer = setTimeout(() => {
      matched.current = expression;
      const parsed = parseFilter(expression, { serviceIdField });
      if (!parsed.ok) setResult({ expression, events, state: { kind: 'invalid', message: parsed.message, column: parsed.column } });
      else
        void matchEvents(parsed.filter, events, stop.signal).then(
          (matches) => matches && setResult({ expression, events, state: { kind: 'matched', matches } }),
        );
    }, pauseFor);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [active, expression, events, serviceIdField]);
  if (!active) return { kind: 'none' };
  if (result?.events === events && result.expression === expression) return result.state;
  return { kind: 'matching', shown: result?.events === events && result.state.kind === 'matched' ? result.state.matches : null };
}
