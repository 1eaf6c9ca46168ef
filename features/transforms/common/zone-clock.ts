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

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The wall clock read as if it were UTC, in ms since the epoch (setUTCFullYear keeps years 0 to 99 as they are). */
function utcOf(clock: WallClock): number {
  const date = new Date(0);
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  date.setUTCHours(clock.hour, clock.minute, clock.second, 0);
  return date.getTime();
}

function textOfUtc(time: number): string {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999) throw new RangeError(`Year ${year} does not fit YYYY.`);
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}`;
}

export interface ZoneClock {
  /** formatDateTime(new Date(instant), zone) for an instant in whole seconds. */
  format(instant: number): string;
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

  const offsetAt = (instant: number): number => {
    const hour = Math.floor(instant / HOUR);
    let uniform = hours.get(hour);
    if (uniform === undefined) {
      const start = exactOffset(hour * HOUR);
      uniform = exactOffset(hour * HOUR + HOUR - 1000) === start ? start : null;
      if (hours.size >= CACHE_LIMIT) hours.clear();
      hours.set(hour, uniform);
    }
    return uniform ?? exactOffset(Math.floor(instant / 1000) * 1000);
  };

  return {
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
      const candidates = [before, after].filter(shows);
      return { ok: true, value: candidates.length > 0 ? Math.min(...candidates) : before };
    },
  };
}
