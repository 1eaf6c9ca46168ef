import { formatDateTime, isTimeZone, parseDateTime, parseWallClock, type WallClock } from '../../../base/common/datetime.ts';
import type { AppErrorShape } from '../../../base/common/errors.ts';

/**
 * formatDateTime and parseDateTime (base/common/datetime.ts) for many date-times in one zone, as a
 * transform over 100 000 events needs them: each of those asks Intl for the zone's offset, which
 * costs tens of microseconds. A zone's offset changes at most once in an hour, so this asks once
 * per hour and uses the answer for every instant in it when the hour's two ends agree, and asks
 * Intl for the instant itself in the hour of a change. The answers are the same as datetime.ts's
 * (a property test holds them side by side), including its reading of repeated and skipped times.
 */

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Hours remembered: a batch spans a few years at most; more than this and the cache starts over. */
const CACHE_LIMIT = 100_000;

/** The wall clocks parse reads with the cached offsets, years 2 to 9998 (the others go to datetime.ts), as if UTC. */
const PARSED_EXACTLY = { from: Date.parse('0002-01-01T00:00:00Z'), to: Date.parse('9999-01-01T00:00:00Z') };

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => pad(value, 2));

/** The wall clock read as if it were UTC, in ms since the epoch (setUTCFullYear keeps years 0 to 99 as they are; Date.UTC reads them as 1900 to 1999). */
function utcOf(clock: WallClock): number {
  if (clock.year >= 100) return Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  const date = new Date(0);
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, 0);
  return date.getTime();
}

/** `YYYY-MM-DD ` of a day since the epoch (a few thousand days in a batch, each named once). */
const dayTexts = new Map<number, string>();

function textOfUtc(time: number): string {
  const day = Math.floor(time / DAY);
  let date = dayTexts.get(day);
  if (date === undefined) {
    const at = new Date(day * DAY);
    const year = at.getUTCFullYear();
    if (year < 1 || year > 9999) throw new RangeError(`Year ${year} does not fit YYYY.`);
    date = `${pad(year, 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)} `;
    if (dayTexts.size >= CACHE_LIMIT) dayTexts.clear();
    dayTexts.set(day, date);
  }
  const seconds = Math.floor((time - day * DAY) / 1000);
  return `${date}${TWO_DIGITS[Math.floor(seconds / 3600)]}:${TWO_DIGITS[Math.floor(seconds / 60) % 60]}:${TWO_DIGITS[seconds % 60]}`;
}

export interface ZoneClock {
  /** formatDateTime(new Date(instant), zone) for an instant in whole seconds. */
  format(instant: number): string;
  /** As format, and whether parse reads the text back as the same instant (it does not in the hour that happens twice as clocks go back). */
  formatExact(instant: number): { text: string; exact: boolean };
  /** parseDateTime(text, zone), as ms since the epoch. */
  parse(text: string): { ok: true; value: number } | { ok: false; error: AppErrorShape };
}

export function zoneClock(timeZone: string): ZoneClock | null {
  if (!isTimeZone(timeZone)) return null;
  const hours = new Map<number, number | null>();

  /** The zone's offset at an instant, straight from Intl. */
  const exactOffset = (instant: number): number => {
    const parsed = parseWallClock(formatDateTime(new Date(instant), timeZone));
    if (!parsed.ok) throw new RangeError(parsed.error.message);
    return utcOf(parsed.value) - instant;
  };

  const starts = new Map<number, number>();
  /** The offset as an hour starts, asked once per hour: the next hour's start is this hour's end. */
  const offsetAtStart = (hour: number): number => {
    let offset = starts.get(hour);
    if (offset === undefined) {
      offset = exactOffset(hour * HOUR);
      if (starts.size >= CACHE_LIMIT) starts.clear();
      starts.set(hour, offset);
    }
    return offset;
  };

  /**
   * Uniform when the hour starts and the next one starts with the same offset: a change exactly
   * at the hour's end (as most are) makes the hour look changing, which only sends its instants
   * the exact way. A change and its reversal within one hour go unseen, as they did when the hour's
   * own two ends were compared.
   */
  const offsetAt = (instant: number): number => {
    const hour = Math.floor(instant / HOUR);
    let uniform = hours.get(hour);
    if (uniform === undefined) {
      const start = offsetAtStart(hour);
      uniform = offsetAtStart(hour + 1) === start ? start : null;
      if (hours.size >= CACHE_LIMIT) hours.clear();
      hours.set(hour, uniform);
    }
    return uniform ?? exactOffset(Math.floor(instant / 1000) * 1000);
  };

  const clock: Omit<ZoneClock, 'formatExact'> = {
    format(instant) {
      const whole = Math.floor(instant / 1000) * 1000;
      try {
        return textOfUtc(whole + offsetAt(whole));
      } catch {
        // Near the ends of years 1 to 9999 the hour's ends fall outside them: let datetime.ts answer (or refuse).
        return formatDateTime(new Date(whole), timeZone);
      }
    },
    parse(text) {
      const parsed = parseWallClock(text);
      if (!parsed.ok) return parsed;
      const asUtc = utcOf(parsed.value);
      if (parsed.value.year < 2 || parsed.value.year > 9998) {
        const exact = parseDateTime(text, timeZone);
        return exact.ok ? { ok: true, value: exact.value.getTime() } : exact;
      }
      // As datetime.ts: the offsets a day either side are the only candidates; the earlier one
      // that shows this wall clock wins, else the time was skipped and moves on by the gap.
      const before = asUtc - offsetAt(asUtc - DAY);
      const after = asUtc - offsetAt(asUtc + DAY);
      const shows = (instant: number) => instant + offsetAt(instant) === asUtc;
      const earlier = Math.min(before, after);
      const later = Math.max(before, after);
      return { ok: true, value: shows(earlier) ? earlier : shows(later) ? later : before };
    },
  };
  return {
    ...clock,
    formatExact(instant) {
      const text = clock.format(instant);
      const whole = Math.floor(instant / 1000) * 1000;
      // Where the offset is the same a day either side, parse has one candidate, this instant: no need to parse.
      const offset = offsetAt(whole);
      const asUtc = whole + offset;
      if (asUtc >= PARSED_EXACTLY.from && asUtc < PARSED_EXACTLY.to && offsetAt(asUtc - DAY) === offset && offsetAt(asUtc + DAY) === offset)
        return { text, exact: true };
      const readBack = clock.parse(text);
      return { text, exact: !readBack.ok || readBack.value === whole };
    },
  };
}
