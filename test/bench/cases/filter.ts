import { eventMatches, parseFilter } from '../../../features/transforms/common/filter.ts';
import { measureBesideParse } from '../beside-parse.ts';
import { type BenchCase } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * The Form view's filter over 100 000 events (about 28 MB of pretty JSON): the expression
 * parsed once, then matched against every parsed event, beside a JSON.parse of the same text;
 * a filter on fields, and a free-text search that reads every value.
 */

function matching(expression: string, events: unknown[]): () => number {
  return () => {
    const parsed = parseFilter(expression);
    if (!parsed.ok) throw new Error(`${expression}: ${parsed.message}`);
    let count = 0;
    for (const event of events) if (eventMatches(parsed.filter, event)) count++;
    return count;
  };
}

const filter: BenchCase = {
  name: 'filter',
  async run() {
    const text = validBatchText();
    const events = JSON.parse(text) as unknown[];
    const fields = 'customer_id in (customer-1, customer-99999) or created_at >= 2026-05-31 and attributes.plan = pro and svc_id > 1020';
    const freeText = 'spring-39';
    return [
      measureBesideParse('filter-100k', text, matching(fields, events), { events: EVENTS, matched: matching(fields, events)() }),
      measureBesideParse('filter-100k-free-text', text, matching(freeText, events), { events: EVENTS, matched: matching(freeText, events)() }),
    ];
  },
};
export default filter;
