import { describe, expect, it } from 'vitest';
import { batchJsonSchema } from '../../../features/validation/common/event-schema.ts';
import { batchSchemaWithPlan, eventGuide, startingAttributes } from '../../../features/plans/common/editor-schema.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';

const shop: TrackingPlan = {
  name: 'shop',
  events: {
    purchase: {
      description: 'A completed checkout',
      attributes: {
        type: 'object',
        required: ['spend', 'currency'],
        properties: { spend: { type: 'string' }, currency: { $ref: '#/$defs/currency' }, coupon: { type: 'string' } },
      },
      fields: { properties: { svc_id: { const: 7 } } },
    },
    signup: { attributes: { type: 'object', required: ['plan'], properties: { plan: { const: 'free' } } } },
    ping: {},
  },
  $defs: { currency: { enum: ['EUR', 'USD', 'GBP'] } },
};

describe('the editor schema of a plan', () => {
  it('is the batch schema unchanged without a plan', () => {
    const batch = batchJsonSchema('svc_id', 'UTC');
    expect(batchSchemaWithPlan(batch, null)).toBe(batch);
  });

  it('offers the kinds with their descriptions, and per kind its attributes and fields, with the plan’s $defs', () => {
    const schema = batchSchemaWithPlan(batchJsonSchema('svc_id', 'UTC'), shop) as {
      items: { properties: Record<string, Record<string, unknown>>; allOf: unknown[] };
      $defs: unknown;
    };
    expect(schema.items.properties.token).toMatchObject({
      type: 'string',
      enum: ['ping', 'purchase', 'signup'],
      enumDescriptions: ['', 'A completed checkout', ''],
    });
    expect(schema.items.allOf).toContainEqual({
      if: { properties: { token: { const: 'purchase' } }, required: ['token'] },
      then: { properties: { svc_id: { const: 7 }, attributes: { ...(shop.events.purchase!.attributes as object), description: 'A completed checkout' } } },
    });
    expect(schema.items.allOf).toContainEqual({ if: { properties: { token: { const: 'ping' } }, required: ['token'] }, then: { properties: {} } });
    expect(schema.$defs).toBe(shop.$defs);
  });

  it('keys the kinds by the plan’s key field', () => {
    const schema = batchSchemaWithPlan(batchJsonSchema('svc_id', 'UTC'), { ...shop, key: 'customer_id' }) as {
      items: { properties: Record<string, Record<string, unknown>> };
    };
    expect(schema.items.properties.customer_id!.enum).toEqual(['ping', 'purchase', 'signup']);
    expect(schema.items.properties.token!.enum).toBeUndefined();
  });

  it('keys the kinds by a field inside another when the key has dots, keeping what the batch schema says of the fields on the way', () => {
    const batch = batchJsonSchema('svc_id', 'UTC') as { items: { properties: Record<string, Record<string, unknown>> } };
    const schema = batchSchemaWithPlan(batch, { ...shop, key: 'attributes.screen' }) as {
      items: { properties: Record<string, { properties: Record<string, Record<string, unknown>> }>; allOf: unknown[] };
    };
    expect(schema.items.properties.attributes).toMatchObject({
      ...batch.items.properties.attributes,
      properties: { screen: { type: 'string', enum: ['ping', 'purchase', 'signup'] } },
    });
    expect(schema.items.allOf).toContainEqual({
      if: { properties: { attributes: { properties: { screen: { const: 'ping' } }, required: ['screen'] } }, required: ['attributes'] },
      then: { properties: {} },
    });
  });
});

describe('a new event of a kind', () => {
  it('starts with the attributes the kind requires, each with the values the plan lists', () => {
    expect(startingAttributes(shop, 'purchase')).toEqual([
      { name: 'spend', choices: null },
      { name: 'currency', choices: ['EUR', 'USD', 'GBP'] },
    ]);
    expect(startingAttributes(shop, 'signup')).toEqual([{ name: 'plan', choices: ['free'] }]);
    expect(startingAttributes(shop, 'ping')).toEqual([]);
    expect(startingAttributes(shop, 'unknown')).toEqual([]);
  });
});

describe('an event’s kind in the Form view', () => {
  it('is what the plan says of the kind its key names: each planned attribute, required or not, with its listed values', () => {
    expect(eventGuide(shop, { token: 'purchase' })).toEqual({
      kind: 'purchase',
      description: 'A completed checkout',
      attributes: [
        { name: 'spend', required: true, choices: null, description: null },
        { name: 'currency', required: true, choices: ['EUR', 'USD', 'GBP'], description: null },
        { name: 'coupon', required: false, choices: null, description: null },
      ],
    });
    expect(eventGuide({ ...shop, key: 'customer_id' }, { token: 'purchase', customer_id: 'signup' })?.kind).toBe('signup');
  });

  it('is nothing for an event of no planned kind, or without a key', () => {
    expect(eventGuide({ ...shop, key: 'attributes.screen' }, { token: 'x', attributes: { screen: 'signup' } })?.kind).toBe('signup');
    expect(eventGuide(shop, { token: 'refund' })).toBeNull();
    expect(eventGuide(shop, { token: 7 })).toBeNull();
    expect(eventGuide(shop, {})).toBeNull();
    expect(eventGuide(shop, { token: 'constructor' })).toBeNull();
  });
});
