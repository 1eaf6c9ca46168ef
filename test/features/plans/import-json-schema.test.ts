import { describe, expect, it } from 'vitest';
import { importJsonSchemas } from '../../../features/plans/common/import-json-schema.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { compileAttributes, fixtureFiles, succeeded } from './plan-support.ts';

/** Import from one JSON Schema per event (a folder, a list) and from Avo's export, on fixtures written in the documented shapes. */

function imported(...names: string[]): { plan: TrackingPlan; notes: string[] } {
  const result = succeeded(importJsonSchemas(fixtureFiles(...names), { name: 'Webshop' }));
  return result;
}

describe('import from JSON Schemas, one per event', () => {
  it('keys each schema by its title, the const of its event property, or else its file name', () => {
    const { plan } = imported('json-schema');
    expect(Object.keys(plan.events)).toEqual(['Checkout Completed', 'Signed Up', 'search-performed']);
    expect(plan).toMatchObject({ name: 'Webshop', key: 'token' });
  });

  it('keeps descriptions, and adapts draft-07 to 2020-12: definitions to the plan’s $defs, tuple items, dependencies, boolean exclusive bounds', () => {
    const { plan } = imported('json-schema');
    expect(plan.$defs).toEqual({ currency: { description: 'ISO 4217 code of the currency paid in.', type: 'string', enum: ['EUR', 'USD', 'GBP'] } });
    expect(plan.events['Checkout Completed']).toEqual({
      description: 'The customer paid for the basket.',
      attributes: {
        type: 'object',
        properties: {
          spend: { description: 'What was paid, as a decimal text.', type: 'string', pattern: '^[0-9]+\\.[0-9]{2}$' },
          currency: { $ref: '#/$defs/currency' },
          coupon: { description: 'The coupon used, if any.', type: ['string', 'null'], maxLength: 32 },
          items: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
        },
        required: ['spend', 'currency'],
        additionalProperties: false,
      },
    });
    // The event's properties sit under "properties" of a whole-event schema; the name property is not an attribute.
    expect(plan.events['Signed Up']?.attributes).toEqual({
      type: 'object',
      properties: { plan: { type: 'string', enum: ['free', 'pro'], description: 'The plan chosen at sign-up.' }, referrer: { type: 'string', format: 'uri' } },
      required: ['plan'],
      dependentRequired: { referrer: ['plan'] },
    });
    expect(plan.events['search-performed']?.attributes).toMatchObject({ properties: { results: { type: 'integer', minimum: 0, exclusiveMaximum: 1000 } } });
  });

  it('gives schemas that a strict 2020-12 validator compiles and that judge attributes as the source meant', () => {
    const { plan } = imported('json-schema');
    const checkout = compileAttributes(plan, 'Checkout Completed');
    expect(checkout({ spend: '19.99', currency: 'EUR', items: ['sku-1', 2] })).toBe(true);
    expect(checkout({ spend: '19.99', currency: 'CHF' })).toBe(false);
    expect(checkout({ spend: '19.99', currency: 'EUR', items: ['sku-1', 2, 'extra'] })).toBe(false);
    const search = compileAttributes(plan, 'search-performed');
    expect(search({ query: 'shoes', results: 999 })).toBe(true);
    expect(search({ query: 'shoes', results: 1000 })).toBe(false);
    expect(compileAttributes(plan, 'Signed Up')({ plan: 'pro', referrer: 'https://example.test/' })).toBe(true);
  });

  it('reads Avo’s export, leaving out its keywords that are not JSON Schema', () => {
    const result = succeeded(importJsonSchemas(fixtureFiles('avo-export.json')));
    expect(result.plan.name).toBe('Webshop Tracking Plan:main');
    expect(result.notes).toEqual(['Left out keywords that are not JSON Schema: nameMapping.']);
    expect(result.plan.events['Checkout Completed']).toEqual({
      description: 'The customer paid for the basket.',
      attributes: {
        type: 'object',
        properties: {
          spend: { description: 'What was paid, as a decimal text.', type: 'string' },
          currency: { description: 'ISO 4217 code of the currency paid in.', type: 'string', enum: ['EUR', 'USD', 'GBP'] },
        },
        additionalProperties: false,
        required: ['spend', 'currency'],
      },
    });
    // An empty description is no description.
    expect(result.plan.events['Signed Up']).not.toHaveProperty('description');
    expect(compileAttributes(result.plan, 'Checkout Completed')({ spend: '5.00', currency: 'USD', coupon: 'x' })).toBe(false);
  });

  it('names apart two documents’ definitions of one name that differ, and keeps one that is the same', () => {
    const schema = (title: string, currencies: string[]) => ({
      name: `${title}.json`,
      text: JSON.stringify({
        title,
        type: 'object',
        properties: { currency: { $ref: '#/definitions/currency' } },
        definitions: { currency: { enum: currencies } },
      }),
    });
    const result = succeeded(importJsonSchemas([schema('A', ['EUR']), schema('B', ['USD']), schema('C', ['EUR'])]));
    expect(result.plan.$defs).toEqual({ currency: { enum: ['EUR'] }, currency_2: { enum: ['USD'] } });
    expect(Object.values(result.plan.events).map((event) => (event.attributes as { properties: { currency: unknown } }).properties.currency)).toEqual([
      { $ref: '#/$defs/currency' },
      { $ref: '#/$defs/currency_2' },
      { $ref: '#/$defs/currency' },
    ]);
  });

  it.each([
    [{ name: 'a.json', text: '{"title": "A", "type": "object",}' }, /^a\.json is not valid JSON at line 1, column 33/],
    [{ name: 'a.json', text: '' }, /^a\.json is empty\.$/],
    [{ name: 'a.json', text: '{"rules": []}' }, /^a\.json is not a JSON Schema of one event \(an object with "properties"\), a list of them, or Avo's export/],
    [{ name: 'list.json', text: '[{"type": "object"}]' }, /^schema 1 of list\.json names no event: give it a "title" or a "const" on its "event" property\.$/],
    [{ name: 'avo.json', text: '{"events": [{"name": "A"}]}' }, /^event 1 of avo\.json is not an Avo event: expected "name" and "rules"/],
    [{ name: 'avo.json', text: '{"events": [{"name": "", "rules": {}}]}' }, /^event 1 of avo\.json is not an Avo event: expected "name" and "rules"/],
    [
      { name: 'a.json', text: '{"title": "A", "properties": {"x": {"$ref": "#/properties/y"}}}' },
      /^a\.json, event "A", properties "x": \$ref "#\/properties\/y" points to no definition at the root of its document/,
    ],
    [{ name: 'a.json', text: '{"title": "A", "properties": {"x": 3}}' }, /properties "x": a schema must be an object or true\/false/],
    [{ name: 'avo.json', text: '{"events": []}' }, /^avo\.json describes no event\.$/],
  ])('refuses %j with a message saying what was expected', (file, message) => {
    expect(importJsonSchemas([file])).toEqual({ ok: false, message: expect.stringMatching(message) });
  });

  it('keeps an event, a definition and a dependency named __proto__ as their own entries', () => {
    const text =
      '{"title": "__proto__", "properties": {"a": {"$ref": "#/definitions/__proto__"}}, "dependencies": {"__proto__": ["a"]}, "definitions": {"__proto__": {"type": "string"}}}';
    const { plan } = succeeded(importJsonSchemas([{ name: 'odd.json', text }]));
    expect(Object.keys(plan.events)).toEqual(['__proto__']);
    expect(Object.keys(plan.$defs!)).toEqual(['__proto__']);
    expect(Object.keys((plan.events.__proto__!.attributes as { dependentRequired: object }).dependentRequired)).toEqual(['__proto__']);
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
  });

  it('refuses two schemas of one event, naming both files', () => {
    const file = (name: string) => ({ name, text: '{"title": "Same", "type": "object"}' });
    expect(importJsonSchemas([file('a.json'), file('b.json')])).toEqual({
      ok: false,
      message: 'The event "Same" is described twice: in a.json and in b.json.',
    });
  });
});
