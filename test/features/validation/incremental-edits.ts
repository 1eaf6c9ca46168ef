import fc from 'fast-check';
import type { ContentChange } from '../../../features/validation/common/incremental.ts';

/**
 * The edits the incremental validator's property tests make, as the editor makes them: typing
 * inside a value, typing anywhere, breaking the JSON and repairing it, line breaks, copying and
 * deleting events; and how a batch is written (indent, line ends, byte order mark).
 */

export const layout = fc.record({ indent: fc.constantFrom(0, 2, '\t'), crlf: fc.boolean(), bom: fc.boolean() });

export function write(batch: unknown[], { indent, crlf, bom }: { indent: number | string; crlf: boolean; bom: boolean }): string {
  const text = JSON.stringify(batch, null, indent).replaceAll('\n', crlf ? '\r\n' : '\n');
  return bom ? `\uFEFF${text}` : text;
}

/** Characters that typing in JSON makes interesting: quotes, escapes, brackets, separators, line ends. */
const typed = fc.string({ unit: fc.constantFrom('a', '7', '"', '\\', ',', ':', '{', '}', '[', ']', ' ', '\n', '-', '.', 'é'), maxLength: 3 });

/** An edit, placed when it is made: its numbers pick among what the text holds then. */
export const step = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('in-value' as const), pick: fc.nat(), at: fc.nat(), remove: fc.nat({ max: 2 }), insert: typed }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('anywhere' as const), pick: fc.nat(), remove: fc.nat({ max: 3 }), insert: typed }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('break-and-repair' as const), pick: fc.nat(), insert: fc.constantFrom('"', '{', ',', ']', 'x') }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('line-break' as const), pick: fc.nat(), insert: fc.constantFrom('\n', '\r\n', '\n  ', '') }) },
  fc.record({ kind: fc.constant('copy-event' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete-event' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('two-at-once' as const), pick: fc.nat(), other: fc.nat(), insert: typed }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

/** The string and number values of a text, by a pattern: approximate is fine, any edit must hold. */
function valueTokens(text: string): { start: number; end: number }[] {
  return [...text.matchAll(/"(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?/g)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
}

/** Elements of the batch, found by indentation-free bracket counting: only used when the text is JSON. */
function elements(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let depth = 0;
  let start = -1;
  for (let at = 0; at < text.length; at++) {
    const character = text[at]!;
    if (character === '"') {
      for (at++; text[at] !== '"'; at++) if (text[at] === '\\') at++;
      continue;
    }
    if (character === '{' || character === '[') {
      if (depth === 1) start = at;
      depth++;
    } else if (character === '}' || character === ']') {
      depth--;
      if (depth === 1) spans.push({ start, end: at + 1 });
    }
  }
  return spans;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** The changes of one step, in the order Monaco reports them (later offsets first, so each holds). */
export function changesOf(text: string, edit: Step): ContentChange[][] {
  const replace = (start: number, end: number, insert: string): ContentChange => ({ rangeOffset: start, rangeLength: end - start, text: insert });
  if (edit.kind === 'in-value') {
    const tokens = valueTokens(text);
    if (tokens.length === 0) return [];
    const token = tokens[edit.pick % tokens.length]!;
    const inner = token.end - token.start > 2 ? { start: token.start + 1, end: token.end - 1 } : token;
    const at = inner.start + (edit.at % (inner.end - inner.start + 1));
    return [[replace(at, Math.min(inner.end, at + edit.remove), edit.insert)]];
  }
  if (edit.kind === 'anywhere') {
    const at = edit.pick % (text.length + 1);
    return [[replace(at, Math.min(text.length, at + edit.remove), edit.insert)]];
  }
  if (edit.kind === 'break-and-repair') {
    const at = edit.pick % (text.length + 1);
    return [[replace(at, at, edit.insert)], [replace(at, at + edit.insert.length, '')]];
  }
  if (edit.kind === 'line-break') {
    // Enter after a comma, a colon or a bracket; or, with nothing to insert, a line end joined up.
    const places = [...text.matchAll(edit.insert === '' ? /\r?\n */g : /[,:{[]/g)];
    if (places.length === 0) return [];
    const place = places[edit.pick % places.length]!;
    return [edit.insert === '' ? [replace(place.index, place.index + place[0].length, '')] : [replace(place.index + 1, place.index + 1, edit.insert)]];
  }
  if (edit.kind === 'two-at-once') {
    const [first, second] = [edit.pick % (text.length + 1), edit.other % (text.length + 1)].sort((a, b) => b - a);
    return [[replace(first!, first!, edit.insert), replace(second!, second!, edit.insert)]];
  }
  const spans = isJson(text) ? elements(text) : [];
  if (spans.length === 0) return [];
  const span = spans[edit.pick % spans.length]!;
  if (edit.kind === 'copy-event') return [[replace(span.end, span.end, `,${text.slice(span.start, span.end)}`)]];
  const next = spans.find((other) => other.start >= span.end);
  return [[next ? replace(span.start, next.start, '') : replace(span.start, span.end, '')]];
}

export function applied(text: string, changes: readonly ContentChange[]): string {
  return changes.reduce((result, change) => result.slice(0, change.rangeOffset) + change.text + result.slice(change.rangeOffset + change.rangeLength), text);
}
