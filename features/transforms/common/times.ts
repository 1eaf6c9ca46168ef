import { plural } from '../../../base/common/plural.ts';
import { selectedEvents, type EventObject, type TransformResult } from './selection.ts';
import { zoneClock, type ZoneClock } from './zone-clock.ts';

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

function momentIn(text: string, clock: ZoneClock, what: string): { ok: true; value: number } | { ok: false; message: string } {
  const parsed = clock.parse(text);
  return parsed.ok ? parsed : { ok: false, message: `${what} is not a date-time: ${parsed.error.message}` };
}

const unknownZone = (timeZone: string) => ({ ok: false as const, message: `"${timeZone}" is not a known IANA time zone.` });

function instantsOf(events: readonly unknown[], indexes: readonly number[], clock: ZoneClock): Instants {
  const instants: number[] = [];
  for (const index of indexes) {
    const createdAt = (events[index] as EventObject).created_at;
    if (typeof createdAt !== 'string')
      return {
        ok: false,
        message: `Event ${index + 1} has no created_at date-time to move${createdAt === undefined ? '' : ` (it holds ${JSON.stringify(createdAt)})`}.`,
      };
    const instant = momentIn(createdAt, clock, `Event ${index + 1}'s created_at`);
    if (!instant.ok) return instant;
    instants.push(instant.value);
  }
  return { ok: true, value: instants };
}

/**
 * Writes each selected event's new instant as its created_at. A wall clock that happens twice
 * (clocks going back) reads as the first of the two, so an instant in the second one cannot be
 * written exactly: it is written as the wall clock shows it, and a note says which events now
 * read an hour early, rather than refusing a batch that spans such a night.
 */
function withTimes(events: readonly unknown[], indexes: readonly number[], instants: readonly number[], clock: ZoneClock, timeZone: string): TransformResult {
  const result = [...events];
  const changed: number[] = [];
  const repeated: { index: number; text: string }[] = [];
  for (let position = 0; position < indexes.length; position++) {
    const index = indexes[position]!;
    const instant = instants[position]!;
    let written: { text: string; exact: boolean };
    try {
      written = clock.formatExact(instant);
    } catch {
      return { ok: false, message: `Event ${index + 1} would move outside the years 1 to 9999, which created_at cannot hold.` };
    }
    const { text } = written;
    if (!written.exact) repeated.push({ index, text });
    const event = events[index] as EventObject;
    if (event.created_at === text) continue;
    result[index] = { ...event, created_at: text };
    changed.push(index);
  }
  if (repeated.length === 0) return { ok: true, events: result, changed };
  const [first] = repeated;
  const which = repeated.length === 1 ? `Event ${first!.index + 1} lands` : `${plural(repeated.length, 'event')} (event ${first!.index + 1} first) land`;
  const note = `${which} in the hour that happens twice in ${timeZone} when clocks go back (${first!.text} is one of them); created_at cannot tell the two apart, so ${repeated.length === 1 ? 'it reads' : 'they read'} an hour earlier than the spacing says.`;
  return { ok: true, events: result, changed, notes: [note] };
}

/** Moves the selected events' created_at so that the latest (or earliest) lands at `to`, keeping their spacing. */
export function shiftTimes(events: readonly unknown[], options: ShiftTimesOptions): TransformResult {
  const clock = zoneClock(options.timeZone);
  if (clock === null) return unknownZone(options.timeZone);
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  // The target first: a wrong --shift-to is the user's mistake to hear about before any event's.
  const target =
    options.to === 'now' ? { ok: true as const, value: Math.floor(options.now.getTime() / 1000) * 1000 } : momentIn(options.to, clock, `"${options.to}"`);
  if (!target.ok) return target;
  if (selection.indexes.length === 0) return { ok: true, events: [...events], changed: [] };
  const instants = instantsOf(events, selection.indexes, clock);
  if (!instants.ok) return instants;
  // A loop, not Math.max(...): 100 000 arguments would overflow the stack.
  const anchor = instants.value.reduce((best, instant) => (options.anchor === 'latest' ? Math.max(best, instant) : Math.min(best, instant)));
  const shift = target.value - anchor;
  return withTimes(
    events,
    selection.indexes,
    instants.value.map((instant) => instant + shift),
    clock,
    options.timeZone,
  );
}

/** Spreads the selected events evenly from `from` to `to`, in their order in the batch, on whole seconds. */
export function spreadTimes(events: readonly unknown[], options: SpreadTimesOptions): TransformResult {
  const clock = zoneClock(options.timeZone);
  if (clock === null) return unknownZone(options.timeZone);
  const selection = selectedEvents(events, options.indexes);
  if (!selection.ok) return selection;
  const from = momentIn(options.from, clock, `The start "${options.from}"`);
  if (!from.ok) return from;
  const to = momentIn(options.to, clock, `The end "${options.to}"`);
  if (!to.ok) return to;
  if (to.value < from.value) return { ok: false, message: `The end ${options.to} comes before the start ${options.from}.` };
  const count = selection.indexes.length;
  const step = count > 1 ? (to.value - from.value) / (count - 1) : 0;
  const instants = selection.indexes.map((_, position) => from.value + Math.round((step * position) / 1000) * 1000);
  return withTimes(events, selection.indexes, instants, clock, options.timeZone);
}
