import { planCoverage } from '../../../features/plans/common/coverage.ts';
import { inferPlan } from '../../../features/plans/common/infer.ts';
import { measureBesideParse } from '../beside-parse.ts';
import { type BenchCase } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * Inferring a draft plan from 100 000 parsed events, and their coverage of it, beside a
 * JSON.parse of the same text (about 28 MB). The bench batch's tokens are all different, so
 * the events are given 50 kinds first (outside the timing), as a capture of a real app has.
 */

const KINDS = 50;

const planTools: BenchCase = {
  name: 'plan-tools',
  async run() {
    const text = validBatchText();
    const events = (JSON.parse(text) as Record<string, unknown>[]).map((event, index) => ({ ...event, token: `kind-${index % KINDS}` }));
    const { plan } = inferPlan(events);
    const values = { events: EVENTS, kinds: KINDS };
    return [
      measureBesideParse('plan-infer-100k', text, () => inferPlan(events), values, 5),
      measureBesideParse('plan-coverage-100k', text, () => planCoverage(events, plan), values, 5),
    ];
  },
};
export default planTools;
