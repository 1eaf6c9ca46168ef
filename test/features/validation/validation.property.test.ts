import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime, wallClockProblem } from '../../../base/common/datetime.ts';
import { validateBatch } from '../../../features/validation/common/validation.ts';
import { NOW, RULES, lineOfValue } from './validation-support.ts';

const DAY = 86_400_000;

const event = fc.record({
  token: fc.string(),
  attributes: fc.dictionary(
    fc.string().filter((name) => name !== '__proto__'),
    fc.string(),
    { maxKeys: 4 },
  ),
  created_at: fc.date({ min: new Date(NOW.getTime() - 364 * DAY), max: NOW, noInvalidDate: true }).map((date) => formatDateTime(date, RULES.timeZone)),
  svc_id: fc.maxSafeInteger(),
  device_id: fc.uuid(),
  customer_id: fc.string(),
});

/** One or more events, no two alike (alike ones are rightly a warning). */
const events = fc.uniqueArray(event, { minLength: 1, maxLength: 8, selector: (value) => JSON.stringify(value) });

/** How a batch may be written: its indentation, its line ends, a byte order mark. */
const layout = fc.record({ indent: fc.constantFrom(0, 2, '\t'), crlf: fc.boolean(), bom: fc.boolean() });

function write(batch: unknown[], { indent, crlf, bom }: { indent: number | string; crlf: boolean; bom: boolean }): { text: string; shown: string } {
  const shown = JSON.stringify(batch, null, indent).replaceAll('\n', crlf ? '\r\n' : '\n');
  return { text: bom ? `\uFEFF${shown}` : shown, shown };
}

/** A single corruption: where it goes, what it is reported as. */
const corruption = fc.oneof(
  fc.record({ field: fc.constant('token'), value: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null)), codes: fc.constant(['wrong-type']) }),
  fc.record({
    field: fc.constant('created_at'),
    value: fc.oneof(
      fc.constantFrom('2026-02-30 10:00:00', '2026-05-01 24:00:00', '2026-13-01 00:00:00', '2026-5-1 10:00:00'),
      fc.string().filter((text) => wallClockProblem(text) !== null),
    ),
    codes: fc.constant(['created-at-format', 'created-at-impossible']),
  }),
  fc.record({
    field: fc.constant('svc_id'),
    value: fc.oneof(fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }), fc.integer().map(String), fc.string()),
    codes: fc.constant(['service-id-not-integer']),
  }),
  fc.record({ field: fc.constant(null), value: fc.oneof(fc.integer(), fc.string(), fc.array(fc.integer())), codes: fc.constant(['event-not-object']) }),
);

describe('validateBatch, by property', () => {
  it('finds nothing in any valid batch, however it is written', () => {
    fc.assert(
      fc.property(events, layout, (batch, how) => {
        expect(validateBatch(write(batch, how).text, RULES).diagnostics).toEqual([]);
      }),
    );
  });

  it('reports a single corruption at its path and on its line', () => {
    fc.assert(
      fc.property(events, layout, corruption, fc.nat(), (batch, how, { field, value, codes }, pick) => {
        const index = pick % batch.length;
        const corrupted: unknown[] = [...batch];
        corrupted[index] = field === null ? value : { ...batch[index], [field]: value };
        const { text, shown } = write(corrupted, how);
        const path = field === null ? [index] : [index, field];
        const errors = validateBatch(text, RULES).diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
        expect(errors).toHaveLength(1);
        expect(codes).toContain(errors[0]!.code);
        expect(errors[0]).toMatchObject({ path: `/${path.join('/')}`, line: lineOfValue(shown, path) });
      }),
    );
  });
});
