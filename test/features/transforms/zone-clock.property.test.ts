import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../../../base/common/datetime.ts';
import { zoneClock } from '../../../features/transforms/common/zone-clock.ts';

/** The cached zone clock answers as datetime.ts does, around daylight-saving changes and far from them, in zones with odd offsets and histories. */

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Apia', 'Europe/Dublin'];
const CHANGES = [
  '2026-03-08T07:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-10-25T01:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-04-05T15:00:00Z',
  '2011-12-30T10:00:00Z',
  '1900-01-01T00:00:00Z',
].map((text) => Date.parse(text));
const instant = fc.oneof(
  fc
    .record({ change: fc.constantFrom(...CHANGES), seconds: fc.integer({ min: -2 * 86_400, max: 2 * 86_400 }) })
    .map(({ change, seconds }) => change + seconds * 1000),
  fc.integer({ min: -62_000_000_000, max: 253_000_000_000 }).map((seconds) => seconds * 1000),
);

describe('zoneClock', () => {
  it('formats and parses as formatDateTime and parseDateTime do, and knows which texts read back as another instant', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, (timeZone, moment) => {
        const clock = zoneClock(timeZone)!;
        const text = formatDateTime(new Date(moment), timeZone);
        expect(clock.format(moment)).toBe(text);
        const parsed = parseDateTime(text, timeZone);
        expect(clock.parse(text)).toEqual(parsed.ok ? { ok: true, value: parsed.value.getTime() } : parsed);
        expect(clock.formatExact(moment)).toEqual({ text, exact: !parsed.ok || parsed.value.getTime() === Math.floor(moment / 1000) * 1000 });
        // A wall clock an hour and a half on, which may fall in a skipped or a repeated hour.
        const later = `${text.slice(0, 11)}${String((Number(text.slice(11, 13)) + 1) % 24).padStart(2, '0')}:30:00`;
        const laterParsed = parseDateTime(later, timeZone);
        expect(clock.parse(later)).toEqual(laterParsed.ok ? { ok: true, value: laterParsed.value.getTime() } : laterParsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers as datetime.ts does, minute by minute, around changes that fall inside an hour of UTC', () => {
    // St. John's changes at 05:30 and 04:30 UTC, Lord Howe at 15:30 UTC and by half an hour.
    const changes: [string, string][] = [
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['America/St_Johns', '2026-11-01T04:30:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
    ];
    for (const [timeZone, change] of changes) {
      const clock = zoneClock(timeZone)!;
      for (let minute = -120; minute <= 120; minute++) {
        const moment = Date.parse(change) + minute * 60_000 + 30_000;
        const text = formatDateTime(new Date(moment), timeZone);
        expect(clock.format(moment)).toBe(text);
        const parsed = parseDateTime(text, timeZone);
        expect(clock.parse(text)).toEqual(parsed.ok ? { ok: true, value: parsed.value.getTime() } : parsed);
        expect(clock.formatExact(moment)).toEqual({ text, exact: !parsed.ok || parsed.value.getTime() === Math.floor(moment / 1000) * 1000 });
      }
    }
  });

  it('refuses what parseDateTime refuses, and an unknown zone', () => {
    expect(zoneClock('Mars/Base')).toBeNull();
    expect(zoneClock('UTC')!.parse('2026-02-30 10:00:00')).toEqual(parseDateTime('2026-02-30 10:00:00', 'UTC'));
  });
});
