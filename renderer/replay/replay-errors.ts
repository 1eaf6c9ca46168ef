import type { Diagnostic } from '../../features/validation/common/validation.ts';

/**
 * The events of a replay that the target's rules (or its plan's errors) would refuse: a chunk
 * holding one is refused whole, taking the good events with it, so the dialog says how many
 * and offers to leave them out. Indices are the events' places in the array, from 0.
 */
export function eventsWithErrors(diagnostics: readonly Diagnostic[]): number[] {
  const indices = new Set<number>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error') continue;
    const index = /^\/(\d+)(?:\/|$)/.exec(diagnostic.path)?.[1];
    if (index !== undefined) indices.add(Number(index));
  }
  return [...indices].sort((a, b) => a - b);
}

/** The events text without the events at `indices`, laid out as the replay's events are. */
export function withoutEvents(eventsText: string, indices: readonly number[]): string {
  const dropped = new Set(indices);
  const events = JSON.parse(eventsText) as unknown[];
  return JSON.stringify(
    events.filter((_event, index) => !dropped.has(index)),
    null,
    2,
  );
}
