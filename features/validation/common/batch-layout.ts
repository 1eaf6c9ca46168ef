import { outlineElement, repeatedKeys, type PropertyOutline } from './event-outline.ts';
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE, SPACE } from './json-characters.ts';

/**
 * Where each event of a parsed batch starts and ends in its text, and which keys an event or
 * its attributes write twice (JSON.parse keeps the last silently). Only the events up to the
 * last one with a diagnostic are laid out, unless keys may be written twice (see
 * keys-written-once.ts), when all are.
 *
 * Reading the whole text character by character costs about half a JSON.parse, more than the
 * budget allows, so this pass is guided by the parsed values: a string without escapes spans
 * exactly its length plus two quotes, so the walk jumps over it after checking two characters,
 * and touches only the white space and punctuation between tokens. Every step lands on a real
 * token boundary (see stringEnd), so reaching an object's `}` after its last parsed key proves
 * the text wrote no key twice. An event the walk cannot vouch for (escapes, nesting below the
 * attributes, keys JavaScript enumerates out of text order) is read by outlineElement instead.
 */

export interface RepeatedKey {
  index: number;
  /** The object-valued field the key repeats in (attributes), or none for a field of the event. */
  field?: string;
  property: PropertyOutline;
}

export interface BatchLayout {
  starts: Uint32Array;
  ends: Uint32Array;
  repeatedKeys: RepeatedKey[];
}

/** The event is level 1, its attributes level 2: the levels whose keys are checked. */
const DEEPEST_CHECKED_LEVEL = 2;

/**
 * Only ever called between tokens of a text JSON.parse accepted, where the only characters up
 * to space are JSON's four white-space ones: one comparison per character instead of four.
 */
function skipSpace(text: string, at: number): number {
  while (text.charCodeAt(at) <= SPACE) at++;
  return at;
}

/**
 * The end of the string token at `at` when its text is `value` in quotes with no escape, else
 * -1. The real token ends at its first unescaped quote, no sooner than `value.length + 1` on
 * (escapes only lengthen it); a quote there with no backslash before it cannot lie inside the
 * string, where every quote is escaped, so it is that end.
 */
function stringEnd(text: string, at: number, value: string): number {
  const close = at + value.length + 1;
  return text.charCodeAt(at) === QUOTE && text.charCodeAt(close) === QUOTE && text.charCodeAt(close - 1) !== BACKSLASH ? close + 1 : -1;
}

