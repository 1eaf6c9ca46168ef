import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, wallClockProblem } from '../../../base/common/datetime.ts';
import { validateBatch } from '../../../features/validation/common/validation.ts';
import { isUuidShaped, plainWallClock, wallClockOrder } from '../../../features/validation/common/text-shapes.ts';
import { RULES, validEvent } from './validation-support.ts';

/**
 * The hand-read shapes against plain definitions: a regular expression for a UUID, and
 * wallClockProblem with text comparison for a date-time. Texts are drawn from characters that
 * could fool a table lookup: near misses of each shape, and characters past ASCII whose low
 * seven bits are a digit, a hyphen or a colon.
 */

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** Characters past ASCII that read as '0', 'a', '-', ':' and ' ' in their low seven bits. */
const IMPOSTORS = ['\u0130', '\u00e1', '\u00ad', '\u01ad', '\u00ba', '\u00a0', '\u0100'];

/** A text made from `valid` by replacing some of its characters. */
function nearMiss(valid: fc.Arbitrary<string>, replacements: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), fc.constantFrom(...replacements)), { maxLength: 2 }), fc.constantFrom('', 'x', '0'), fc.boolean())
    .map(([text, changes, extra, cut]) => {
      const characters = [...text];
      for (const [at, replacement] of changes) characters[at % characters.length] = replacement;
      const changed = characters.join('') + extra;
      return cut ? changed.slice(1) : changed;
    });
}

const uuidLike = nearMiss(fc.uuid(), ['g', 'G', '-', ' ', 'f', 'F', '9', ...IMPOSTORS]);

const wallClock = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => formatDateTime(date, 'UTC'));
const wallClockLike = nearMiss(
  fc.oneof(
    wallClock,
    fc.constantFrom(
      '2026-02-29 10:00:00',
      '2024-02-29 10:00:00',
      '2026-04-31 00:00:00',
      '0000-01-01 00:00:00',
      '2026-06-01 24:00:00',
      '2026-06-01 23:60:00',
      '2026-06-01 23:59:60',
    ),
  ),
  ['0', '9', ':', '-', ' ', 'T', ...IMPOSTORS],
);

describe('isUuidShaped', () => {
  it('says what the regular expression says', () => {
    fc.assert(
      fc.property(uuidLike, (text) => {
        expect(isUuidShaped(text)).toBe(UUID.test(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('plainWallClock', () => {
  it('vouches only for real date-times, and numbers them as their texts order', () => {
    fc.assert(
      fc.property(wallClockLike, (text) => {
        const clock = plainWallClock(text);
        if (clock === -1) return;
        expect(wallClockProblem(text)).toBeNull();
        expect(clock).toBe(wallClockOrder(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('vouches for every real date-time', () => {
    fc.assert(
      fc.property(wallClock, (text) => {
        expect(plainWallClock(text)).toBe(wallClockOrder(text));
      }),
    );
  });

  it('numbers two date-times in the order of their texts', () => {
    fc.assert(
      fc.property(wallClock, wallClock, (a, b) => {
        expect(Math.sign(wallClockOrder(a) - wallClockOrder(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });
});

describe('created_at against now, by number', () => {
  const MINUTE = 60_000;
  const DAY = 86_400_000;
  // Around the two bounds, and anywhere within a year and a bit.
  const offset = fc.oneof(
    fc.integer({ min: -400 * DAY, max: 400 * DAY }),
    fc.integer({ min: 4 * MINUTE, max: 6 * MINUTE }),
    fc.integer({ min: -365 * DAY - MINUTE, max: -365 * DAY + MINUTE }),
  );

  it('is in the future or very old exactly when its text compares so, on any day of the month', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }), offset, (now, by) => {
        const rules = { ...RULES, now };
        const createdAt = formatDateTime(new Date(now.getTime() + by), rules.timeZone);
        const latest = formatDateTime(new Date(now.getTime() + 5 * MINUTE), rules.timeZone);
        const earliest = formatDateTime(new Date(now.getTime() - 365 * DAY), rules.timeZone);
        const codes = validateBatch(JSON.stringify([validEvent({ created_at: createdAt })]), rules).diagnostics.map((diagnostic) => diagnostic.code);
        expect(codes).toEqual(createdAt > latest ? ['created-at-future'] : createdAt < earliest ? ['created-at-old'] : []);
      }),
      { numRuns: 500 },
    );
  });
});
