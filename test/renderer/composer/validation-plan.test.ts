import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { importPlan } from '../../../renderer/composer/checks/plan-runtime.ts';
import { createValidationResponder, type ValidationAnswer, type WorkerRules } from '../../../renderer/composer/checks/validation-protocol.ts';
import { validateBatchWithPlan } from '../../../features/plans/common/plan-diagnostics.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { PLAN_FIXTURES } from '../../features/plans/plan-support.ts';
import { applied, changesOf, layout, step, write } from '../../features/validation/incremental-edits.ts';
import { NOW, RULES, validEvent } from '../../features/validation/validation-support.ts';

/**
 * The validation worker with a tracking plan, in process: it imports the plan's standalone
 * validators as the worker does (a module file, the runtime table), checks only the events an
 * edit changed, and answers exactly as validateBatchWithPlan with the Ajv-compiled plan.
 */

const { now: _now, ...workerRules } = RULES;
const rules: WorkerRules = workerRules;
const folder = mkdtempSync(path.join(os.tmpdir(), 'eventdesk-worker-plan-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A plan fixture loaded with Ajv, and its standalone module written where the worker's import finds it. */
function planFixture(name: string) {
  const loaded = loadPlan(readFileSync(path.join(PLAN_FIXTURES, name), 'utf8'), name);
  const file = path.join(folder, `${name}.mjs`);
  writeFileSync(file, loaded.standalone());
  return { loaded, address: pathToFileURL(file).href };
}

const app = planFixture('app.plan.json');
const shop = planFixture('shop.plan.json');

/** A new device_id's quick fix generates a UUID: two runs never agree on it. */
function comparable(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  return diagnostics.map((diagnostic) =>
    diagnostic.fix
      ? {
          ...diagnostic,
          fix: {
            ...diagnostic.fix,
            title: diagnostic.fix.title.replace(uuid, 'UUID'),
            edits: diagnostic.fix.edits.map((edit) => ({ ...edit, text: edit.text.replace(uuid, 'UUID') })),
          },
        }
      : diagnostic,
  );
}

function expectPlanRun(answer: ValidationAnswer, text: string): void {
  expect(comparable(answer.diagnostics)).toEqual(comparable(validateBatchWithPlan(text, RULES, app.loaded).diagnostics));
}

const plannedEvent = fc
  .record({
    token: fc.constantFrom('signup', 'upgrade', 'app_open', 'nope'),
    attributes: fc.dictionary(
      fc.constantFrom('plan', 'email', 'from', 'to', 'seats', 'extra'),
      fc.constantFrom('free', 'pro', 'gold', 'a@example.com', 'no-at', 3, '7', null),
      { maxKeys: 3 },
    ),
  })
  .map((fields) => validEvent(fields));

describe('the validation worker with a tracking plan', () => {
  it('answers every edit as validateBatchWithPlan with the compiled plan answers the edited text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(plannedEvent, { minLength: 1, maxLength: 5 }),
        layout,
        fc.array(step, { minLength: 1, maxLength: 6 }),
        async (batch, how, steps) => {
          const respond = createValidationResponder(() => NOW, importPlan);
          let text = write(batch, how);
          let id = 0;
          expectPlanRun(await respond({ id: ++id, kind: 'full', text, rules, plan: app.address }), text);
          for (const edit of steps) {
            for (const changes of changesOf(text, edit)) {
              text = applied(text, changes);
              expectPlanRun(await respond({ id: ++id, kind: 'edit', changes, rules, plan: app.address }), text);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('checks only the event an edit changed against the plan, and every event for a whole text or a new plan', async () => {
    const events = Array.from({ length: 50 }, (_, index) =>
      validEvent({ token: 'purchase', svc_id: 7, attributes: { spend: `${index}.00`, currency: 'EUR' } }),
    );
    const text = JSON.stringify(events, null, 2);
    const respond = createValidationResponder(() => NOW, importPlan);
    expect(await respond({ id: 1, kind: 'full', text, rules, plan: shop.address })).toMatchObject({ planChecked: 50, diagnostics: [] });
    const at = text.lastIndexOf('"EUR"') + 1;
    const edited = await respond({ id: 2, kind: 'edit', changes: [{ rangeOffset: at, rangeLength: 3, text: 'YEN' }], rules, plan: shop.address });
    expect(edited).toMatchObject({
      full: false,
      planChecked: 1,
      diagnostics: [{ code: 'attribute-value', severity: 'error', path: '/49/attributes/currency', message: 'expected one of "EUR", "USD", "GBP", saw "YEN"' }],
    });
    const fixed = await respond({ id: 3, kind: 'edit', changes: [{ rangeOffset: at, rangeLength: 3, text: 'GBP' }], rules, plan: shop.address });
    expect(fixed).toMatchObject({ planChecked: 1, diagnostics: [] });
    expect(await respond({ id: 4, kind: 'edit', changes: [], rules, plan: app.address })).toMatchObject({ planChecked: 50 });
    expect(await respond({ id: 5, kind: 'edit', changes: [], rules, plan: null })).toMatchObject({ planChecked: 0, diagnostics: [] });
  });

  it("counts every problem exactly, those past the plan's caps too, which it lists as one diagnostic", async () => {
    const events = Array.from({ length: 1500 }, (_, index) => validEvent({ token: `unplanned-${index}`, svc_id: 7 }));
    const respond = createValidationResponder(() => NOW, importPlan);
    const answer = await respond({ id: 1, kind: 'full', text: JSON.stringify(events), rules, plan: shop.address });
    expect(answer.diagnostics).toHaveLength(1001);
    expect(answer.counts).toEqual({ errors: 1500, warnings: 0, unlisted: 500 });
    expect((await respond({ id: 2, kind: 'full', text: JSON.stringify(events.slice(0, 2)), rules, plan: shop.address })).counts).toEqual({
      errors: 2,
      warnings: 0,
      unlisted: 0,
    });
  });

  it('checks without the plan, and says why, when its validators cannot be loaded', async () => {
    const respond = createValidationResponder(() => NOW, importPlan);
    const text = JSON.stringify([validEvent({ token: 'refund' })]);
    const answer = await respond({ id: 1, kind: 'full', text, rules, plan: pathToFileURL(path.join(folder, 'gone.mjs')).href });
    expect(answer.planProblem).toMatch(/gone\.mjs/);
    expect(answer.diagnostics).toEqual([]);
  });
});
