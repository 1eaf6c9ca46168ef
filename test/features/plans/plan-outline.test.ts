import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outlinePlan } from '../../../features/plans/common/plan-outline.ts';

/** What the draft dialog shows of a plan's text: kinds, attributes, required, expectations in words. */

const SHOP = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/plans/shop.plan.json'), 'utf8');

describe('the outline of a plan', () => {
  it('lists each kind with its attributes, required ones marked, what each expects in words, a $ref followed', () => {
    expect(outlinePlan(SHOP)).toEqual({
      ok: true,
      name: 'shop',
      key: 'token',
      kinds: [
        {
          key: 'purchase',
          description: 'A completed checkout',
          closed: true,
          attributes: [
            { name: 'spend', required: true, expects: 'a string matching ^\\d+\\.\\d{2}$' },
            { name: 'currency', required: true, expects: 'one of "EUR", "USD", "GBP"' },
          ],
        },
      ],
    });
  });

  it('shows what an inferred plan says: types, formats, an attribute required but not listed, an open kind', () => {
    const plan = {
      name: 'Draft plan',
      key: 'event_name',
      events: {
        signup: {
          attributes: {
            type: 'object',
            required: ['at', 'referrer'],
            properties: { at: { type: 'string', format: 'date-time' }, age: { type: ['integer', 'null'] } },
          },
        },
        typing: 3,
      },
    };
    const outline = outlinePlan(JSON.stringify(plan));
    expect(outline).toMatchObject({ ok: true, key: 'event_name' });
    if (!outline.ok) return;
    expect(outline.kinds[0]).toEqual({
      key: 'signup',
      description: null,
      closed: false,
      attributes: [
        { name: 'at', required: true, expects: 'a string in the date-time format' },
        { name: 'age', required: false, expects: 'an integer or null' },
        { name: 'referrer', required: true, expects: 'any value' },
      ],
    });
    expect(outline.kinds[1]).toEqual({ key: 'typing', description: null, closed: false, attributes: [] });
  });

  it('says why a text being edited is no plan yet', () => {
    expect(outlinePlan('{ "name": ')).toEqual({ ok: false, reason: 'The text is not JSON as it stands.' });
    expect(outlinePlan('{ "name": "x", "events": [] }')).toEqual({ ok: false, reason: 'The text has no "events" object, so it is no plan.' });
  });
});
