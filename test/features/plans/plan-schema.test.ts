import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import planSchema from '../../../docs/plan.schema.json' with { type: 'json' };
import { VIOLATION_KINDS } from '../../../features/plans/common/plan.ts';

/**
 * docs/plan.schema.json, the schema editors complete a plan with, checked with Ajv (not with our
 * own loader): the guide's example plan (docs/guide/tracking-plans.md) and the test fixtures fit it, and bad plans do not.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const ajv = new Ajv2020({ allErrors: true, strict: true });
const fitsPlanSchema = ajv.compile(planSchema);

function guideExample(): unknown {
  const guide = readFileSync(path.join(root, 'docs', 'guide', 'tracking-plans.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## The plan format'));
  return JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
}

const fixtures = path.join(root, 'test/fixtures/plans');
const fixtureFiles = readdirSync(fixtures).filter((file) => file.endsWith('.plan.json'));

const purchase = { attributes: { type: 'object', properties: { spend: { type: 'string' } } } };

describe('docs/plan.schema.json', () => {
  it('is a valid draft 2020-12 schema, strict mode included', () => {
    expect(ajv.validateSchema(planSchema)).toBe(true);
  });

  it("fits the guide's example plan", () => {
    const example = guideExample();
    expect(fitsPlanSchema(example), JSON.stringify(fitsPlanSchema.errors)).toBe(true);
    expect(example).toMatchObject({ events: { purchase: { attributes: { required: ['spend', 'currency'] } } } });
  });

  it.each(fixtureFiles)('fits the fixture %s', (file) => {
    expect(fitsPlanSchema(JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'))), JSON.stringify(fitsPlanSchema.errors)).toBe(true);
  });

  it('names every kind of violation in its severity map, and describes every property for completion', () => {
    const severity = planSchema.properties.severity.properties;
    expect(Object.keys(severity).sort()).toEqual([...VIOLATION_KINDS].sort());
    for (const [name, property] of [
      ...Object.entries(planSchema.properties),
      ...Object.entries(severity),
      ...Object.entries(planSchema.$defs.plannedEvent.properties),
    ]) {
      expect(property, name).toHaveProperty('description');
    }
  });

  it.each([
    ['no name', { events: {} }, '', 'required'],
    ['no events', { name: 'shop' }, '', 'required'],
    ['an empty name', { name: '', events: {} }, '/name', 'minLength'],
    ['a key of its own it does not know', { name: 'shop', events: {}, owner: 'me' }, '', 'additionalProperties'],
    ['events that are a list', { name: 'shop', events: [purchase] }, '/events', 'type'],
    ['an unknown severity', { name: 'shop', events: {}, severity: { 'attribute-value': 'fatal' } }, '/severity/attribute-value', 'enum'],
    ['a severity for no kind of violation', { name: 'shop', events: {}, severity: { 'attribute-typo': 'off' } }, '/severity', 'additionalProperties'],
    ['unplanned that is not a severity', { name: 'shop', events: {}, unplanned: true }, '/unplanned', 'enum'],
    ['a kind with a misspelt part', { name: 'shop', events: { purchase: { atributes: {} } } }, '/events/purchase', 'additionalProperties'],
    ['a kind that is not an object', { name: 'shop', events: { purchase: 'spend' } }, '/events/purchase', 'type'],
    ['attributes that are no schema', { name: 'shop', events: { purchase: { attributes: 'spend' } } }, '/events/purchase/attributes', 'type'],
    [
      'an unknown type in a schema',
      { name: 'shop', events: { purchase: { attributes: { properties: { spend: { type: 'strin' } } } } } },
      '/events/purchase/attributes/properties/spend/type',
      'enum',
    ],
    ['a definition that is no schema', { name: 'shop', events: {}, $defs: { currency: 3 } }, '/$defs/currency', 'type'],
  ])('refuses a plan with %s', (_name, plan, instancePath, keyword) => {
    expect(fitsPlanSchema(plan)).toBe(false);
    expect(fitsPlanSchema.errors).toEqual(expect.arrayContaining([expect.objectContaining({ instancePath, keyword })]));
  });
});
