import { NEWLINE } from './json-characters.ts';
import type { Position } from './positions.ts';

/**
 * Where each event of a batch sits in its text, kept true through edits: its span, the line it
 * starts on and where that line starts. An edit inside one event moves the events after it,
 * which costs a pass over four typed arrays and no reading of the text; a position inside an
 * event is counted from the event's start, never from the text's.
 */

export interface EventSpans {
  starts: Uint32Array;
  ends: Uint32Array;
  /** The line each event starts on, from 1. */
  lines: Uint32Array;
  /** Where that line starts. */
  lineStarts: Uint32Array;
}

export function spansOf(text: string, starts: Uint32Array, ends: Uint32Array): EventSpans {
  const lines = new Uint32Array(starts.length);
  const lineStarts = new Uint32Array(starts.length);
  let line = 1;
  let lineStart = 0;
  let newline = text.indexOf('\n');
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index]!;
    while (newline !== -1 && newline < start) {
      line++;
      lineStart = newline + 1;
      newline = text.indexOf('\n', lineStart);
    }
    lines[index] = line;
    lineStarts[index] = lineStart;
  }
  return { starts, ends, lines, lineStarts };
}

/** The last event that starts before `offset`, or -1. */
function eventBefore(spans: EventSpans, offset: number): number {
  let low = 0;
  let high = spans.starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (spans.starts[middle]! < offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * The event whose text holds the range from `from` to `to` with its first and last characters
 * outside it, so that the edit leaves its brackets (or its quotes) where they were; or -1.
 */
export function eventAround(spans: EventSpans, from: number, to: number): number {
  const index = eventBefore(spans, from);
  return index >= 0 && to < spans.ends[index]! ? index : -1;
}

/** How many line ends `text` has from `from` to `to`, and the offset past the last (-1 for none). */
function lineEndsIn(text: string, from: number, to: number): { count: number; lastLineStart: number } {
  let count = 0;
  let lastLineStart = -1;
  for (let at = from; at < to; at++) {
    if (text.charCodeAt(at) === NEWLINE) {
      count++;
      lastLineStart = at + 1;
    }
  }
  return { count, lastLineStart };
}

/**
 * Line and column of the offset `local` past the start of the event at `index`, whose text
 * from its start up to there is `text`.
 */
export function positionIn(spans: EventSpans, text: string, index: number, local: number): Position {
  const start = spans.starts[index]!;
  let line = spans.lines[index]!;
  let lineStart = spans.lineStarts[index]!;
  for (let at = 0; at < local; at++) {
    if (text.charCodeAt(at) === NEWLINE) {
      line++;
      lineStart = start + at + 1;
    }
  }
  return { line, column: start + local - lineStart + 1 };
}

/** Line and column of `offset` in the whole `text`, past the start of the first event. */
export function positionAt(spans: EventSpans, text: string, offset: number): Position {
  const index = Math.max(0, eventBefore(spans, offset + 1));
  const start = spans.starts[index]!;
  return positionIn(spans, text.slice(start, offset), index, offset - start);
}

/**
 * Moves the spans for the event at `index`, whose text is `text`, having its characters from
 * `from` to `to` (past its start) replaced with `inserted`.
 */
export function shiftSpans(spans: EventSpans, text: string, index: number, from: number, to: number, inserted: string): void {
  const { starts, ends, lines, lineStarts } = spans;
  const start = starts[index]!;
  const delta = inserted.length - (to - from);
  const removed = lineEndsIn(text, from, to);
  const added = lineEndsIn(inserted, 0, inserted.length);
  const lineDelta = added.count - removed.count;
  // An event after the edit on a line that began before its end now starts on a line that
  // begins past the last line end inserted, or, when one was removed, where the edit's line does.
  let joinedLineStart = -1;
  if (added.count > 0) joinedLineStart = start + from + added.lastLineStart;
  else if (removed.count > 0) joinedLineStart = start + from - positionIn(spans, text, index, from).column + 1;
  ends[index]! += delta;
  for (let next = index + 1; next < starts.length; next++) {
    starts[next]! += delta;
    ends[next]! += delta;
    lines[next]! += lineDelta;
    if (lineStarts[next]! > start + to) lineStarts[next]! += delta;
    else if (joinedLineStart >= 0 && (added.count > 0 || lineStarts[next]! > start + from)) lineStarts[next] = joinedLineStart;
  }
}
