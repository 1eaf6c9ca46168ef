import type { Diagnostic } from '../../../features/validation/common/validation.ts';

export type EventRecord = Record<string, unknown>;

/** An event's diagnostics by where they point: "" for the event itself, "svc_id", "attributes/plan". */
export type EventProblems = Map<string, Diagnostic[]>;

/** The segments of a JSON pointer such as /3/attributes/a~1b, unescaped. */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** The diagnostics of each event, by event and then by field, as the list and the form mark them. */
export function problemsByEvent(diagnostics: readonly Diagnostic[]): Map<number, EventProblems> {
  const byEvent = new Map<number, EventProblems>();
  for (const diagnostic of diagnostics) {
    const [index, ...at] = pointerSegments(diagnostic.path);
    if (index === undefined || !/^\d+$/.test(index)) continue;
    const problems = byEvent.get(Number(index)) ?? new Map<string, Diagnostic[]>();
    byEvent.set(Number(index), problems);
    const key = at.join('/');
    problems.set(key, [...(problems.get(key) ?? []), diagnostic]);
  }
  return byEvent;
}

/** The worst severity among an event's problems, for its mark in the list. */
export function worst(problems: EventProblems | undefined): { severity: 'error' | 'warning'; count: number } | null {
  if (!problems) return null;
  const all = [...problems.values()].flat();
  return { severity: all.some((diagnostic) => diagnostic.severity === 'error') ? 'error' : 'warning', count: all.length };
}

/** A field's value as the form and the list show it: strings as they are, anything else as JSON. */
export const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value));
