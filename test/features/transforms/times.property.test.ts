import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateTime } from '../../../base/common/datetime.ts';
import { shiftTimes, spreadTimes } from '../../../features/transforms/common/transforms.ts';

/**
 * Shifting keeps every pairwise difference between the selected events' times to the second,
 * whichever daylight-saving changes lie between them or between the old and the new times; the
 * one case the text cannot hold (a new time in the second pass of a repeated hour) a note names.
 */

const ZONES = ['Europe/Berlin', 'America/New_York'] as const;
/** Instants in whole seconds within four days of a daylight-saving change of 2026. */
const CHANGES = ['2026-03-08T07:00:00Z', '2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-11-01T06:00:00Z'].map((text) => Date.parse(text));
const FOUR_DAYS = 4 * 86_400;
const instantNear = fc
  .record({ change: fc.constantFrom(...CHANGES), seconds: fc.integer({ min: -FOUR_DAYS, max: FOUR_DAYS }) })
  .map(({ change, seconds }) => change + seconds * 1000);

function instantOf(text: string, timeZone: string): number {
  const parsed = parseDateTime(text, timeZone);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value.getTime();
}

const createdAt = (event: unknown) => (event as { created_at: string }).created_at;

describe('shiftTimes properties', () => {
  it('keeps all pairwise differences to the second across daylight-saving changes, noting a time the text cannot hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(instantNear, { minLength: 1, maxLength: 8 }),
        instantNear,
        fc.constantFrom('latest' as const, 'earliest' as const),
        (timeZone, instants, target, anchor) => {
          const events = instants.map((instant, index) => ({ token: `t${index}`, created_at: formatDateTime(new Date(instant), timeZone) }));
          const before = events.map((event) => instantOf(event.created_at, timeZone));
          const to = formatDateTime(new Date(target), timeZone);
          const result = shiftTimes(events, { anchor, to, timeZone, now: new Date(0) });
          const shift = instantOf(to, timeZone) - (anchor === 'latest' ? Math.max(...before) : Math.min(...before));
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          // Only an instant in the second pass of a repeated hour cannot be written exactly, and the notes say so.
          const exact = (instant: number) => instantOf(formatDateTime(new Date(instant), timeZone), timeZone) === instant;
          const inexact = before.filter((instant) => !exact(instant + shift)).length;
          expect(result.notes?.length ?? 0).toBe(inexact > 0 ? 1 : 0);
          const after = result.events.map((event) => instantOf(createdAt(event), timeZone));
          for (let a = 0; a < events.length; a++) {
            expect(after[a]! - before[a]!).toBe(exact(before[a]! + shift) ? shift : shift - 3_600_000);
          }
          const anchored = before.indexOf(anchor === 'latest' ? Math.max(...before) : Math.min(...before));
          expect(createdAt(result.events[anchored])).toBe(to);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps spread events in order and evenly spaced to within a second', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 2, max: 12 }),
        instantNear,
        fc.integer({ min: 0, max: 3 * 86_400 }),
        (timeZone, count, start, seconds) => {
          const events = Array.from({ length: count }, (_, index) => ({ token: `t${index}`, created_at: '2020-01-01 00:00:00' }));
          const from = formatDateTime(new Date(start), timeZone);
          const to = formatDateTime(new Date(instantOf(from, timeZone) + seconds * 1000), timeZone);
          const result = spreadTimes(events, { from, to, timeZone });
          // A time in the second pass of a repeated hour cannot be written; the shift property covers that note.
          fc.pre(result.ok && result.notes === undefined);
          if (!result.ok) return;
          const after = result.events.map((event) => instantOf(createdAt(event), timeZone));
          const step = (after.at(-1)! - after[0]!) / (count - 1);
          after.forEach((instant, index) => expect(Math.abs(instant - (after[0]! + step * index))).toBeLessThanOrEqual(500));
          expect(createdAt(result.events[0])).toBe(from);
        },
      ),
      { numRuns: 200 },
    );
  });
});
