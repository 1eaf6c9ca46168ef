import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { UNLISTED_CODE, validateBatchWithPlan } from '../../../features/plans/common/plan-diagnostics.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { validateBatch } from '../../../features/validation/common/validation.ts';
import { marked, RULES, validEvent } from '../validation/validation-support.ts';

/** Plan violations as diagnostics: placed on the value (or key) they are about, among the batch's own diagnostics. */

const PLAN: TrackingPlan = {
  name: 'shop',
  events: {
    tok_1: {
      attributes: {
        type: 'object',
        required: ['plan', 'spend'],
        additionalProperties: false,
        properties: { plan: { enum: ['pro', 'free'] }, spend: { type: 'string', pattern: '^\\d+\\.\\d{2}$' } },
      },
      fields: { properties: { svc_id: { const: 12 } } },
    },
  },
};
const plan = loadPlan(JSON.stringify(PLAN), 'shop.plan.json');

function check(batch: unknown[], indent: number | string = 2) {
  const text = JSON.stringify(batch, null, indent);
  return { text, result: validateBatchWithPlan(text, RULES, plan) };
}

describe('validateBatchWithPlan', () => {
  it('adds nothing to a batch that follows the plan', () => {
    const { text, result } = check([validEvent(), validEvent({ customer_id: 'customer-2' })]);
    expect(result).toEqual({ ...validateBatch(text, RULES), unreported: 0, unreportedErrors: 0 });
  });

  it('marks a bad value, with the violation kind as its code and the message without the place', () => {
    const { text, result } = check([validEvent(), validEvent({ attributes: { plan: 'gold', spend: '19.99' } })]);
    expect(result.diagnostics).toEqual([
      {
        severity: 'error',
        code: 'attribute-value',
        message: 'expected one of "pro", "free", saw "gold"',
        path: '/1/attributes/plan',
        line: 16,
        column: 15,
        endLine: 16,
        endColumn: 21,
      },
    ]);
    expect(marked(text, result.diagnostics[0]!)).toBe('"gold"');
  });

  it('marks an unknown attribute by its key, a missing one by the key of the object it is missing from, and a field by its value', () => {
    const { text, result } = check([validEvent({ attributes: { plan: 'pro', coupon: 'X' }, svc_id: 13 })]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path, marked(text, diagnostic)])).toEqual([
      ['attribute-missing', '/0/attributes/spend', '"attributes"'],
      ['attribute-unknown', '/0/attributes/coupon', '"coupon"'],
      ['field-value', '/0/svc_id', '13'],
    ]);
  });

  it('marks an unplanned event by its token, and one with no token where it starts', () => {
    const { text, result } = check([validEvent({ token: 'tok_9' })], '\t');
    const { token: _token, ...tokenless } = validEvent();
    const without = check([tokenless]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, marked(text, diagnostic)])).toEqual([['unplanned-event', '"tok_9"']]);
    expect(
      without.result.diagnostics
        .filter((diagnostic) => diagnostic.code === 'unplanned-event')
        .map((diagnostic) => [diagnostic.path, marked(without.text, diagnostic)]),
    ).toEqual([['/0', '{']]);
  });

  it('keeps the batch diagnostics and the plan violations together in text order', () => {
    const { result } = check([validEvent({ attributes: { plan: 'gold', spend: 19.99 } })]);
    expect(result.diagnostics.map((diagnostic) => [diagnostic.line, diagnostic.code])).toEqual([
      [5, 'attribute-value'],
      [6, 'attribute-not-string'],
      [6, 'attribute-type'],
    ]);
  });

  it('counts positions after a byte order mark and on CRLF lines, as the batch diagnostics do', () => {
    const text = `\uFEFF${JSON.stringify([validEvent({ attributes: { plan: 'gold', spend: '1.00' } })], null, 2).replaceAll('\n', '\r\n')}`;
    const [diagnostic] = validateBatchWithPlan(text, RULES, plan).diagnostics;
    expect(diagnostic).toMatchObject({ code: 'attribute-value', line: 5, column: 15, endColumn: 21 });
  });

  it('places a violation in an event whose key is written twice where JSON.parse reads it: the last', () => {
    const text = '[{"token": "tok_1", "attributes": {"plan": "pro", "plan": "gold", "spend": "1.00"}, "svc_id": 12}]';
    const diagnostic = validateBatchWithPlan(text, RULES, plan).diagnostics.find((found) => found.code === 'attribute-value')!;
    expect(marked(text, diagnostic)).toBe('"gold"');
    expect(diagnostic.column).toBe(text.indexOf('"gold"') + 1);
  });

  it('checks nothing against the plan in a text that is no batch', () => {
    for (const text of ['[{"token": ', '{"token": "tok_9"}', '[]']) {
      expect(validateBatchWithPlan(text, RULES, plan)).toEqual({ ...validateBatch(text, RULES), unreported: 0, unreportedErrors: 0 });
    }
  });

  it('ends the listed violations with one diagnostic counting the rest, an error when any is', () => {
    const events = Array.from({ length: 5 }, (_, index) => validEvent({ token: 'tok_9', customer_id: `customer-${index}` }));
    const text = JSON.stringify(events, null, 2);
    const result = validateBatchWithPlan(text, RULES, plan, { perEvent: 5, perBatch: 2 });
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['unplanned-event', 'unplanned-event', UNLISTED_CODE]);
    expect(result.diagnostics.at(-1)).toMatchObject({
      severity: 'error',
      message: '3 more plan violations are not listed (3 errors): fix those listed and check again.',
      line: result.diagnostics[1]!.endLine,
    });
    expect([result.unreported, result.unreportedErrors]).toEqual([3, 3]);
  });
});
