import { describe, expect, it } from 'vitest';
import { importRudderStack } from '../../../features/plans/common/import-rudderstack.ts';
import { compileAttributes, fixtureFiles, succeeded } from './plan-support.ts';

/** Import from a RudderStack tracking plan as the Data Catalog API gives it, on a fixture written in the documented shape. */

describe('import from a RudderStack tracking plan', () => {
  it('makes each track event a kind, its properties the attributes, and names the plan as RudderStack does', () => {
    const result = succeeded(importRudderStack(fixtureFiles('rudderstack-tracking-plan.json')));
    expect(result.plan).toMatchObject({ name: 'Webshop plan', key: 'token' });
    expect(Object.keys(result.plan.events)).toEqual(['Order Completed']);
    expect(result.plan.events['Order Completed']?.description).toBe('Who bought what.');
    expect(result.plan.events['Order Completed']?.attributes).toEqual({
      type: 'object',
      properties: {
        spend: { type: ['string'], description: 'What was paid, as a decimal text.' },
        currency: { type: ['string'], enum: ['EUR', 'USD', 'GBP'] },
        items: { type: ['array'], items: { type: ['object'], properties: { sku: { type: ['string'] } }, additionalProperties: false } },
      },
      required: ['spend', 'currency'],
      additionalProperties: false,
    });
    expect(result.plan).not.toHaveProperty('$defs');
    expect(result.notes).toEqual(["Left out 1 event of type identify: a plan describes kinds of event, which RudderStack's track events name."]);
    const order = compileAttributes(result.plan, 'Order Completed');
    expect(order({ spend: '1.00', currency: 'EUR', items: [{ sku: 'a' }] })).toBe(true);
    expect(order({ spend: '1.00', currency: 'EUR', items: [{ sku: 'a', colour: 'red' }] })).toBe(false);
  });

  it('reads one event as ?format=schema gives it, or a list of them', () => {
    const event = {
      name: 'Signed Up',
      eventType: 'track',
      identitySection: 'properties',
      rules: { type: 'object', properties: { properties: { type: 'object', properties: { plan: { type: ['string'] } } } } },
    };
    expect(importRudderStack([{ name: 'one.json', text: JSON.stringify(event) }])).toMatchObject({
      ok: true,
      plan: { events: { 'Signed Up': { attributes: { properties: { plan: { type: ['string'] } } } } } },
    });
    expect(importRudderStack([{ name: 'list.json', text: JSON.stringify([event]) }])).toMatchObject({
      ok: true,
      plan: { name: 'Imported RudderStack tracking plan' },
    });
  });

  it.each([
    ['{"trackingPlans": []}', /^tp\.json is not a RudderStack tracking plan export: no "events" list/],
    ['{"name": "P", "events": [{"name": "A", "eventType": "track"}]}', /^event 1 of tp\.json \("A"\) has no "rules": export each event with \?format=schema/],
    ['{"name": "P", "events": [{"eventType": "track", "rules": {}}]}', /^event 1 of tp\.json is a track event without a "name"\.$/],
    ['{"name": "P", "events": [{"name": "", "eventType": "page", "rules": {}}]}', /^tp\.json: no track event, so no event to plan\.$/],
    ['', /^tp\.json is empty\.$/],
  ])('refuses %s with a message saying what was expected', (text, message) => {
    expect(importRudderStack([{ name: 'tp.json', text }])).toEqual({ ok: false, message: expect.stringMatching(message) });
  });
});
