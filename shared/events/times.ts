import { formatDateTime, isTimeZone, parseDateTime } from '../datetime.ts';
import { selectedEvents, type EventObject, type TransformResult } from './selection.ts';

/**
 * Moving events in time. created_at is a wall clock in the environment's zone, so each one is
 * read as an instant, moved, and written back: the spacing between events is kept to the
 * second even when a daylight-saving change lies between them.
 */

export interface ShiftTimesOptions {
  indexes?: readonly number[];
  /** Which event lands at `to`: the latest or the earliest of those selected. */
  anchor: 'latest' | 'earliest';
  /** 'now', or `YYYY-MM-DD HH:MM:SS` in `timeZone`. */
  to: string;
  timeZone: string;
  now: Date;
}

export interface SpreadTimesOptions {
  indexes?: readonly number[];
  /** `YYYY-MM-DD HH:MM:SS` in `timeZone`: the first selected event's time, and the last's. */
  from: string;
  to: string;
  timeZone: string;
}

type Instants = { ok: true; value: number[] } | { ok: false; message: string };

function momentIn(text: string, timeZone: string, what: string): { ok: true; value: number } | { ok: false; message: string } {
  const parsed = parseDateTime(text, timeZone);
  return parsed.ok ? { ok: true, value: parsed.value.getTime() } : { ok: false, message: `${what} is not a date-time: ${parsed.error.message}` };
}

function instantsOf(events: readonly unknown[], indexes: readonly number[], timeZone: string): Instants {
  const instants: number[] = [];
  for (const index of indexes) {
    const createdAt = (events[index] as EventObject).created_at;
    if (typeof createdAt !== 'string') return { ok: false, message: `Event ${index + 1} has no created_at date-time to move${createdAt === undefined ? '' : ` (it holds ${JSON.stringify(createdAt)})`}.` };
    const instant = momentIn(createdAt, timeZone, `Event ${index + 1}'s created_at`);
    if (!instant.ok) return instant;
    instants.push(instant.value);
  }
  return { ok: true, value: instants };
}

/**
 * Writes each selected event's new instant as its created_at. A wall clock that happens twice
 * (clocks going back) reads as the first of the two, so an instant in the second one cannot be
 * written without moving it by the length of the change: that is refused, not done silently.
 */
function withTimes(events: readonly unknown[], indexes: readonly number[], instants: readonly number[], timeZone: string): TransformResult {
  const result = [...events];
  const changed: number[] = [];
  for (let position = 0; position < indexes.length; position++) {
    const index = indexes[position]!;
    const instant = instants[position]!;
    let text: string;
    try {
      text = formatDateTime(new Date(instant), timeZone);
    } catch {
      return { ok: false, message: `Event ${index + 1} would move outside the years 1 to 9999, which created_at cannot hold.` };
    }
    const readBack = parseDateTime(text, timeZone);
    if (readBack.ok && readBack.value.getTime() !== instant) {
      return { ok: false, message: `Event ${index + 1} would land at ${text} in ${timeZone} the second time that hour happens (clocks go back), which created_at cannot tell from the first: choose another moment.` };
    }
    const event = events[index] as EventObject;
    if (event.created_at === text) continue;
    result[index] = { ...event, created_at: text };
    changed.push(index);
  }
  return { ok: true, events: result, changed };
}

/** Moves the selected events' created_at so that the latest (or earliest) lands at `to`, keeping their spacing. */
export function shiftTimes(events: readonly unknown[], options: ShiftTimesOptions): TransformResult {
  if (!isTimeZone(options.timeZone)) return { ok: false, message: `"${options.timeZone}" is not a known IANA time zone.` };
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  // The target first: a wrong --shift-to is the user's mistake to hear about before any event's.
  const target = options.to === 'now' ? { ok: true as const, value: Math.floor(options.now.getTime() / 1000) * 1000 } : momentIn(options.to, options.timeZone, `"${options.to}"`);
  if (!target.ok) return target;
  if (selection.indexes.length === 0) return { ok: true, events: [...events], changed: [] };
  const instants = instantsOf(events, selection.indexes, options.timeZone);
  if (!instants.ok) return instants;
  const anchor = options.anchor === 'latest' ? Math.max(...instants.value) : Math.min(...instants.value);
  const shift = target.value - anchor;
  return withTimes(events, selection.indexes, instants.value.map((instant) => instant + shift), options.timeZone);
}

/** Spreads the selected events evenly from `from` to `to`, in their order in the batch, on whole seconds. */
export function spreadTimes(events: readonly unknown[], options: SpreadTimesOptions): TransformResult {
  if (!isTimeZone(options.timeZone)) return { ok: false, message: `"${options.timeZone}" is not a known IANA time zone.` };
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  const from = momentIn(options.from, options.timeZone, `The start "${options.from}"`);
  if (!from.ok) return from;
  const to = momentIn(options.to, options.timeZone, `The end "${options.to}"`);
  if (!to.ok) return to;
  if (to.value < from.value) return { ok: false, message: `The end ${options.to} comes before the start ${options.from}.` };
  const count = selection.indexes.length;
  const step = count > 1 ? (to.value - from.value) / (count - 1) : 0;
  const instants = selection.indexes.map((_, position) => from.value + Math.round((step * position) / 1000) * 1000);
  return withTimes(events, selection.indexes, instants, options.timeZone);
}
