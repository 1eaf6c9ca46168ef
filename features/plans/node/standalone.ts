import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnyValidateFunction } from 'ajv/dist/types/index.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { KindValidators } from '../common/check.ts';
import type { TrackingPlan } from '../common/plan.ts';

/**
 * A plan's compiled validators as the source of an ES module, for the editor's worker. The
 * renderer's CSP forbids eval, so the worker cannot compile a plan with Ajv; it imports this
 * module instead (served by hash, a 'self' script), and nothing is evaluated from a string.
 * Ajv writes each validator as CommonJS that requires its runtime (`ajv/dist/runtime/*`,
 * `ajv-formats/dist/formats`, features/plans/common/linear-regexp.ts): each is wrapped so that
 * `require` is the table the worker bundles (renderer/composer/checks/plan-runtime.ts).
 *
 * The module exports the `plan` itself, and by default a function that takes that `require` and
 * returns a Map of each kind's key to its validators, shaped as features/plans/common/check.ts's KindValidators.
 */

const PARTS = ['attributes', 'fields'] as const;

/** One validator's CommonJS code, run in a scope of its own with the table's `require`. */
function commonJsValue(code: string): string {
  return `(() => {\nconst module = { exports: {} };\n${code}\nreturn module.exports;\n})()`;
}

/** The module's source, one step per kind (compiling a kind not compiled yet), so a caller can pause between them. */
export function* standaloneModule(ajv: Ajv2020, plan: TrackingPlan, kinds: ReadonlyMap<string, KindValidators>): Generator<void, string, void> {
  const entries: string[] = [];
  for (const [key, validators] of kinds) {
    const parts = PARTS.flatMap((part) => {
      const validator = validators[part] as AnyValidateFunction | undefined;
      return validator ? [`${part}: ${commonJsValue(standaloneCode(ajv, validator))}`] : [];
    });
    entries.push(`[${JSON.stringify(key)}, {${parts.join(',\n')}}]`);
    yield;
  }
  // JSON is an expression in JavaScript: the plan itself travels with its validators.
  return `export const plan = ${JSON.stringify(plan)};\nexport default function planValidators(require) {\nreturn new Map([\n${entries.join(',\n')}\n]);\n}\n`;
}
