import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { checkEvents, planSeverities, type CheckablePlan, type SchemaValidator } from '../../../features/plans/common/check.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';

/** Checking events against a plan: each kind of violation, its pointer, words and severity, and the caps. */

const SHOP: TrackingPlan = {
  name: 'shop',
  events: {
    purchase: {
      attributes: {
        type: 'object',
        required: ['spend', 'currency'],
        additionalProperties: false,
        properties: {
          spend: { type: 'string', pattern: '^\\d+\\.\\d{2}$' },
          currency: { $ref: '#/$defs/currency' },
          items: { type: 'integer', minimum: 0 },
          coupon: { type: 'string', minLength: 3, maxLength: 12 },
          email: { type: 'string', format: 'email' },
          seats: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^\\d+$' }] },
        },
      },
      fields: { properties: { svc_id: { const: 7 } } },
    },
    app_open: {},
  },
  $defs: { currency: { enum: ['EUR', 'USD', 'GBP'] } },
};

function compiled(plan: TrackingPlan): CheckablePlan {
  const loaded = loadPlan(JSON.stringify(plan), 'test.plan.json');
  expect(loaded.problems).toEqual([]);
  return loaded;
}

function purchase(attributes: Record<string, unknown>, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { token: 'purchase', attributes: { spend: '12.50', currency: 'EUR', ...attributes }, svc_id: 7, ...fields };
}

function violationsOf(events: unknown[], plan: TrackingPlan = SHOP) {
  return checkEvents(events, compiled(plan)).violations;
}

