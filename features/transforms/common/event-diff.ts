import { AppError } from '../../../base/common/errors.ts';
import { plural } from '../../../base/common/plural.ts';

/**
 * Two batches compared event by event rather than line by line: key order, whitespace and the
 * way a number is written do not count, and an event that moved is the same event. Events are
 * matched by what names one (token, customer_id and created_at: a repeated key is matched in
 * order, the first left with the first right), or by position when the user says so.
 */

export type MatchBy = 'key' | 'position';

/** One field that differs: where it is, and its value on each side (`undefined`: absent there). */
export interface FieldDifference {
  /** Keys from the event down, e.g. ['attributes', 'plan']; empty when the event is not an object. */
  path: string[];
  left: unknown;
  right: unknown;
}

/** An event on both sides that differs, with its numbers as people read them (from 1). */
export interface DifferingEvent {
  left: number;
  right: number;
  fields: FieldDifference[];
}

/** An event found on one side only: its number there (from 1) and the fields that name it. */
export interface LoneEvent {
  number: number;
  key: KeyFields;
}

/** token, customer_id and created_at of an event, each `undefined` when it has none. */
export interface KeyFields {
  token: unknown;
  customer_id: unknown;
  created_at: unknown;
}

export interface EventDiff {
  leftCount: number;
  rightCount: number;
  /** By their numbers on the left. */
  onlyLeft: LoneEvent[];
  /** By their numbers on the right. */
  onlyRight: LoneEvent[];
  /** By their numbers on the left. */
  differing: DifferingEvent[];
}

export const KEY_FIELDS = ['token', 'customer_id', 'created_at'] as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values, whatever the order of an object's keys. */
export function sameValue(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => sameValue(item, right[index]));
  }
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every((key) => Object.hasOwn(right, key) && sameValue((left as JsonObject)[key], (right as JsonObject)[key]));
}

function keyFields(event: unknown): KeyFields {
  const fields = isObject(event) ? event : {};
  return { token: fields.token, customer_id: fields.customer_id, created_at: fields.created_at };
}

/** A value as text with every object's keys sorted, so two equal values give the same text. */
function canonicalText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(',')}]`;
  const object = value as JsonObject;
  return `{${Object.keys(object)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalText(object[key])}`)
    .join(',')}}`;
}

/** The text an event is matched by; an absent field and a null one are told apart. */
function matchKey(event: unknown): string {
  if (!isObject(event)) return `\u0000${canonicalText(event)}`;
  // JSON text escapes control characters, so \u0000 and \u0001 cannot come from a value.
  let key = '';
  for (const field of KEY_FIELDS) key += `${Object.hasOwn(event, field) ? canonicalText(event[field]) : '\u0000'}\u0001`;
  return key;
}

/** The fields that differ between two events; objects on both sides are compared key by key, so attributes are compared one by one. */
export function fieldDifferences(left: unknown, right: unknown, path: string[] = []): FieldDifference[] {
  if (!isObject(left) || !isObject(right)) return sameValue(left, right) ? [] : [{ path, left, right }];
  const differences: FieldDifference[] = [];
  for (const key of Object.keys(left)) {
    if (Object.hasOwn(right, key)) differences.push(...fieldDifferences(left[key], right[key], [...path, key]));
    else differences.push({ path: [...path, key], left: left[key], right: undefined });
  }
  for (const key of Object.keys(right)) {
    if (!Object.hasOwn(left, key)) differences.push({ path: [...path, key], left: undefined, right: right[key] });
  }
  return differences;
}

/** Pairs of indexes (from 0) of the events matched on both sides, in left order, and what is left over. */
function match(left: readonly unknown[], right: readonly unknown[], matchBy: MatchBy): { pairs: [number, number][]; loneLeft: number[]; loneRight: number[] } {
  if (matchBy === 'position') {
    const common = Math.min(left.length, right.length);
    const pairs = Array.from({ length: common }, (_, index): [number, number] => [index, index]);
    const rest = (length: number) => Array.from({ length: length - common }, (_, index) => common + index);
    return { pairs, loneLeft: rest(left.length), loneRight: rest(right.length) };
  }
  // One pass over each side with a map of key -> the first right event still free, and a chain
  // to the next right event of the same key, in order: linear in the events, one array in all.
  const first = new Map<string, number>();
  const next = new Int32Array(right.length);
  for (let index = right.length - 1; index >= 0; index--) {
    const key = matchKey(right[index]);
    next[index] = first.get(key) ?? -1;
    first.set(key, index);
  }
  const taken = new Uint8Array(right.length);
  const pairs: [number, number][] = [];
  const loneLeft: number[] = [];
  left.forEach((event, index) => {
    const key = matchKey(event);
    const partner = first.get(key) ?? -1;
    if (partner < 0) {
      loneLeft.push(index);
      return;
    }
    first.set(key, next[partner]!);
    taken[partner] = 1;
    pairs.push([index, partner]);
  });
  const loneRight = right.flatMap((_, index) => (taken[index] ? [] : [index]));
  return { pairs, loneLeft, loneRight };
}

