import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import planSchema from '../../../docs/plan.schema.json' with { type: 'json' };
import { loadPlan } from '../../../features/plans/node/load.ts';
import { checkEvents } from '../../../features/plans/common/check.ts';
import { inferPlan } from '../../../features/plans/common/infer.ts';
import { importJsonSchemas } from '../../../features/plans/common/import-json-schema.ts';
import { importRudderStack } from '../../../features/plans/common/import-rudderstack.ts';
import { importSegment } from '../../../features/plans/common/import-segment.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';
import { validEvent } from '../../fixtures/events.ts';
import { fixtureFiles, succeeded } from './plan-support.ts';

/**
 * The plans EventDesk makes (imported from another tool's export, inferred from events) are
 * plans its own check takes: they fit docs/plan.schema.json and load with no problem, so
 * `eventdesk plan check` passes what `eventdesk plan import` and `infer` write.
 */

const fitsPlanSchema = new Ajv2020({ allErrors: true, strict: false }).compile(planSchema);

const made: [string, () => TrackingPlan][] = [
  ['imported from JSON Schemas', () => succeeded(importJsonSchemas(fixtureFiles('json-schema'))).plan],
  ['imported from Avo', () => succeeded(importJsonSchemas(fixtureFiles('avo-export.json'))).plan],
  ['imported from Segment', () => succeeded(importSegment(fixtureFiles('segment-rules.json'))).plan],
  ['imported from RudderStack', () => succeeded(importRudderStack(fixtureFiles('rudderstack-tracking-plan.json'))).plan],
  ['inferred from events', () => inferPlan([validEvent(), validEvent({ token: 'tok_2', attributes: { plan: 'free' } })]).plan],
];

describe('the plans EventDesk makes', () => {
  it.each(made)('a plan %s fits the plan schema and loads with no problem', (_name, make) => {
    const plan = make();
    expect(fitsPlanSchema(plan), JSON.stringify(fitsPlanSchema.errors)).toBe(true);
    const loaded = loadPlan(JSON.stringify(plan, null, 2), 'made.plan.json');
    expect(loaded.problems).toEqual([]);
    expect(loaded.kinds.size).toBe(Object.keys(plan.events).length);
  });

  it('an inferred plan passes the events it was inferred from, and reports a mutated one', () => {
    const events = [validEvent(), validEvent({ token: 'tok_2', attributes: { plan: 'free' } })];
    const loaded = loadPlan(JSON.stringify(inferPlan(events).plan), 'inferred.plan.json');
    expect(checkEvents(events, loaded).violations).toEqual([]);
    expect(checkEvents([validEvent({ attributes: { plan: 'pro', spend: 19.99 } })], loaded).violations).toMatchObject([
      { kind: 'attribute-type', pointer: '/0/attributes/spend' },
    ]);
  });
});
