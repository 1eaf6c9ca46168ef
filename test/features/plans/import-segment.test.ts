import { describe, expect, it } from 'vitest';
import { importSegment } from '../../../features/plans/common/import-segment.ts';
import { compileAttributes, fixtureFiles, succeeded } from './plan-support.ts';

/** Import from Segment Protocols' Public API rules, on a fixture written in the documented shape. */

describe('import from a Segment tracking plan', () => {
  it('makes each TRACK rule in use a kind, its latest version, its properties the attributes', () => {
    const result = succeeded(importSegment(fixtureFiles('segment-rules.json')));
    expect(result.plan).toEqual({
      name: 'Imported Segment tracking plan',
      key: 'token',
      events: {
        'Order Completed': {
          description: 'Who bought what.',
          attributes: {
            type: 'object',
            properties: {
              spend: { description: 'What was paid, as a decimal text.', type: ['string'], pattern: '^[0-9]+\\.[0-9]{2}$' },
              currency: { $ref: '#/$defs/currency' },
            },
            required: ['spend', 'currency'],
          },
        },
        'Product Viewed': {
          attributes: {
            type: 'object',
            properties: { sku: { type: ['string'], description: "The product's stock-keeping unit." }, price: { type: ['string'] } },
            required: ['sku'],
          },
        },
      },
      $defs: { currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] } },
    });
    expect(result.notes).toEqual([
      "Left out 2 rules of type COMMON, IDENTIFY: a plan describes kinds of event, which Segment's TRACK rules name.",
      'Left out 1 deprecated rule.',
    ]);
    const order = compileAttributes(result.plan, 'Order Completed');
    expect(order({ spend: '10.00', currency: 'GBP' })).toBe(true);
    expect(order({ spend: '10', currency: 'GBP' })).toBe(false);
  });

  it('takes the name and key given, and reads several pages of one answer', () => {
    const page = (key: string) => ({
      name: `${key}.json`,
      text: JSON.stringify({ data: { rules: [{ type: 'TRACK', key, version: 1, jsonSchema: { properties: { properties: {} } } }] } }),
    });
    const result = importSegment([page('a'), page('b')], { name: 'Shop', key: 'event_name' });
    expect(result).toMatchObject({ ok: true, plan: { name: 'Shop', key: 'event_name', events: { a: { attributes: {} }, b: { attributes: {} } } } });
  });

  it.each([
    ['{"data": {"tracking_plans": []}}', /^tp\.json is not a Segment tracking plan export: no "rules" array/],
    ['{"rules": {"events": []}}', /^tp\.json is not a Segment tracking plan export: no "rules" array/],
    ['{"rules": [{"type": "TRACK", "key": "A"}]}', /^rule 1 of tp\.json is a TRACK rule without a "key" or a "jsonSchema" object\.$/],
    ['{"rules": [{"key": "A"}]}', /^rule 1 of tp\.json is not a Segment rule: expected "type", "key" and "jsonSchema"\.$/],
    ['{"rules": [{"type": "IDENTIFY", "jsonSchema": {}}]}', /^tp\.json: no TRACK rule in use, so no event to plan\.$/],
    ['[1, 2', /^tp\.json is not valid JSON at line 1, column 6/],
  ])('refuses %s with a message saying what was expected', (text, message) => {
    expect(importSegment([{ name: 'tp.json', text }])).toEqual({ ok: false, message: expect.stringMatching(message) });
  });
});