function isNumberCharacter(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x65 || code === 0x45;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The end of the value at `at`, checking the token is of the value's kind, or -1. */
function valueEnd(text: string, at: number, value: unknown, level: number): number {
  if (typeof value === 'string') return stringEnd(text, at, value);
  if (typeof value === 'number') {
    if (!isNumberCharacter(text.charCodeAt(at))) return -1;
    while (isNumberCharacter(text.charCodeAt(at))) at++;
    return at;
  }
  if (typeof value === 'boolean' || value === null) {
    const literal = String(value);
    return text.startsWith(literal, at) ? at + literal.length : -1;
  }
  return level < DEEPEST_CHECKED_LEVEL && isPlainObject(value) ? objectEnd(text, at, value, level + 1) : -1;
}

function objectEnd(text: string, at: number, object: Record<string, unknown>, level: number): number {
  if (text.charCodeAt(at) !== OPEN_BRACE) return -1;
  at = skipSpace(text, at + 1);
  let first = true;
  for (const key in object) {
    if (!first) {
      if (text.charCodeAt(at) !== COMMA) return -1;
      at = skipSpace(text, at + 1);
    }
    first = false;
    at = stringEnd(text, at, key);
    if (at < 0) return -1;
    at = skipSpace(text, at);
    if (text.charCodeAt(at) !== COLON) return -1;
    at = valueEnd(text, skipSpace(text, at + 1), object[key], level);
    if (at < 0) return -1;
    at = skipSpace(text, at);
  }
  return text.charCodeAt(at) === CLOSE_BRACE ? at + 1 : -1;
}

/**
 * Where the element `event`, written at `at`, ends. With `repeats`, the keys it writes twice
 * are added to them; without, an element the walk cannot vouch for is read only for its end.
 */
export function layOutElement(text: string, at: number, index: number, event: unknown, repeats: RepeatedKey[] | null): number {
  const end = isPlainObject(event) ? objectEnd(text, at, event, 1) : -1;
  if (end >= 0) return end;
  const outline = outlineElement(text, at);
  if (repeats) for (const repeat of repeatedKeys(outline)) repeats.push({ index, ...repeat });
  return outline.end;
}

/**
 * Lays out the first `count` of `events`, the JSON.parse of `text` (an array); `findRepeatedKeys`
 * false skips reading events the walk cannot vouch for.
 */
export function layOutBatch(text: string, events: readonly unknown[], count: number, findRepeatedKeys: boolean): BatchLayout {
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  const repeats: RepeatedKey[] = [];
  // Past the array's `[`; JSON.parse has vouched for the text, so a `,` separates each element.
  let at = skipSpace(text, skipSpace(text, 0) + 1);
  for (let index = 0; index < count; index++) {
    if (index > 0) at = skipSpace(text, at + 1);
    const end = layOutElement(text, at, index, events[index], findRepeatedKeys ? repeats : null);
    starts[index] = at;
    ends[index] = end;
    at = skipSpace(text, end);
  }
  return { starts, ends, repeatedKeys: repeats };
}

/** The repeated keys of a layout, by event. */
export function repeatsByEvent(repeats: readonly RepeatedKey[]): Map<number, RepeatedKey[]> {
  const byEvent = new Map<number, RepeatedKey[]>();
  for (const repeat of repeats) {
    const ofEvent = byEvent.get(repeat.index);
    if (ofEvent) ofEvent.push(repeat);
    else byEvent.set(repeat.index, [repeat]);
  }
  return byEvent;
}

/** Where each event of a batch starts and ends in its text, with the events parsed. */
export interface BatchEvents {
  events: unknown[];
  starts: Uint32Array;
  ends: Uint32Array;
}

/** The events of a batch's text and their spans, or null when the text is not a JSON array. */
export function readBatchEvents(text: string): BatchEvents | null {
  // A byte order mark is no JSON: read past it, and count it back into the offsets.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const { starts, ends } = layOutBatch(body, value, value.length, false);
  if (bom) {
    for (let index = 0; index < starts.length; index++) {
      starts[index]! += bom;
      ends[index]! += bom;
    }
  }
  return { events: value, starts, ends };
}

/** JSON's white space, and a byte order mark before the text. */
function isSpace(code: number): boolean {
  return code === SPACE || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;
}

/**
 * The index of the event whose span (as readBatchEvents lays it out, its last offset after the
 * event's end included) holds `offset`, or null, reading the text only up to that offset: a
 * cursor near the top of a 25 MB batch is placed without reading the rest. What lies past the
 * offset is not read, so a text broken further on still answers; what then acts on the event
 * reads the text whole, and says when it is not a batch. Null when the text does not begin as
 * a JSON array.
 */
export function eventAtTextOffset(text: string, offset: number): number | null {
  const stop = Math.min(offset, text.length);
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** The last event begun, and the offset after its end; Infinity while it is still being read. */
  let index = -1;
  let end = 0;
  /** A number, true, false or null at the top level, still being read. */
  let inScalar = false;
  for (let at = 0; at < stop; at++) {
    const code = text.charCodeAt(at);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) {
        inString = false;
        if (depth === 1) end = at + 1;
      }
      continue;
    }
    if (inScalar && (isSpace(code) || code === COMMA || code === CLOSE_BRACKET)) {
      inScalar = false;
      end = at;
    }
    if (isSpace(code) || code === COMMA || code === COLON) continue;
    if (depth === 0) {
      if (code !== OPEN_BRACKET) return null;
      depth = 1;
      continue;
    }
    if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
      if (depth === 1) end = at + 1;
      // The batch's own `]`: nothing after it is an event.
      if (depth === 0) return null;
      continue;
    }
    if (depth === 1 && !inScalar) {
      index++;
      end = Infinity;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if (depth === 1) inScalar = true;
  }
  if (depth === 0) return null;
  // An event may begin at the offset itself.
  const between = depth === 1 && !inString && !inScalar && end !== Infinity;
  const next = text.charCodeAt(offset);
  if (between && offset < text.length && !isSpace(next) && next !== COMMA && next !== CLOSE_BRACKET) return index + 1;
  return index >= 0 && end >= offset ? index : null;
}
