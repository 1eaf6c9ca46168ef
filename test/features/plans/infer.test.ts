import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { INFER_LIMITS, inferPlan } from '../../../features/plans/common/infer.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { validEvent } from '../../fixtures/events.ts';

/** A draft plan inferred from events: what it says of each kind, and that it accepts the events it came from. */

const CURRENCIES = ['EUR', 'USD', 'GBP'];

/** 25 purchases and 3 sign-ups, as a QA tester's batch would carry them. */
function batch(): Record<string, unknown>[] {
  const purchases = Array.from({ length: 25 }, (_, index) =>
    validEvent({
      token: 'purchase',
      attributes: {
        spend: `${index + 1}.99`,
        currency: CURRENCIES[index % 3],
        email: `buyer${index}@example.test`,
        order_id: `1b4e28ba-2fa1-41d2-883f-${String(index).padStart(12, '0')}`,
        paid_at: `2026-11-${String((index % 28) + 1).padStart(2, '0')}T10:00:00Z`,
        quantity: index % 4,
        ...(index % 2 === 0 ? { coupon: index === 0 ? null : `SAVE${index}` } : {}),
      },
    }),
  );
  const signups = ['free', 'pro', 'free'].map((plan) => validEvent({ token: 'signup', attributes: { plan } }));
  return [...signups, ...purchases];
}

function validatorOf(plan: TrackingPlan) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return (event: Record<string, unknown>) => ajv.compile(plan.events[event.token as string]!.attributes as object)(event.attributes);
}

describe('inferring a draft plan', () => {
  it('names each kind with its attributes’ types, enums, formats, the decimal pattern, required and closed, sorted', () => {
    const { plan, events, planned, notes } = inferPlan(batch(), { name: 'Shop draft' });
    expect({ events, planned, notes }).toEqual({ events: 28, planned: 28, notes: [] });
    expect(JSON.stringify(plan, null, 2)).toBe(
      JSON.stringify(
        {
          name: 'Shop draft',
          key: 'token',
          events: {
            purchase: {
              attributes: {
                type: 'object',
                properties: {
                  coupon: { type: ['null', 'string'] },
                  currency: { type: 'string', enum: ['EUR', 'GBP', 'USD'] },
                  email: { type: 'string', format: 'email' },
                  order_id: { type: 'string', format: 'uuid' },
                  paid_at: { type: 'string', format: 'date-time' },
                  quantity: { type: 'integer', enum: [0, 1, 2, 3] },
                  spend: { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' },
                },
                required: ['currency', 'email', 'order_id', 'paid_at', 'quantity', 'spend'],
                additionalProperties: false,
              },
            },
            // Three events say too little for an enum.
            signup: { attributes: { type: 'object', properties: { plan: { type: 'string' } }, required: ['plan'], additionalProperties: false } },
          },
        },
        null,
        2,
      ),
    );
  });

  it('accepts every event it was inferred from, and reports a changed one', () => {
    const events = batch();
    const { plan } = inferPlan(events);
    const conforms = validatorOf(plan);
    for (const event of events) expect(conforms(event), JSON.stringify(event)).toBe(true);
    const purchase = events[3]!;
    const changed = (attributes: Record<string, unknown>) => ({ ...purchase, attributes });
    const { currency: _currency, ...withoutCurrency } = purchase.attributes as Record<string, unknown>;
    expect(conforms(changed({ ...(purchase.attributes as object), currency: 'CHF' }))).toBe(false);
    expect(conforms(changed({ ...(purchase.attributes as object), spend: 'a lot' }))).toBe(false);
    expect(conforms(changed({ ...(purchase.attributes as object), email: 'nobody' }))).toBe(false);
    expect(conforms(changed({ ...(purchase.attributes as object), quantity: '2' }))).toBe(false);
    expect(conforms(changed({ ...(purchase.attributes as object), gift: 'yes' }))).toBe(false);
    expect(conforms(changed(withoutCurrency))).toBe(false);
  });

  it('gives no enum past the distinct values allowed, nor for booleans, and widens integer to number', () => {
    const events = Array.from({ length: 30 }, (_, index) =>
      validEvent({
        token: 'view',
        attributes: { page: `p${index % (INFER_LIMITS.enumValues + 1)}`, fresh: index % 2 === 0, ratio: index === 7 ? 0.5 : index },
      }),
    );
    expect(inferPlan(events).plan.events.view?.attributes).toMatchObject({
      properties: { page: { type: 'string' }, fresh: { type: 'boolean' }, ratio: { type: 'number' } },
    });
    expect(JSON.stringify(inferPlan(events).plan)).not.toContain('enum');
  });

  it('keys kinds by the field asked for, and says how many events had no key', () => {
    const events = [validEvent({ kind: 'a' }), validEvent({ kind: 'b' }), validEvent({ kind: 7 }), validEvent(), 'not an event'];
    const inferred = inferPlan(events, { key: 'kind' });
    expect(Object.keys(inferred.plan.events)).toEqual(['a', 'b']);
    expect(inferred.plan.key).toBe('kind');
    expect(inferred).toMatchObject({
      events: 5,
      planned: 2,
      notes: [
        '2 events had no "kind" (the first: event 4), so no kind: left out.',
        '1 event had "kind" but not as a non-empty text (event 3 has 7), so no kind: left out.',
      ],
    });
  });

  it('plans a kind and an attribute named __proto__ like any other', () => {
    const events = JSON.parse('[{"token": "__proto__", "attributes": {"__proto__": "x"}}]') as unknown[];
    const { plan } = inferPlan(events);
    expect(Object.keys(plan.events)).toEqual(['__proto__']);
    expect(Object.keys((plan.events.__proto__!.attributes as { properties: object }).properties)).toEqual(['__proto__']);
  });

  it('gives the same plan whatever the order of the events', () => {
    const events = batch();
    expect(JSON.stringify(inferPlan([...events].reverse()).plan)).toBe(JSON.stringify(inferPlan(events).plan));
  });

  it('stays bounded on 100 000 events whose every token differs: kinds past the limit are counted and left out', () => {
    const events = (function* () {
      for (let index = 0; index < 100_000; index++) yield { token: `t${index}`, attributes: { note: `value ${index}` } };
    })();
    const inferred = inferPlan(events);
    expect(Object.keys(inferred.plan.events)).toHaveLength(INFER_LIMITS.kinds);
    expect(inferred).toMatchObject({ events: 100_000, planned: INFER_LIMITS.kinds });
    expect(inferred.notes).toEqual(['99,000 events of kinds past the first 1,000 kinds: left out.']);
  });

  it('leaves a kind open when its attributes pass the limit, so the events it came from still conform', () => {
    const events = [validEvent({ token: 'a', attributes: { x: '1', y: '2' } }), validEvent({ token: 'b', attributes: { z: '3' } })];
    const inferred = inferPlan(events, { limits: { attributes: 2 } });
    expect(inferred.plan.events.a?.attributes).toEqual({
      type: 'object',
      properties: { x: { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' }, y: { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]+)?$' } },
      required: ['x', 'y'],
      additionalProperties: false,
    });
    expect(inferred.plan.events.b?.attributes).toEqual({ type: 'object', properties: {} });
    expect(inferred.notes).toEqual(['Past 2 attributes in all, 1 kind (b) left open to attributes not listed.']);
    const conforms = validatorOf(inferred.plan);
    for (const event of events) expect(conforms(event)).toBe(true);
  });
});
