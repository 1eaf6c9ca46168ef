import { createPlanDrafts } from '../../../features/coverage/node/plan-drafts.ts';
import { noDialogs } from '../../../app/host/node-services.ts';
import { measureBesideParse } from '../beside-parse.ts';
import { type BenchCase } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * The app's "Infer a tracking plan from this batch" on 100 000 events of 50 kinds, as the
 * services thread does it (the batch's text read, the plan inferred and written as JSON),
 * beside a JSON.parse of the same text. From text, the draft does all its work before its
 * promise returns, so timing the call times the work.
 */

const KINDS = 50;

const planDraft: BenchCase = {
  name: 'plan-draft',
  async run() {
    const events = (JSON.parse(validBatchText()) as Record<string, unknown>[]).map((event, index) => ({ ...event, token: `kind-${index % KINDS}` }));
    const text = JSON.stringify(events, null, 2);
    const drafts = createPlanDrafts({ dialogs: noDialogs, chosen: new Set(), usePlanFile: () => Promise.reject(new Error('not in a bench')) });
    const request = { source: 'batch', text, batchName: 'Bench' } as const;
    return [measureBesideParse('plan-draft-100k', text, () => drafts.draft(request), { events: EVENTS, kinds: KINDS }, 5)];
  },
};
export default planDraft;