describe('checkEvents', () => {
  it('finds nothing wrong with events that follow the plan, and checks a kind without schemas only for its key', () => {
    expect(
      violationsOf([purchase({}), purchase({ items: 2, coupon: 'SPRING', email: 'a@example.com', seats: '3' }), { token: 'app_open', anything: 1 }]),
    ).toEqual([]);
  });

  it('reports an event whose key names no kind as unplanned-event, at its key', () => {
    expect(violationsOf([purchase({}), { token: 'checkout', attributes: {} }])).toEqual([
      {
        kind: 'unplanned-event',
        severity: 'error',
        index: 1,
        pointer: '/1/token',
        expected: "a token naming one of the plan's 2 kinds of event",
        actual: '"checkout"',
        message: 'event 2 (/1/token): token "checkout" names no kind of event in the plan',
      },
    ]);
  });

  it('reports an event without a key as unplanned-event, at the event', () => {
    expect(violationsOf([{ attributes: {} }])).toMatchObject([
      { kind: 'unplanned-event', pointer: '/0', message: 'event 1 (/0): no token, so the plan cannot tell which kind of event this is' },
    ]);
  });

  it('reads the kind from the field the plan names as its key', () => {
    const plan: TrackingPlan = { ...SHOP, key: 'event' };
    expect(
      violationsOf(
        [
          { event: 'app_open', token: 'x' },
          { event: 'purchase', attributes: { spend: '1.00' } },
        ],
        plan,
      ),
    ).toMatchObject([{ kind: 'attribute-missing', pointer: '/1/attributes/currency' }]);
  });

  it('reads the kind from a field inside another when the key has dots, and points into it', () => {
    const plan: TrackingPlan = { ...SHOP, key: 'attributes.screen' };
    const events = [{ token: 'x', attributes: { screen: 'app_open' } }, { token: 'y', attributes: { screen: 'cart' } }, { token: 'z' }];
    expect(violationsOf(events, plan)).toMatchObject([
      {
        kind: 'unplanned-event',
        pointer: '/1/attributes/screen',
        message: 'event 2 (/1/attributes/screen): attributes.screen "cart" names no kind of event in the plan',
      },
      { kind: 'unplanned-event', pointer: '/2', message: 'event 3 (/2): no attributes.screen, so the plan cannot tell which kind of event this is' },
    ]);
  });

  it('reports a required attribute that is missing as attribute-missing, with what it should be', () => {
    const [violation] = violationsOf([{ token: 'purchase', attributes: { currency: 'EUR' }, svc_id: 7 }]);
    expect(violation).toEqual({
      kind: 'attribute-missing',
      severity: 'error',
      index: 0,
      pointer: '/0/attributes/spend',
      expected: 'a string matching ^\\d+\\.\\d{2}$',
      message: 'event 1 (/0/attributes/spend): missing; "purchase" events require it (a string matching ^\\d+\\.\\d{2}$)',
    });
  });

  it('reports every required attribute missing from an event with no attributes at all', () => {
    expect(violationsOf([{ token: 'purchase', svc_id: 7 }]).map((violation) => [violation.kind, violation.pointer])).toEqual([
      ['attribute-missing', '/0/attributes/spend'],
      ['attribute-missing', '/0/attributes/currency'],
    ]);
  });

  it('reports a value of the wrong JSON type as attribute-type', () => {
    expect(violationsOf([purchase({ items: '2' })])).toEqual([
      {
        kind: 'attribute-type',
        severity: 'error',
        index: 0,
        pointer: '/0/attributes/items',
        expected: 'an integer',
        actual: '"2"',
        message: 'event 1 (/0/attributes/items): expected an integer, saw "2"',
      },
    ]);
  });

  it('reports an attribute the plan does not list, where it closes the attributes, as attribute-unknown (a warning by default)', () => {
    expect(violationsOf([purchase({ referrer: 'ad' })])).toEqual([
      {
        kind: 'attribute-unknown',
        severity: 'warning',
        index: 0,
        pointer: '/0/attributes/referrer',
        expected: 'only the attributes spend, currency, items, coupon, email and seats',
        actual: '"ad"',
        message:
          'event 1 (/0/attributes/referrer): not planned for "purchase" events, which take only the attributes spend, currency, items, coupon, email and seats',
      },
    ]);
  });

  it('reports unevaluatedProperties and a property the plan forbids as attribute-unknown too', () => {
    const plan: TrackingPlan = { name: 'p', events: { a: { attributes: { properties: { old: false }, unevaluatedProperties: false } } } };
    expect(
      violationsOf([{ token: 'a', attributes: { old: 1, extra: 2 } }], plan).map((violation) => [
        violation.kind,
        violation.pointer,
        violation.expected,
        violation.message,
      ]),
    ).toEqual([
      ['attribute-unknown', '/0/attributes/old', 'nothing: the plan forbids it', 'event 1 (/0/attributes/old): not allowed in "a" events: the plan forbids it'],
      ['attribute-unknown', '/0/attributes/extra', 'no attributes', 'event 1 (/0/attributes/extra): not planned for "a" events, which take no attributes'],
    ]);
  });

  it.each([
    ['an enum (through $ref)', { currency: 'YEN' }, '/0/attributes/currency', 'one of "EUR", "USD", "GBP"', '"YEN"'],
    ['a pattern', { spend: '12.5' }, '/0/attributes/spend', 'a string matching ^\\d+\\.\\d{2}$', '"12.5"'],
    ['a minimum', { items: -1 }, '/0/attributes/items', 'a number at least 0', '-1'],
    ['a minimum length', { coupon: 'AB' }, '/0/attributes/coupon', 'a string of at least 3 characters', '"AB"'],
    ['a maximum length', { coupon: 'ABCDEFGHIJKLM' }, '/0/attributes/coupon', 'a string of at most 12 characters', '"ABCDEFGHIJKLM"'],
    ['a format', { email: 'not-an-email' }, '/0/attributes/email', 'an email address', '"not-an-email"'],
    ['every branch of an anyOf, as one violation', { seats: 'three' }, '/0/attributes/seats', 'an integer or a string matching ^\\d+$', '"three"'],
  ])('reports a value breaking %s as attribute-value', (_name, attributes, pointer, expected, actual) => {
    expect(violationsOf([purchase(attributes)])).toEqual([
      { kind: 'attribute-value', severity: 'error', index: 0, pointer, expected, actual, message: `event 1 (${pointer}): expected ${expected}, saw ${actual}` },
    ]);
  });

  it("reports a field breaking the kind's fields schema as field-value, checked on the event without its attributes", () => {
    expect(violationsOf([purchase({}, { svc_id: 8 })])).toEqual([
      {
        kind: 'field-value',
        severity: 'error',
        index: 0,
        pointer: '/0/svc_id',
        expected: 'exactly 7',
        actual: '8',
        message: 'event 1 (/0/svc_id): expected exactly 7, saw 8',
      },
    ]);
    const closed: TrackingPlan = { name: 'p', events: { a: { fields: { properties: { token: {}, svc_id: {} }, additionalProperties: false } } } };
    expect(violationsOf([{ token: 'a', attributes: { x: '1' }, svc_id: 7 }], closed)).toEqual([]);
  });

  it('reports every break of one event, in the order the schema lists them', () => {
    expect(
      violationsOf([{ token: 'purchase', attributes: { spend: 12.5, currency: 'YEN', extra: true }, svc_id: 8 }]).map((violation) => [
        violation.kind,
        violation.pointer,
      ]),
    ).toEqual([
      ['attribute-unknown', '/0/attributes/extra'],
      ['attribute-type', '/0/attributes/spend'],
      ['attribute-value', '/0/attributes/currency'],
      ['field-value', '/0/svc_id'],
    ]);
  });

  it('leaves out events that are no object: the batch checks report those', () => {
    expect(violationsOf([3, null, ['purchase']])).toEqual([]);
  });

  it('takes severities from the plan over the defaults, unplanned over both, and drops kinds turned off', () => {
    const plan: TrackingPlan = {
      ...SHOP,
      unplanned: 'warning',
      severity: { 'unplanned-event': 'off', 'attribute-unknown': 'error', 'attribute-value': 'off' },
    };
    expect(planSeverities(plan)).toMatchObject({
      'unplanned-event': 'warning',
      'attribute-unknown': 'error',
      'attribute-value': 'off',
      'attribute-missing': 'error',
    });
    expect(violationsOf([{ token: 'nope' }, purchase({ currency: 'YEN', extra: 1 })], plan).map((violation) => [violation.kind, violation.severity])).toEqual([
      ['unplanned-event', 'warning'],
      ['attribute-unknown', 'error'],
    ]);
  });

  it('reports up to the cap per event and per batch, and counts the rest with their errors', () => {
    const plan = compiled(SHOP);
    const broken = purchase({ spend: 1, currency: 2, items: 'x', coupon: 4 });
    const perEvent = checkEvents([broken, broken], plan, { perEvent: 2, perBatch: 100 });
    expect(perEvent.violations.map((violation) => [violation.index, violation.pointer])).toEqual([
      [0, '/0/attributes/spend'],
      [0, '/0/attributes/currency'],
      [1, '/1/attributes/spend'],
      [1, '/1/attributes/currency'],
    ]);
    expect([perEvent.unreported, perEvent.unreportedErrors]).toEqual([4, 4]);
    const perBatch = checkEvents([broken, purchase({ extra: 1 }), { token: 'nope' }], plan, { perEvent: 10, perBatch: 3 });
    expect(perBatch.violations).toHaveLength(3);
    expect([perBatch.unreported, perBatch.unreportedErrors]).toEqual([3, 2]);
  });

  it('takes any validator shaped like an Ajv ValidateFunction, such as standalone code', () => {
    const attributes: SchemaValidator = Object.assign((data: unknown) => {
      attributes.errors =
        (data as { plan?: string }).plan === 'pro'
          ? null
          : [{ keyword: 'const', instancePath: '/plan', schemaPath: '#/properties/plan/const', params: { allowedValue: 'pro' } }];
      return !attributes.errors;
    });
    const plan: CheckablePlan = { plan: { name: 'p', events: { a: {} } }, kinds: new Map([['a', { attributes }]]) };
    expect(
      checkEvents(
        [
          { token: 'a', attributes: { plan: 'pro' } },
          { token: 'a', attributes: { plan: 'free' } },
        ],
        plan,
      ).violations,
    ).toMatchObject([{ kind: 'attribute-value', pointer: '/1/attributes/plan', message: 'event 2 (/1/attributes/plan): expected exactly "pro", saw "free"' }]);
  });
});
