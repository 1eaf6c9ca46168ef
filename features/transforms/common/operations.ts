import type { TextChange } from '../../../base/common/text-changes.ts';

/**
 * Event operations (add, duplicate, delete, move, keep only) as edits of a batch's text. Each
 * answers the few replacements the operation needs and nothing else: the separators, the
 * indentation and every event it does not move stay byte for byte, and a delete of one event of
 * 100 000 touches one event's text, never writing the batch out again. The batch is read through
 * `read` (a slice of the editor's text), so the caller never needs the text whole.
 *
 * The changes run from the end of the text to its start, each at an offset into the text as it
 * was: applied in turn, or all at once (Monaco's pushEditOperations), they give the same text.
 * Each carries where the events it writes lie in its text, so the caller lays the batch out anew
 * (applyToLayout) without reading it again.
 */

/** A batch's text, read a piece at a time. */
export interface BatchSource {
  length: number;
  read(start: number, end: number): string;
}

/** The batch's events, parsed, with where each starts and ends (see validation/batch-layout.ts). */
export interface EventsLayout {
  events: readonly unknown[];
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/** An event written by a change, at [start, end) of its text: an existing one moved (`from`), or a new one. */
export type PlacedEvent = { start: number; end: number } & ({ from: number } | { value: unknown });

export interface EventChange extends TextChange {
  events: PlacedEvent[];
}

export interface LaidOut {
  events: unknown[];
  starts: Uint32Array;
  ends: Uint32Array;
  /** Each old event's new index, or -1 when it was deleted. */
  moved: Int32Array;
  /** The new indexes of the events the edit added. */
  added: number[];
}

const OPEN_BRACKET = '[';
const CLOSE_BRACKET = ']';
/** A batch with no event to copy the indentation from is written as serializeJson writes one. */
const DEFAULT_INDENT = '  ';

function sortedUnique(indexes: Iterable<number>, count: number): number[] {
  return [...new Set(indexes)].filter((index) => Number.isInteger(index) && index >= 0 && index < count).sort((a, b) => a - b);
}

/** Newest offset first, as the changes must run. */
function fromTheEnd(changes: EventChange[]): EventChange[] {
  return changes.sort((a, b) => b.rangeOffset - a.rangeOffset);
}

/** What is written between two events after `index`: the file's own separator nearest to it. */
function separatorAfter(source: BatchSource, layout: EventsLayout, index: number): string {
  const count = layout.events.length;
  if (index + 1 < count) return source.read(layout.ends[index]!, layout.starts[index + 1]!);
  if (index > 0) return source.read(layout.ends[index - 1]!, layout.starts[index]!);
  // One event: a comma, then what stands between the `[` and it (a new line and its indentation).
  const before = source.read(0, layout.starts[0]!);
  const leading = before.slice(before.indexOf(OPEN_BRACKET) + 1);
  return leading.includes('\n') ? `,${leading}` : ', ';
}

/** The characters before the event on its line, as indentation (a `[` or `}, ` before it counts as spaces). */
function columnOf(source: BatchSource, start: number): string {
  const before = source.read(Math.max(0, start - 200), start);
  const line = before.slice(before.lastIndexOf('\n') + 1);
  return /^[ \t]*$/.test(line) ? line : ' '.repeat(line.length);
}

/**
 * New events written as the event at `near` is: on one line if it is, else indented like it
 * (its column, its fields' step, its line ends).
 */
export function writeEvents(source: BatchSource, layout: EventsLayout, near: number, values: readonly unknown[]): string[] {
  if (layout.events.length === 0) return values.map((value) => indented(JSON.stringify(value, null, DEFAULT_INDENT), DEFAULT_INDENT, '\n'));
  const start = layout.starts[near]!;
  const own = source.read(start, layout.ends[near]!);
  if (!own.includes('\n')) return values.map((value) => JSON.stringify(value));
  const column = columnOf(source, start);
  const fieldIndent = /\n([ \t]*)\S/.exec(own)?.[1] ?? column + DEFAULT_INDENT;
  const step = fieldIndent.startsWith(column) && fieldIndent.length > column.length ? fieldIndent.slice(column.length) : DEFAULT_INDENT;
  const eol = own.includes('\r\n') ? '\r\n' : '\n';
  return values.map((value) => indented(JSON.stringify(value, null, step), column, eol));
}

function indented(written: string, column: string, eol: string): string {
  return written.replaceAll('\n', `${eol}${column}`);
}

/** Where the array's `[` and `]` are, for a batch with no event to place others by. */
function brackets(source: BatchSource): { open: number; close: number } {
  const text = source.read(0, source.length);
  return { open: text.indexOf(OPEN_BRACKET), close: text.lastIndexOf(CLOSE_BRACKET) };
}

/** Joins texts with a separator, noting where each lands. */
function joined(
  texts: readonly string[],
  separator: string,
  lead: string,
  sources: readonly ({ from: number } | { value: unknown })[],
): { text: string; events: PlacedEvent[] } {
  let text = lead;
  const events: PlacedEvent[] = [];
  texts.forEach((eventText, index) => {
    if (index > 0) text += separator;
    events.push({ start: text.length, end: text.length + eventText.length, ...sources[index]! });
    text += eventText;
  });
  return { text, events };
}

/**
 * Inserts event texts after the event at `after` (-1: before the first), written as given
 * (see writeEvents); `values` are what they parse to.
 */
export function insertEvents(source: BatchSource, layout: EventsLayout, after: number, texts: readonly string[], values: readonly unknown[]): EventChange[] {
  if (texts.length === 0) return [];
  const count = layout.events.length;
  const sources = values.map((value) => ({ value }));
  if (count === 0) {
    const { open, close } = brackets(source);
    const body = joined(texts, `,\n${DEFAULT_INDENT}`, `\n${DEFAULT_INDENT}`, sources);
    return [{ rangeOffset: open + 1, rangeLength: close - open - 1, text: `${body.text}\n`, events: body.events }];
  }
  const at = Math.min(Math.max(after, -1), count - 1);
  const separator = separatorAfter(source, layout, Math.max(at, 0));
  if (at < 0) {
    const body = joined(texts, separator, '', sources);
    return [{ rangeOffset: layout.starts[0]!, rangeLength: 0, text: body.text + separator, events: body.events }];
  }
  const body = joined(texts, separator, separator, sources);
  return [{ rangeOffset: layout.ends[at]!, rangeLength: 0, text: body.text, events: body.events }];
}

/** Each of these events copied, text and all, right after itself. */
export function duplicateEvents(source: BatchSource, layout: EventsLayout, indexes: Iterable<number>): EventChange[] {
  return fromTheEnd(
    sortedUnique(indexes, layout.events.length).flatMap((index) =>
      insertEvents(source, layout, index, [source.read(layout.starts[index]!, layout.ends[index]!)], [layout.events[index]]),
    ),
  );
}

/** Deletes these events and one separator each; deleting all leaves `[]`. */
export function deleteEvents(source: BatchSource, layout: EventsLayout, indexes: Iterable<number>): EventChange[] {
  const doomed = sortedUnique(indexes, layout.events.length);
  const runs: [number, number][] = [];
  for (const index of doomed) {
    const last = runs.at(-1);
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  }
  return deleteRuns(source, layout, runs);
}

/** Deletes every event but these: the runs between them, never a list of every other event. */
export function keepOnlyEvents(source: BatchSource, layout: EventsLayout, indexes: Iterable<number>): EventChange[] {
  const count = layout.events.length;
  const runs: [number, number][] = [];
  let next = 0;
  for (const kept of [...sortedUnique(indexes, count), count]) {
    if (kept > next) runs.push([next, kept - 1]);
    next = kept + 1;
  }
  return deleteRuns(source, layout, runs);
}

/** Deletes runs of events [first, last], in order and apart. */
function deleteRuns(source: BatchSource, layout: EventsLayout, runs: readonly (readonly [number, number])[]): EventChange[] {
  const count = layout.events.length;
  if (runs.length === 0) return [];
  if (runs.length === 1 && runs[0]![0] === 0 && runs[0]![1] === count - 1) {
    const before = source.read(0, layout.starts[0]!);
    const open = before.lastIndexOf(OPEN_BRACKET);
    const after = source.read(layout.ends[count - 1]!, source.length);
    const close = layout.ends[count - 1]! + after.indexOf(CLOSE_BRACKET);
    return [{ rangeOffset: open + 1, rangeLength: close - open - 1, text: '', events: [] }];
  }
  return fromTheEnd(
    runs.map(([from, to]) => {
      // With the separator after the run, or, for a run that ends the batch, the one before it.
      const [start, end] = to + 1 < count ? [layout.starts[from]!, layout.starts[to + 1]!] : [layout.ends[from - 1]!, layout.ends[to]!];
      return { rangeOffset: start, rangeLength: end - start, text: '', events: [] };
    }),
  );
}

/**
 * Puts the events in a new order: `order[p]` is the old index of the event that goes at p.
 * Only the places whose event changes are written, each with the text of its new event; the
 * separators stay where they are.
 */
export function reorderEvents(source: BatchSource, layout: EventsLayout, order: ArrayLike<number>): EventChange[] {
  const changes: EventChange[] = [];
  for (let place = order.length - 1; place >= 0; place--) {
    const from = order[place]!;
    if (from === place) continue;
    const text = source.read(layout.starts[from]!, layout.ends[from]!);
    changes.push({
      rangeOffset: layout.starts[place]!,
      rangeLength: layout.ends[place]! - layout.starts[place]!,
      text,
      events: [{ start: 0, end: text.length, from }],
    });
  }
  return changes;
}

/**
 * The order after moving these events one place up (-1) or down (+1), each past the nearest
 * event that does not move; a block already at the edge stays.
 */
export function orderAfterStep(count: number, indexes: Iterable<number>, step: -1 | 1): Int32Array {
  const order = identity(count);
  const moving = new Set(sortedUnique(indexes, count));
  // Nearest the edge first, so a block moves as one; only the places next to a moving event are looked at.
  const places = [...moving].sort((a, b) => (a - b) * -step);
  for (const place of places) {
    const other = place + step;
    if (other < 0 || other >= count || moving.has(order[other]!)) continue;
    [order[place], order[other]] = [order[other]!, order[place]!];
  }
  return order;
}

function identity(count: number): Int32Array {
  const order = new Int32Array(count);
  for (let index = 0; index < count; index++) order[index] = index;
  return order;
}

/** The order after moving these events, in their order, to stand before the event now at `before` (count: at the end). */
export function orderAfterMoveTo(count: number, indexes: Iterable<number>, before: number): Int32Array {
  const moving = new Set(sortedUnique(indexes, count));
  const order = new Int32Array(count);
  let place = 0;
  for (let index = 0; index < Math.min(before, count); index++) if (!moving.has(index)) order[place++] = index;
  for (const index of moving) order[place++] = index;
  for (let index = Math.max(before, 0); index < count; index++) if (!moving.has(index)) order[place++] = index;
  return order;
}

/**
 * The layout after the changes, from the old one and what the changes say they write: events
 * outside every change shift by what the changes before them added; events inside one are
 * replaced by what it places. Costs one pass over the spans, never a read of the text.
 */
export function applyToLayout(layout: EventsLayout, changes: readonly EventChange[]): LaidOut {
  const ascending = [...changes].sort((a, b) => a.rangeOffset - b.rangeOffset);
  const count = layout.events.length;
  const most = count + ascending.reduce((sum, change) => sum + change.events.length, 0);
  const events: unknown[] = new Array<unknown>(most);
  const starts = new Uint32Array(most);
  const ends = new Uint32Array(most);
  const moved = new Int32Array(count).fill(-1);
  const added: number[] = [];
  let length = 0;
  let old = 0;
  let shift = 0;
  /** The old events [old, until) unchanged but for the shift: copied in bulk, the common case by far. */
  const keepUntil = (until: number) => {
    for (; old < until; old++, length++) {
      moved[old] = length;
      events[length] = layout.events[old];
      starts[length] = layout.starts[old]! + shift;
      ends[length] = layout.ends[old]! + shift;
    }
  };
  for (const change of ascending) {
    const end = change.rangeOffset + change.rangeLength;
    keepUntil(firstEndingAfter(layout.ends, old, count, change.rangeOffset));
    while (old < count && change.rangeLength > 0 && layout.starts[old]! >= change.rangeOffset && layout.ends[old]! <= end) old++;
    if (old < count && layout.starts[old]! < end) throw new RangeError(`A change at ${change.rangeOffset} (+${change.rangeLength}) cuts event ${old + 1}.`);
    for (const placed of change.events) {
      if ('from' in placed) moved[placed.from] = length;
      else added.push(length);
      events[length] = 'from' in placed ? layout.events[placed.from] : placed.value;
      starts[length] = change.rangeOffset + shift + placed.start;
      ends[length++] = change.rangeOffset + shift + placed.end;
    }
    shift += change.text.length - change.rangeLength;
  }
  keepUntil(count);
  events.length = length;
  return { events, starts: starts.slice(0, length), ends: ends.slice(0, length), moved, added };
}

/** The first event from `from` on that ends after `offset` (the ends rise), by halving. */
function firstEndingAfter(ends: ArrayLike<number>, from: number, count: number, offset: number): number {
  let low = from;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ends[middle]! <= offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
