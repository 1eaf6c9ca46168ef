import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptsEvent, problemsOfEvent } from '../../../features/sandbox/server/event-rules.ts';

/** Events near the rules' edges: each field mostly valid, now and then wrong or missing, now and then an extra one. */
function eventArbitrary(serviceIdField: string) {
  const dateTimes = fc.oneof(
    fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 19).replace('T', ' ')),
    fc.constantFrom('2026-02-29 00:00:00', '2024-02-29 12:00:00', '2026-01-01 24:00:00', '2026-1-01 00:00:00', '2026-01-01T00:00:00'),
    fc.string(),
  );
  const anyValue = fc.jsonValue({ maxDepth: 2 });
  const mostly = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
  const fields = {
    token: mostly(fc.string()),
    attributes: fc.oneof(
      { weight: 8, arbitrary: fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }) },
      { weight: 1, arbitrary: fc.dictionary(fc.string(), anyValue, { maxKeys: 3 }) },
      { weight: 1, arbitrary: anyValue },
    ),
    created_at: mostly(dateTimes),
    [serviceIdField]: mostly(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double(), fc.string())),
    device_id: mostly(fc.uuid()),
    customer_id: mostly(fc.string()),
  };
  return fc
    .tuple(
      fc.record(fields),
      fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...Object.keys(fields)) }),
      fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 12 }), anyValue, { minKeys: 1, maxKeys: 1 }) },
      ),
    )
    .map(([event, missing, extra]) => {
      const shaped: Record<string, unknown> = { ...event, ...extra };
      if (missing !== null) delete shaped[missing];
      // What the server checks is what JSON.parse gives it.
      return JSON.parse(JSON.stringify(shaped)) as unknown;
    });
}

describe('the strict rules for an event', () => {
  it.each(['svc_id', 'acme_id'])('agree in their quick and full passes (service-id field %s)', (serviceIdField) => {
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 9, arbitrary: eventArbitrary(serviceIdField) }, { weight: 1, arbitrary: fc.jsonValue() }), (event) => {
        const quick = acceptsEvent(event, serviceIdField);
        if (quick) accepted++;
        expect(quick).toBe(problemsOfEvent(event, serviceIdField).length === 0);
      }),
      { numRuns: 3000 },
    );
    // Both answers must have come up, or the agreement proves little.
    expect(accepted).toBeGreaterThan(100);
  });
});
