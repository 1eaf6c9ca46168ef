import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlan, type LoadedPlan } from '../../../features/plans/node/load.ts';
import { importPlan, planRequire } from '../../../renderer/composer/checks/plan-runtime.ts';
import { checkEvents, type CheckablePlan } from '../../../features/plans/common/check.ts';
import { validateBatchWithPlan } from '../../../features/plans/common/plan-diagnostics.ts';
import { DEFAULT_RULES } from '../../../features/environments/common/rules.ts';
import { validEvent } from '../../fixtures/events.ts';
import { PLAN_FIXTURES } from './plan-support.ts';

/**
 * The validators the editor's worker runs are Ajv's standalone code of the plan (written by the
 * services, imported by the worker with the runtime table it bundles), since the renderer's CSP
 * forbids the `new Function` Ajv compiles with. They must find exactly what the compiled ones
 * find: the same violations, the same diagnostics, on the guide's plan and the fixtures.
 */

const folder = mkdtempSync(path.join(os.tmpdir(), 'eventdesk-standalone-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let written = 0;
/** The plan's standalone module, imported as the worker imports it, with the worker's runtime table. */
async function standaloneOf(loaded: LoadedPlan): Promise<CheckablePlan> {
  const file = path.join(folder, `plan-${++written}.mjs`);
  writeFileSync(file, loaded.standalone());
  const standalone = await importPlan(pathToFileURL(file).href);
  expect(standalone.plan).toEqual(loaded.plan);
  return standalone;
}

const fixturePlan = (name: string) => loadPlan(readFileSync(path.join(PLAN_FIXTURES, name), 'utf8'), name);

/** Attributes that break a plan in each way it can be broken, and some that pass. */
const attributeValues = fc.oneof(
  fc.constantFrom('EUR', 'YEN', '12.50', '12.5', 'free', 'pro', 'nobody@example.com', 'not an email', '42', 'x'.repeat(1001), null, true, 0, 1500, 2.5, -1),
  fc.jsonValue({ maxDepth: 2 }),
);

function eventsFor(loaded: LoadedPlan) {
  const names = new Set<string>(['spend', 'currency', 'plan', 'email', 'referrer', 'from', 'to', 'seats', 'extra']);
  return fc.array(
    fc.record({
      token: fc.constantFrom(...loaded.kinds.keys(), 'not_planned'),
      svc_id: fc.constantFrom(7, 8, 1500, '7'),
      customer_id: fc.option(fc.constant('cus_1'), { nil: undefined }),
      attributes: fc.dictionary(fc.constantFrom(...names), attributeValues, { maxKeys: 4 }),
    }),
    { maxLength: 6 },
  );
}

describe("a plan's standalone validators", () => {
  it.each(['shop.plan.json', 'app.plan.json'])('find the same violations as the compiled ones in %s (generated events)', async (name) => {
    const loaded = fixturePlan(name);
    const standalone = await standaloneOf(loaded);
    fc.assert(
      fc.property(eventsFor(loaded), (events) => {
        expect(checkEvents(events, standalone)).toEqual(checkEvents(events, loaded));
      }),
      { numRuns: 300 },
    );
  });

  it("give the same diagnostics as the compiled ones on the guide's example batch", async () => {
    const loaded = fixturePlan('shop.plan.json');
    const standalone = await standaloneOf(loaded);
    const events = [
      validEvent({ token: 'purchase', svc_id: 7, attributes: { spend: '12.50', currency: 'EUR' } }),
      validEvent({ token: 'purchase', svc_id: 8, attributes: { spend: '12.5', currency: 'YEN', coupon: 'x' } }),
      validEvent({ token: 'purchase', attributes: {} }),
      validEvent({ token: 'refund' }),
    ];
    const text = JSON.stringify(events, null, 2);
    const compiled = validateBatchWithPlan(text, DEFAULT_RULES, loaded);
    expect(compiled.diagnostics.filter((diagnostic) => diagnostic.code.startsWith('attribute-')).length).toBeGreaterThan(2);
    expect(validateBatchWithPlan(text, DEFAULT_RULES, standalone)).toEqual(compiled);
  });

  it('match with the linear-time matcher: a pattern that backtracks catastrophically in JavaScript checks 50 000 characters', async () => {
    const loaded = loadPlan(
      JSON.stringify({ name: 'p', events: { a: { attributes: { properties: { x: { type: 'string', pattern: '^(a?a)*$' } } } } } }),
      'p.plan.json',
    );
    const standalone = await standaloneOf(loaded);
    const events = [
      { token: 'a', attributes: { x: 'a'.repeat(50_000) } },
      { token: 'a', attributes: { x: `${'a'.repeat(50_000)}!` } },
    ];
    expect(checkEvents(events, standalone).violations).toMatchObject([{ kind: 'attribute-value', pointer: '/1/attributes/x' }]);
    expect(checkEvents(events, standalone)).toEqual(checkEvents(events, loaded));
  });

  it('import nothing but the runtime the worker bundles', () => {
    const required = new Set(
      [
        ...fixturePlan('app.plan.json')
          .standalone()
          .matchAll(/require\("([^"]+)"\)/g),
      ].map((match) => match[1]!),
    );
    for (const name of required) expect(() => planRequire(name)).not.toThrow();
    expect(() => planRequire('node:fs')).toThrow(/does not have/);
  });
});
