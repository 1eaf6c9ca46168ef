import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as uri from 'ajv/dist/runtime/uri.js';
import * as validationError from 'ajv/dist/runtime/validation_error.js';
import * as formats from 'ajv-formats/dist/formats.js';
import { LINEAR_REGEXP_MODULE, linearRegExp } from '../../../features/plans/common/linear-regexp.ts';
import type { CheckablePlan, KindValidators } from '../../../features/plans/common/check.ts';
import type { TrackingPlan } from '../../../features/plans/common/plan.ts';

/**
 * What a plan's standalone validators (features/plans/node/standalone.ts) `require`: Ajv's small
 * runtime helpers and ajv-formats' formats, none of which evaluates code, bundled here, and the
 * bounded regular expressions. The worker hands `planRequire` to the plan's module, so nothing
 * it runs comes from a string.
 */

/** What features/plans/node/standalone.ts writes. */
interface PlanModule {
  plan: TrackingPlan;
  default(require: (name: string) => unknown): Map<string, KindValidators>;
}

/** A CommonJS module's exports as `require` gives them: a bundler hands out its `default` export, Node the whole object. */
function exportsOf(namespace: { default: unknown }): unknown {
  const value = namespace.default as { __esModule?: boolean } | undefined;
  return value?.__esModule ? value : { default: value };
}

const MODULES: Readonly<Record<string, unknown>> = {
  'ajv/dist/runtime/equal': exportsOf(equal),
  'ajv/dist/runtime/ucs2length': exportsOf(ucs2length),
  'ajv/dist/runtime/uri': exportsOf(uri),
  'ajv/dist/runtime/validation_error': exportsOf(validationError),
  'ajv-formats/dist/formats': { fullFormats: formats.fullFormats, fastFormats: formats.fastFormats },
  [LINEAR_REGEXP_MODULE]: { linearRegExp },
};

export function planRequire(name: string): unknown {
  if (!Object.hasOwn(MODULES, name)) throw new Error(`The plan's validators need ${name}, which the editor does not have.`);
  return MODULES[name];
}

/**
 * A plan's validators, as the services wrote them: a script of the app's own origin, named by
 * its content's hash (plans:active), imported, never evaluated from a string.
 */
export async function importPlan(address: string): Promise<CheckablePlan> {
  const module = (await import(/* @vite-ignore */ address)) as PlanModule;
  return { plan: module.plan, kinds: module.default(planRequire) };
}
