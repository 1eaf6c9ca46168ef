import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeFilter, eventMatches, parseFilter, type EventFilter, type FieldPath } from '../../../features/transforms/common/filter.ts';

/**
 * Any filter written back by describeFilter parses to the same filter; the parser answers every
 * text with a filter or a message and a column inside it; and matching follows the logic of
 * not, and, or on any event.
 */

const text = fc.string({ unit: 'binary-ascii', maxLength: 12 });
const word = fc.stringMatching(/^[a-z0-9_.@:-]{1,8}$/);
const field: fc.Arbitrary<FieldPath> = fc.oneof(
  fc.constantFrom<FieldPath>(['token'], ['customer_id'], ['device_id'], ['svc_id'], ['attributes']),
  fc.oneof(text, word).map((name): FieldPath => ['attributes', name]),
);
const dateTime = fc.constantFrom('2026', '2026-11', '2026-11-20', '2026-11-20 14', '2026-11-20 14:30', '2026-11-20 14:30:05');
const operator = fc.constantFrom('=', '!=', '<', '<=', '>', '>=' as const);

const condition: fc.Arbitrary<EventFilter> = fc.oneof(
  fc.record({ kind: fc.constant('compare' as const), field, operator, value: fc.oneof(text, word) }),
  fc.record({ kind: fc.constant('compare' as const), field: fc.constant<FieldPath>(['created_at']), operator, value: dateTime }),
  fc.record({ kind: fc.constant('in' as const), field, values: fc.array(fc.oneof(text, word), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('exists' as const), field }),
  fc.record({ kind: fc.constant('text' as const), text: fc.oneof(text, word) }),
);

const { filter } = fc.letrec<{ filter: EventFilter }>((tie) => ({
  filter: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    condition,
    fc.record({ kind: fc.constant('not' as const), part: tie('filter') }),
    fc.record({ kind: fc.constantFrom('and' as const, 'or' as const), parts: fc.array(tie('filter'), { minLength: 2, maxLength: 3 }) }),
  ),
}));

const event = fc.record(
  {
    token: fc.oneof(word, text),
    customer_id: word,
    device_id: fc.oneof(word, fc.constant(null)),
    created_at: fc.constantFrom('2026-11-20 14:30:05', '2025-01-01 00:00:00', '2026-11-20T09:00:00', 'soon'),
    svc_id: fc.oneof(fc.integer({ min: -5, max: 500 }), word),
    attributes: fc.dictionary(fc.oneof(word, text), fc.oneof(word, text, fc.integer()), { maxKeys: 3 }),
  },
  { requiredKeys: [] },
);

describe('filter language properties', () => {
  it('parses what describeFilter writes back to the same filter', () => {
    fc.assert(
      fc.property(filter, (original) => {
        const parsed = parseFilter(describeFilter(original));
        expect(parsed).toEqual({ ok: true, filter: original });
      }),
      { numRuns: 500 },
    );
  });

  it('answers any text with a filter, or a message and a column within the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc
            .array(fc.constantFrom('token', '=', 'a', '(', ')', 'in', ',', 'not', 'and', 'or', '"', 'exists', 'created_at', '<'), { maxLength: 8 })
            .map((parts) => parts.join(' ')),
        ),
        (expression) => {
          const parsed = parseFilter(expression);
          if (parsed.ok) return;
          expect(parsed.message.length).toBeGreaterThan(0);
          expect(parsed.column).toBeGreaterThanOrEqual(1);
          expect(parsed.column).toBeLessThanOrEqual(expression.length + 1);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('matches not, and, or as logic says, on any event', () => {
    fc.assert(
      fc.property(filter, filter, event, (left, right, candidate) => {
        const a = eventMatches(left, candidate);
        const b = eventMatches(right, candidate);
        expect(eventMatches({ kind: 'not', part: left }, candidate)).toBe(!a);
        expect(eventMatches({ kind: 'and', parts: [left, right] }, candidate)).toBe(a && b);
        expect(eventMatches({ kind: 'or', parts: [left, right] }, candidate)).toBe(a || b);
      }),
      { numRuns: 500 },
    );
  });

  it('finds any field value by equality and by free text, whatever characters it holds', () => {
    fc.assert(
      fc.property(event, fc.constantFrom('token', 'customer_id'), (candidate, name) => {
        const value = candidate[name];
        fc.pre(typeof value === 'string');
        const equal = parseFilter(describeFilter({ kind: 'compare', field: [name], operator: '=', value: value as string }));
        const found = parseFilter(describeFilter({ kind: 'text', text: value as string }));
        expect(equal.ok && eventMatches(equal.filter, candidate)).toBe(true);
        expect(found.ok && eventMatches(found.filter, candidate)).toBe(true);
      }),
    );
  });
});
