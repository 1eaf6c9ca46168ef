import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, isTimeZone, parseDateTime, parseWallClock, wallClockProblem } from '../../base/common/datetime.ts';

const utc = (iso: string) => new Date(`${iso}Z`);

function parsedInstant(text: string, timeZone: string): string {
  const parsed = parseDateTime(text, timeZone);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.toISOString();
}

describe('isTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'europe/berlin'])('knows %s', (zone) => {
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each(['', 'Mars/Olympus_Mons', 'Europe/Berlin ', 'local', 'GMT+25'])('refuses "%s"', (zone) => {
    expect(isTimeZone(zone)).toBe(false);
  });
});

describe('formatDateTime', () => {
  it('writes YYYY-MM-DD HH:MM:SS in the zone, dropping milliseconds', () => {
    const instant = utc('2026-07-04T09:05:03.999');
    expect(formatDateTime(instant, 'UTC')).toBe('2026-07-04 09:05:03');
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('2026-07-04 11:05:03');
    expect(formatDateTime(instant, 'America/New_York')).toBe('2026-07-04 05:05:03');
    expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('2026-07-04 14:35:03');
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatDateTime(utc('2026-01-01T23:00:00'), 'Europe/Berlin')).toBe('2026-01-02 00:00:00');
    expect(formatDateTime(utc('2026-01-02T00:00:00'), 'UTC')).toBe('2026-01-02 00:00:00');
  });

  it('follows Europe/Berlin across both daylight-saving changes', () => {
    expect(formatDateTime(utc('2026-03-29T00:59:59'), 'Europe/Berlin')).toBe('2026-03-29 01:59:59');
    expect(formatDateTime(utc('2026-03-29T01:00:00'), 'Europe/Berlin')).toBe('2026-03-29 03:00:00');
    expect(formatDateTime(utc('2026-10-25T00:30:00'), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
    expect(formatDateTime(utc('2026-10-25T01:30:00'), 'Europe/Berlin')).toBe('2026-10-25 02:30:00');
  });

  it('pads years below 1000 to four digits', () => {
    const year5 = new Date(0);
    year5.setUTCFullYear(5, 5, 6);
    expect(formatDateTime(year5, 'UTC')).toBe('0005-06-06 00:00:00');
  });

  it('throws a RangeError for what the text cannot hold', () => {
    expect(() => formatDateTime(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
    expect(() => formatDateTime(utc('+010000-01-01T00:00:00'), 'UTC')).toThrow(RangeError);
    expect(() => formatDateTime(utc('0000-12-31T12:00:00'), 'UTC')).toThrow(RangeError);
    expect(() => formatDateTime(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('parseWallClock', () => {
  it('reads the fields of a valid text', () => {
    expect(parseWallClock('2024-02-29 23:59:59')).toEqual({ ok: true, value: { year: 2024, month: 2, day: 29, hour: 23, minute: 59, second: 59 } });
    expect(parseWallClock('2000-02-29 00:00:00').ok).toBe(true);
    expect(parseWallClock('0001-01-01 00:00:00').ok).toBe(true);
  });

  it.each([
    '2026-1-01 00:00:00',
    '2026-01-01T00:00:00',
    '2026-01-01 00:00:00Z',
    ' 2026-01-01 00:00:00',
    '2026-01-01 00:00:00\n',
    '2026-01-01 00:00',
    '2026-01-01 00:00:00.000',
    '２０２６-01-01 00:00:00',
    '',
  ])('refuses the shape of %j', (text) => {
    const parsed = parseWallClock(text);
    expect(parsed).toMatchObject({ ok: false, error: { code: 'date-time-format' } });
  });

  it.each([
    '2026-02-29 00:00:00',
    '2100-02-29 00:00:00',
    '2026-02-30 00:00:00',
    '2026-04-31 00:00:00',
    '2026-13-01 00:00:00',
    '2026-00-10 00:00:00',
    '2026-01-00 00:00:00',
    '0000-01-01 00:00:00',
  ])('refuses %s, which is not in the calendar', (text) => {
    expect(parseWallClock(text)).toMatchObject({ ok: false, error: { code: 'date-time-date' } });
  });

  it.each(['2026-01-01 24:00:00', '2026-01-01 23:60:00', '2026-01-01 23:59:60'])('refuses %s, which is not a time of day', (text) => {
    expect(parseWallClock(text)).toMatchObject({ ok: false, error: { code: 'date-time-time' } });
  });

  it('says the same as wallClockProblem, the check without the fields', () => {
    expect(wallClockProblem('2026-03-01 12:30:00')).toBeNull();
    for (const text of ['2026-02-30 00:00:00', '2026-01-01 24:00:00', '2026/01/01 00:00:00']) {
      expect(parseWallClock(text)).toEqual({ ok: false, error: wallClockProblem(text) });
    }
  });
});

describe('parseDateTime', () => {
  it('reads a wall-clock time in the zone', () => {
    expect(parsedInstant('2026-07-04 11:05:03', 'Europe/Berlin')).toBe('2026-07-04T09:05:03.000Z');
    expect(parsedInstant('2026-01-15 11:05:03', 'Europe/Berlin')).toBe('2026-01-15T10:05:03.000Z');
    expect(parsedInstant('2026-07-04 09:05:03', 'UTC')).toBe('2026-07-04T09:05:03.000Z');
    expect(parsedInstant('2026-07-04 14:35:03', 'Asia/Kolkata')).toBe('2026-07-04T09:05:03.000Z');
  });

  it('moves a time in the spring-forward gap forward by the gap', () => {
    expect(parsedInstant('2026-03-29 02:30:00', 'Europe/Berlin')).toBe('2026-03-29T01:30:00.000Z');
    expect(parsedInstant('2026-03-08 02:30:00', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('takes the earlier of a time that happens twice when clocks go back', () => {
    expect(parsedInstant('2026-10-25 02:30:00', 'Europe/Berlin')).toBe('2026-10-25T00:30:00.000Z');
    expect(parsedInstant('2026-10-25 03:00:00', 'Europe/Berlin')).toBe('2026-10-25T02:00:00.000Z');
    expect(parsedInstant('2026-10-25 01:59:59', 'Europe/Berlin')).toBe('2026-10-24T23:59:59.000Z');
  });

  it('reads years 1 to 99 as such, not as 1900 to 1999', () => {
    expect(parsedInstant('0042-06-01 12:00:00', 'UTC')).toBe('0042-06-01T12:00:00.000Z');
  });

  it('says what is wrong as a value', () => {
    expect(parseDateTime('2026-02-30 00:00:00', 'UTC')).toMatchObject({ ok: false, error: { code: 'date-time-date' } });
    expect(parseDateTime('2026-01-01 00:00:00', 'Nowhere/City')).toMatchObject({ ok: false, error: { code: 'time-zone' } });
  });

  it('gives back the text it formats, in any zone, at any instant', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Apia'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1) / 1000, max: Date.UTC(2100, 0, 1) / 1000 }), fc.constantFrom(...zones), (seconds, zone) => {
        const text = formatDateTime(new Date(seconds * 1000), zone);
        const parsed = parseDateTime(text, zone);
        expect(parsed.ok && formatDateTime(parsed.value, zone)).toBe(text);
        // Only a time that happens twice may read back as another instant, and then the earlier.
        if (parsed.ok && parsed.value.getTime() !== seconds * 1000) expect(parsed.value.getTime()).toBeLessThan(seconds * 1000);
      }),
      { numRuns: 2000 },
    );
  });
});
