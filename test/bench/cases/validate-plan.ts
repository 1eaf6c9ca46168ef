import { loadPlan } from '../../../features/plans/node/load.ts';
import { validateBatchWithPlan } from '../../../features/plans/common/plan-diagnostics.ts';
import { validateBatch } from '../../../features/validation/common/validation.ts';
import { BENCH_RULES, EVENTS, benchEvent } from '../batch-100k.ts';
import { median, type BenchCase } from '../bench.ts';
import { measureBesideParse } from '../beside-parse.ts';
import { KINDS, benchPlan, kindOf } from '../plan-50-kinds.ts';

/**
 * validateBatch with a 50-kind tracking plan on 100 000 events (the validation benches' batch,
 * each event's token one of the plan's kinds, every event following the plan), beside the same
 * without a plan, each beside a bare JSON.parse of the text (measureBesideParse). The issue's
 * budget: the plan adds at most 0.3 × JSON.parse, the `plan-adds` figure (planShare).
 */

/**
 * What the plan adds, as a share of JSON.parse: each round times the three in turns (a full
 * collection before each, the order rotating), and the median of the rounds' own
 * (with − without) / parse is taken, so a machine that slows down between two separate
 * measurements does not show up as the plan's cost.
 */
function planShare(text: string, withPlan: () => unknown, withoutPlan: () => unknown, runs = 9): number {
  const collect = globalThis.gc!;
  const timed = (call: () => unknown): number => {
    collect();
    const started = performance.now();
    call();
    return performance.now() - started;
  };
  const works = [withPlan, withoutPlan, () => JSON.parse(text)];
  const shares: number[] = [];
  for (let run = 0; run < runs; run++) {
    const times: number[] = [];
    for (let turn = 0; turn < works.length; turn++) {
      const which = (run + turn) % works.length;
      times[which] = timed(works[which]!);
    }
    shares.push((times[0]! - times[1]!) / times[2]!);
  }
  return median(shares);
}

const validatePlan: BenchCase = {
  name: 'validate-plan',
  async run() {
    const text = JSON.stringify(
      Array.from({ length: EVENTS }, (_, index) => ({ ...benchEvent(index), token: kindOf(index) })),
      null,
      2,
    );
    const plan = loadPlan(JSON.stringify(benchPlan()), 'bench.plan.json');
    const found = validateBatchWithPlan(text, BENCH_RULES, plan).diagnostics;
    if (plan.problems.length > 0 || found.length > 0) throw new Error(`The plan bench batch is not clean: ${plan.problems[0]?.message ?? found[0]?.message}`);
    const withPlan = () => validateBatchWithPlan(text, BENCH_RULES, plan);
    const withoutPlan = () => validateBatch(text, BENCH_RULES);
    const line = measureBesideParse('validate-plan-100k', text, withPlan, { events: EVENTS, kinds: KINDS });
    const without = measureBesideParse('validate-plan-100k-without-plan', text, withoutPlan, { events: EVENTS });
    return [{ ...line, extra: { ...line.extra, 'plan-adds': planShare(text, withPlan, withoutPlan).toFixed(2), budget: '0.3' } }, without];
  },
};
export default validatePlan;
