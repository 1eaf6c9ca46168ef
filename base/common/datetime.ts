import type { AppErrorShape, Envelope } from './errors.ts';

/**
 * The service writes date-times as `YYYY-MM-DD HH:MM:SS` with no offset (service-api.md §2.2 and
 * §2.3), so a date-time text only names an instant together with a time zone, which the
 * specification leaves unsaid. These functions convert between the text, in a named IANA
 * zone, and a Date; years 1 to 9999 of the proleptic Gregorian calendar, whole seconds.
 */

/** A date-time text split into its fields, checked against the calendar but in no zone. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MS_PER_DAY = 86_400_000;

const THIRTY_DAY_MONTHS: ReadonlySet<number> = new Set([4, 6, 9, 11]);

/** Formatters are costly to build; zone names are few, but bound the cache anyway. */
const FORMATTER_CACHE_LIMIT = 64;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    // hourCycle h23, not hour12: false, which some engines render as "24" at midnight.
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= FORMATTER_CACHE_LIMIT) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone name (`UTC`, `Europe/Berlin`; case-insensitive). */
export function isTimeZone(name: string): boolean {
  if (name === '') return false;
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock that `instant` (ms since the epoch, whole seconds) shows in `timeZone`. */
function wallClockAt(instant: number, timeZone: string): WallClock {
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) fields[part.type] = part.value;
  const year = Number(fields.year);
  return {
    // en-US counts years before year 1 as "1 BC", "2 BC"; the proleptic year of 1 BC is 0.
    year: fields.era === 'BC' ? 1 - year : year,
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
  };
}

/** The wall clock read as if it were UTC, in ms since the epoch. */
function utcInstantOf(clock: WallClock): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, 0);
  return date.getTime();
}

/** How far `timeZone` is ahead of UTC at `instant`, in ms (may hold seconds: old local mean times). */
function offsetAt(instant: number, timeZone: string): number {
  return utcInstantOf(wallClockAt(instant, timeZone)) - instant;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * Formats `date` as `YYYY-MM-DD HH:MM:SS` in `timeZone`, dropping milliseconds. Throws a
 * RangeError for an invalid Date, an unknown zone, or a year outside 1 to 9999, which the
 * text cannot hold: these are mistakes in the calling code, not in anybody's input.
 */
export function formatDateTime(date: Date, timeZone: string): string {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError('Cannot format an invalid Date.');
  const clock = wallClockAt(Math.floor(time / 1000) * 1000, timeZone);
  if (clock.year < 1 || clock.year > 9999) throw new RangeError(`Year ${clock.year} does not fit YYYY.`);
  return `${pad(clock.year, 4)}-${pad(clock.month, 2)}-${pad(clock.day, 2)} ${pad(clock.hour, 2)}:${pad(clock.minute, 2)}:${pad(clock.second, 2)}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return THIRTY_DAY_MONTHS.has(month) ? 30 : 31;
}

/**
 * What is wrong with a `YYYY-MM-DD HH:MM:SS` text, or null when it is exactly that shape, a
 * real calendar date (no 2026-02-30) and a real time of day (no 24:00:00, no leap second
 * 23:59:60). Strict mode checks every event's created_at with this, the sandbox's hottest
 * loop, so it reads by hand, not by a regular expression, and allocates nothing on success.
 */
export function wallClockProblem(text: string): AppErrorShape | null {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  const shaped = text.length === 19 && text[4] === '-' && text[7] === '-' && text[10] === ' ' && text[13] === ':' && text[16] === ':';
  if (!shaped || year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0) {
    return { code: 'date-time-format', message: `"${text}" is not in the form YYYY-MM-DD HH:MM:SS.` };
  }
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return { code: 'date-time-date', message: `${text.slice(0, 10)} is not a date in the calendar.` };
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return { code: 'date-time-time', message: `${text.slice(11)} is not a time of day (00:00:00 to 23:59:59).` };
  }
  return null;
}

/** Reads a `YYYY-MM-DD HH:MM:SS` text into its fields, as strictly as wallClockProblem checks it. */
export function parseWallClock(text: string): Envelope<WallClock> {
  const problem = wallClockProblem(text);
  if (problem) return { ok: false, error: problem };
  const [year, month, day, hour, minute, second] = [
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 2),
    digitsAt(text, 8, 2),
    digitsAt(text, 11, 2),
    digitsAt(text, 14, 2),
    digitsAt(text, 17, 2),
  ];
  return { ok: true, value: { year, month, day, hour, minute, second } };
}

/** The number written by `count` ASCII digits at `start`, or -1 when they are not all digits. */
function digitsAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const digit = text.charCodeAt(index) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function sameWallClock(a: WallClock, b: WallClock): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute && a.second === b.second;
}

/**
 * Reads `YYYY-MM-DD HH:MM:SS` as a wall-clock time in `timeZone`. Where daylight saving makes
 * the time ambiguous this does what Temporal's "compatible" disambiguation does: a time that
 * happens twice (clocks going back) is the earlier of the two; a time that never happens
 * (clocks going forward) moves forward by the length of the gap, so Europe/Berlin's
 * 2026-03-29 02:30:00 is 03:30:00 CEST.
 */
export function parseDateTime(text: string, timeZone: string): Envelope<Date> {
  if (!isTimeZone(timeZone)) return { ok: false, error: { code: 'time-zone', message: `"${timeZone}" is not a known IANA time zone.` } };
  const parsed = parseWallClock(text);
  if (!parsed.ok) return parsed;
  const asUtc = utcInstantOf(parsed.value);
  // Real zones change their offset at most once within a day, so the offsets a day either
  // side are the only candidates.
  const offsetBefore = offsetAt(asUtc - MS_PER_DAY, timeZone);
  const offsetAfter = offsetAt(asUtc + MS_PER_DAY, timeZone);
  const candidates = [asUtc - offsetBefore, asUtc - offsetAfter].filter((instant) => sameWallClock(wallClockAt(instant, timeZone), parsed.value));
  const instant = candidates.length > 0 ? Math.min(...candidates) : asUtc - offsetBefore;
  return { ok: true, value: new Date(instant) };
}