export function diffEvents(left: readonly unknown[], right: readonly unknown[], matchBy: MatchBy = 'key'): EventDiff {
  const { pairs, loneLeft, loneRight } = match(left, right, matchBy);
  const differing: DifferingEvent[] = [];
  for (const [leftIndex, rightIndex] of pairs) {
    // Most matched events are the same: the quick check allocates nothing.
    if (sameValue(left[leftIndex], right[rightIndex])) continue;
    const fields = fieldDifferences(left[leftIndex], right[rightIndex]);
    differing.push({ left: leftIndex + 1, right: rightIndex + 1, fields });
  }
  return {
    leftCount: left.length,
    rightCount: right.length,
    onlyLeft: loneLeft.map((index) => ({ number: index + 1, key: keyFields(left[index]) })),
    onlyRight: loneRight.map((index) => ({ number: index + 1, key: keyFields(right[index]) })),
    differing,
  };
}

/** How many events of each kind a diff found: what its summary says, without the events. */
export interface DiffCounts {
  leftCount: number;
  rightCount: number;
  onlyLeft: number;
  onlyRight: number;
  differing: number;
}

export function countsOf(diff: EventDiff): DiffCounts {
  return {
    leftCount: diff.leftCount,
    rightCount: diff.rightCount,
    onlyLeft: diff.onlyLeft.length,
    onlyRight: diff.onlyRight.length,
    differing: diff.differing.length,
  };
}

/** One entry of a diff as a list shows it: the differing events first, then those only left, then those only right. */
export type DiffEntry = { kind: 'differs'; event: DifferingEvent } | { kind: 'only-left' | 'only-right'; event: LoneEvent };

export function entryCount(counts: DiffCounts): number {
  return counts.differing + counts.onlyLeft + counts.onlyRight;
}

/** The entries [from, from + count) of the list, for a view that shows a window of them at a time. */
export function diffEntries(diff: EventDiff, from: number, count: number): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const end = Math.min(from + count, diff.differing.length + diff.onlyLeft.length + diff.onlyRight.length);
  for (let index = Math.max(0, from); index < end; index++) {
    let at = index;
    if (at < diff.differing.length) {
      entries.push({ kind: 'differs', event: diff.differing[at]! });
      continue;
    }
    at -= diff.differing.length;
    entries.push(
      at < diff.onlyLeft.length ? { kind: 'only-left', event: diff.onlyLeft[at]! } : { kind: 'only-right', event: diff.onlyRight[at - diff.onlyLeft.length]! },
    );
  }
  return entries;
}

export function isIdentical(counts: DiffCounts): boolean {
  return entryCount(counts) === 0;
}

/** "Identical", or "3 events only left, 1 only right, 2 differ": the first count names what it counts. */
export function diffSummary(counts: DiffCounts): string {
  if (isIdentical(counts)) return 'Identical';
  const parts: [count: number, one: string, many: string][] = [
    [counts.onlyLeft, 'only left', 'only left'],
    [counts.onlyRight, 'only right', 'only right'],
    [counts.differing, 'differs', 'differ'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, one, many], index) => {
      const words = count === 1 ? one : many;
      return index === 0 ? `${plural(count, 'event')} ${words}` : `${count.toLocaleString('en')} ${words}`;
    })
    .join(', ');
}

/** A field's path as people read it: "attributes.plan", or "(the whole event)" for an event that is no object. */
export function pathText(path: readonly string[]): string {
  return path.length === 0 ? '(the whole event)' : path.join('.');
}

/** The events of a batch's text, for a comparison; `side` names it in the message ("left"). */
export function eventsOfText(text: string, side: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new AppError(
      'compare-not-json',
      `The ${side} batch is not valid JSON, so its events cannot be compared; the text diff still shows it.`,
      String(error),
    );
  }
  if (!Array.isArray(value))
    throw new AppError(
      'compare-not-array',
      `The ${side} batch is not an array of events, so its events cannot be compared; the text diff still shows it.`,
      `a JSON ${value === null ? 'null' : typeof value}`,
    );
  return value;
}
