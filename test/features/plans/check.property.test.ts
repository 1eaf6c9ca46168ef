import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { checkEvents } from '../../../features/plans/common/check.ts';
import type { TrackingPlan, ViolationKind } from '../../../features/plans/common/plan.ts';

/**
 * Events generated from a plan pass it, and any single mutation of one attribute (a wrong type,
 * a value outside what the plan allows, a required one removed, an unknown one added) is
 * reported at that attribute's pointer with its kind, and nothing anywhere else is.
 */

/** One attribute's rule: its schema, a value it takes, and a value of the right type it refuses. */
interface AttributeRule {
  schema: Record<string, unknown>;
  valid: fc.Arbitrary<unknown>;
  outside: unknown;
  wrongType: unknown;
}

const word = fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);

const rule: fc.Arbitrary<AttributeRule> = fc.oneof(
  fc
    .uniqueArray(word, { minLength: 1, maxLength: 4 })
    .map((values) => ({ schema: { type: 'string', enum: values }, valid: fc.constantFrom(...values), outside: 'NOT-PLANNED', wrongType: 7 })),
  fc.constant({
    schema: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
    valid: fc.tuple(fc.nat(99_999), fc.nat(99)).map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`),
    outside: '12.5',
    wrongType: 12.5,
  }),
  fc.tuple(fc.integer({ min: -50, max: 50 }), fc.nat(100)).map(([minimum, span]) => ({
    schema: { type: 'integer', minimum, maximum: minimum + span },
    valid: fc.integer({ min: minimum, max: minimum + span }),
    outside: minimum + span + 1,
    wrongType: String(minimum),
  })),
  fc.tuple(fc.nat(5), fc.nat(10)).map(([minLength, span]) => ({
    schema: { type: 'string', minLength, maxLength: minLength + span },
    valid: fc.string({ minLength, maxLength: minLength + span, unit: 'grapheme-ascii' }),
    outside: 'x'.repeat(minLength + span + 1),
    wrongType: null,
  })),
  fc.constant({
    schema: { type: 'string', format: 'date' },
    valid: fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    outside: '2026-13-45',
    wrongType: true,
  }),
);

interface PlannedKind {
  rules: Record<string, AttributeRule & { required: boolean }>;
}

const kind: fc.Arbitrary<PlannedKind> = fc.dictionary(word, fc.record({ rule, required: fc.boolean() }), { minKeys: 1, maxKeys: 5 }).map((attributes) => ({
  rules: Object.fromEntries(Object.entries(attributes).map(([name, { rule: attribute, required }]) => [name, { ...attribute, required }])),
}));

const plannedKinds = fc.dictionary(word, kind, { minKeys: 1, maxKeys: 4 });

function planOf(kinds: Record<string, PlannedKind>): TrackingPlan {
  const events = Object.fromEntries(
    Object.entries(kinds).map(([key, { rules }]) => [
      key,
      {
        attributes: {
          type: 'object',
          properties: Object.fromEntries(Object.entries(rules).map(([name, attribute]) => [name, attribute.schema])),
          required: Object.keys(rules).filter((name) => rules[name]!.required),
          additionalProperties: false,
        },
      },
    ]),
  );
  return { name: 'generated', events };
}

/** An event of `key` following its rules: every required attribute, some optional ones. */
function eventOf(key: string, { rules }: PlannedKind): fc.Arbitrary<{ token: string; attributes: Record<string, unknown> }> {
  const entries = Object.entries(rules).map(([name, attribute]) =>
    attribute.required
      ? attribute.valid.map((value) => [name, value] as const)
      : fc.option(
          attribute.valid.map((value) => [name, value] as const),
          { nil: undefined },
        ),
  );
  return fc.tuple(...entries).map((pairs) => ({ token: key, attributes: Object.fromEntries(pairs.filter((pair) => pair !== undefined)) }));
}

const scenario = plannedKinds.chain((kinds) =>
  fc.record({
    kinds: fc.constant(kinds),
    events: fc.array(
      fc.constantFrom(...Object.keys(kinds)).chain((key) => eventOf(key, kinds[key]!)),
      { minLength: 1, maxLength: 6 },
    ),
  }),
);

type Mutation = 'wrong-type' | 'outside' | 'remove-required' | 'add-unknown';

const EXPECTED: Record<Mutation, ViolationKind> = {
  'wrong-type': 'attribute-type',
  outside: 'attribute-value',
  'remove-required': 'attribute-missing',
  'add-unknown': 'attribute-unknown',
};

describe('checking events against a plan (property)', () => {
  it('passes every event generated from the plan', () => {
    fc.assert(
      fc.property(scenario, ({ kinds, events }) => {
        const plan = loadPlan(JSON.stringify(planOf(kinds)), 'generated.plan.json');
        expect(plan.problems).toEqual([]);
        expect(checkEvents(events, plan).violations).toEqual([]);
      }),
    );
  });

  it('reports a single mutation of one attribute at its pointer, with its kind, and nothing else', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.nat(),
        fc.nat(),
        fc.constantFrom<Mutation>('wrong-type', 'outside', 'remove-required', 'add-unknown'),
        ({ kinds, events }, eventPick, attributePick, mutation) => {
          const index = eventPick % events.length;
          const event = structuredClone(events[index]!);
          const { rules } = kinds[event.token]!;
          let name: string;
          if (mutation === 'add-unknown') {
            name = 'not_in_the_plan';
            event.attributes[name] = 'x';
          } else {
            const candidates = Object.keys(rules).filter((candidate) => (mutation === 'remove-required' ? rules[candidate]!.required : true));
            fc.pre(candidates.length > 0);
            name = candidates[attributePick % candidates.length]!;
            if (mutation === 'remove-required') delete event.attributes[name];
            else event.attributes[name] = mutation === 'wrong-type' ? rules[name]!.wrongType : rules[name]!.outside;
          }
          const mutated = events.with(index, event);
          const violations = checkEvents(mutated, loadPlan(JSON.stringify(planOf(kinds)), 'generated.plan.json')).violations;
          const pointer = `/${index}/attributes/${name}`;
          expect(violations).toContainEqual(expect.objectContaining({ kind: EXPECTED[mutation], pointer, index }));
          // A wrong type may break an enum too (enum holds for any type), but only at that attribute.
          expect(violations.every((violation) => violation.pointer === pointer)).toBe(true);
        },
      ),
    );
  });
});
