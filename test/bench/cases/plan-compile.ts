import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { checkEvents } from '../../../features/plans/common/check.ts';
import { MAX_PLAN_KINDS } from '../../../features/plans/common/plan-limits.ts';
import { bigPlan } from '../../fixtures/hostile/big-plan.ts';
import { median, type BenchCase } from '../bench.ts';

/**
 * The plan of issue 29 (1 000 kinds of 50 attributes with a pattern each, test/fixtures/hostile/
 * big-plan.ts), beside Ajv compiling the same schemas alone (draft 2020-12, allErrors, its own
 * RegExp) in the same rounds, the order alternating:
 * - plan-compile-1000-kinds: every kind compiled and its problems listed, as `plan check` does;
 * - plan-first-check-1000-kinds: the plan loaded and one event checked, as a Run's step or the
 *   sandbox's first request does, compiling only the kind it uses.
 * Each round takes a text of its own (a trailing space), so no round finds the plan compiled.
 */

const ROUNDS = 3;

function timed(work: () => unknown): number {
  globalThis.gc!();
  const started = performance.now();
  work();
  return performance.now() - started;
}

const planCompile: BenchCase = {
  name: 'plan-compile-1000-kinds',
  async run() {
    const plan = bigPlan(MAX_PLAN_KINDS);
    const text = JSON.stringify(plan);
    const schemas = Object.values(plan.events).map((kind) => kind.attributes);
    const ajvAlone = () => {
      const ajv = new Ajv2020({ allErrors: true, strict: false });
      for (const schema of schemas) ajv.compile(schema);
    };
    const event = { token: 'kind_500', attributes: { attribute_0: 'a'.repeat(40), attribute_20: 'k500_20_abc' } };
    const samples = { whole: [] as number[], first: [] as number[], ajv: [] as number[] };
    let heapMb = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const own = `${text}${' '.repeat(round * 2)}`;
      const works: [number[], () => unknown][] = [
        [samples.ajv, ajvAlone],
        [samples.whole, () => loadPlan(own, 'big.plan.json').problems],
        [samples.first, () => checkEvents([event], loadPlan(`${own} `, 'big.plan.json'))],
      ];
      for (let turn = 0; turn < works.length; turn++) {
        const [into, work] = works[(round + turn) % works.length]!;
        into.push(timed(work));
        heapMb = Math.max(heapMb, process.memoryUsage().heapUsed / 1024 / 1024);
      }
    }
    const baseline = { name: 'ajv-compile-alone', value: median(samples.ajv) };
    const extra = { kinds: MAX_PLAN_KINDS, attributes: 50, bytes: text.length, rounds: ROUNDS };
    return [
      { name: 'plan-compile-1000-kinds', value: median(samples.whole), unit: 'ms', baseline, extra: { ...extra, 'heap-mb': heapMb.toFixed(0) } },
      { name: 'plan-first-check-1000-kinds', value: median(samples.first), unit: 'ms', baseline, extra },
    ];
  },
};
export default planCompile;
