import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { importPlan } from '../../../renderer/composer/checks/plan-runtime.ts';
import { createValidationResponder, type ValidationAnswer } from '../../../renderer/composer/checks/validation-protocol.ts';
import type { ContentChange } from '../../../features/validation/common/incremental.ts';
import { BENCH_RULES, EVENTS, benchEvent } from '../batch-100k.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { KINDS, benchPlan, kindOf } from '../plan-50-kinds.ts';

/**
 * One keystroke inside an event of a 100 000-event batch in the editor's validation worker
 * (its responder, in process) with the 50-kind tracking plan, beside the same keystroke without
 * a plan. The plan's validators are the standalone module the worker imports. The plan must be
 * checked on the one event typed in (`plan-checked`), not on the batch; the whole text with the
 * plan is timed too, as the cost of what an incremental check avoids.
 */

const KEYSTROKES = 20;
const { now: _now, ...rules } = BENCH_RULES;

async function timed(call: () => Promise<ValidationAnswer>): Promise<{ ms: number; answer: ValidationAnswer }> {
  const collect = globalThis.gc;
  if (!collect) throw new Error('The validate-plan-incremental bench needs node --expose-gc (npm run bench sets it).');
  collect();
  const started = performance.now();
  const answer = await call();
  return { ms: performance.now() - started, answer };
}

/** A worker's responder on `text`, with the plan at `plan` or none: asks it, and times a keystroke typed (and erased) in the middle event's customer_id. */
async function responderOn(text: string, plan: string | null) {
  const respond = createValidationResponder(() => BENCH_RULES.now, importPlan);
  let id = 0;
  const ask = (request: { kind: 'full'; text: string } | { kind: 'edit'; changes: ContentChange[] }) => () => respond({ ...request, id: ++id, rules, plan });
  const at = text.indexOf('"customer_id": "', text.length >> 1) + '"customer_id": "'.length + 2;
  return {
    full: ask({ kind: 'full', text }),
    async keystroke() {
      const typed = await timed(ask({ kind: 'edit', changes: [{ rangeOffset: at, rangeLength: 0, text: 'x' }] }));
      await ask({ kind: 'edit', changes: [{ rangeOffset: at, rangeLength: 1, text: '' }] })();
      return typed;
    },
  };
}

const validatePlanIncremental: BenchCase = {
  name: 'validate-plan-incremental',
  async run(): Promise<BenchLine[]> {
    const text = JSON.stringify(
      Array.from({ length: EVENTS }, (_, index) => ({ ...benchEvent(index), token: kindOf(index) })),
      null,
      2,
    );
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-plan-'));
    try {
      const file = path.join(folder, 'bench.plan.mjs');
      await writeFile(file, loadPlan(JSON.stringify(benchPlan()), 'bench.plan.json').standalone());
      const withPlan = await responderOn(text, pathToFileURL(file).href);
      const withoutPlan = await responderOn(text, null);
      const fullWith = (await timed(withPlan.full)).ms;
      const fullWithout = (await timed(withoutPlan.full)).ms;
      // In turns, the order alternating, so warming up and a machine's changing load fall on both alike.
      const typing = { with: [] as number[], without: [] as number[] };
      let last: ValidationAnswer | null = null;
      for (let run = 0; run < KEYSTROKES; run++) {
        for (const which of run % 2 === 0 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
          const typed = await (which === 'with' ? withPlan : withoutPlan).keystroke();
          typing[which].push(typed.ms);
          if (which === 'with') last = typed.answer;
        }
      }
      if (!last || last.full || last.planChecked !== 1 || last.diagnostics.length > 0 || last.planProblem) {
        throw new Error(
          `A keystroke with the plan was answered ${last?.full ? 'by a full run' : 'incrementally'}, checking ${last?.planChecked} events against the plan, with ${last?.diagnostics.length} diagnostics${last?.planProblem ? ` (${last.planProblem})` : ''}.`,
        );
      }
      return [
        {
          name: 'validate-plan-incremental-100k',
          value: median(typing.with),
          unit: 'ms',
          baseline: { name: 'keystroke-without-plan', value: median(typing.without) },
          extra: {
            'plan-checked': last.planChecked,
            'full-with-plan-ms': fullWith.toFixed(0),
            'full-without-plan-ms': fullWithout.toFixed(0),
            events: EVENTS,
            kinds: KINDS,
          },
        },
      ];
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
};
export default validatePlanIncremental;
