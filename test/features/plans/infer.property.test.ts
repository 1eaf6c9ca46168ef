import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inferPlan } from '../../../features/plans/common/infer.ts';

/** Whatever the events, the plan inferred from them accepts each of them (Ajv in strict mode, with formats). */

const values = fc.oneof(
  fc.constantFrom('EUR', 'USD', 'GBP'),
  fc.string({ maxLength: 80 }),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.uuid(),
  fc.emailAddress(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.stringMatching(/^-?\d{1,3}(\.\d{1,2})?$/),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

const events = fc.array(
  fc.record({ token: fc.constantFrom('a', 'b', 'c'), attributes: fc.dictionary(fc.constantFrom('x', 'y', 'z', 'w'), values, { maxKeys: 4 }) }),
  { minLength: 1, maxLength: 60 },
);

describe('an inferred plan', () => {
  it('accepts every event it was inferred from', () => {
    fc.assert(
      fc.property(events, fc.integer({ min: 1, max: 25 }), (batch, enumEvents) => {
        const { plan } = inferPlan(batch, { limits: { enumEvents } });
        const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
        addFormats(ajv);
        const validators = new Map(Object.entries(plan.events).map(([key, planned]) => [key, ajv.compile(planned.attributes as object)]));
        for (const event of batch) {
          const validate = validators.get(event.token)!;
          expect(validate(event.attributes), JSON.stringify({ event, errors: validate.errors })).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
