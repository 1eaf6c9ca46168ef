import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { PlanImportResult, PlanSourceFile } from '../../../features/plans/common/import-plan.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';

/** What the plan tests share: the hand-written export fixtures, and Ajv (in tests only) to prove a plan's schemas compile and hold. */

export const PLAN_FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/plans');

/** Fixture files by name (relative to test/fixtures/plans), or every file of a fixture folder. */
export function fixtureFiles(...names: string[]): PlanSourceFile[] {
  return names.flatMap((name) => {
    const full = path.join(PLAN_FIXTURES, name);
    const files = name.endsWith('.json')
      ? [full]
      : readdirSync(full)
          .sort()
          .map((file) => path.join(full, file));
    return files.map((file) => ({ name: path.relative(PLAN_FIXTURES, file), text: readFileSync(file, 'utf8') }));
  });
}

/**
 * One kind's attributes schema compiled with the plan's $defs, by Ajv in strict mode: unknown
 * keywords and formats fail. Short tuples are allowed: a draft-07 tuple never required its items.
 */
export function compileAttributes(plan: TrackingPlan, key: string): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const attributes = plan.events[key]?.attributes;
  if (attributes === undefined) throw new Error(`The plan has no attributes for "${key}".`);
  return ajv.compile(typeof attributes === 'boolean' ? attributes : { ...attributes, ...(plan.$defs ? { $defs: plan.$defs } : {}) });
}

/** The plan and notes of an import that must succeed; its message as the failure otherwise. */
export function succeeded(result: PlanImportResult): { plan: TrackingPlan; notes: string[] } {
  if (!result.ok) throw new Error(result.message);
  return result;
}
