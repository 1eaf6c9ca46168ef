/**
 * Every time the app shows, in one form: the user's locale's, with its 12- or 24-hour clock, from
 * the same options wherever it appears (two formatters with different options disagreed on the
 * clock and on a leading zero). The app's formats take the browser's locale; tests name one.
 */

export type TimePrecision = 'minute' | 'second' | 'millisecond';

const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const PRECISION: Record<TimePrecision, Intl.DateTimeFormatOptions> = {
  minute: CLOCK,
  second: { ...CLOCK, second: '2-digit' },
  millisecond: { ...CLOCK, second: '2-digit', fractionalSecondDigits: 3 },
};
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };

export function timeFormats(locale?: string) {
  const times = Object.fromEntries(Object.entries(PRECISION).map(([precision, options]) => [precision, new Intl.DateTimeFormat(locale, options)])) as Record<
    TimePrecision,
    Intl.DateTimeFormat
  >;
  const dateTime = new Intl.DateTimeFormat(locale, { ...DAY, ...PRECISION.second });
  return {
    /** The time of day of an instant (a Date or an ISO text), to the minute, second or millisecond. */
    time: (at: Date | string, precision: TimePrecision = 'second') => times[precision].format(new Date(at)),
    /** The day and the time of an instant, to the second. */
    dateTime: (at: Date | string) => dateTime.format(new Date(at)),
  };
}

export const { time: formatTime, dateTime: formatDateTime } = timeFormats();
