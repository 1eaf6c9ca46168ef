import { parseFilter } from '../../../features/transforms/common/filter.ts';
import {
  applyToLayout,
  deleteEvents,
  duplicateEvents,
  keepOnlyEvents,
  orderAfterStep,
  reorderEvents,
  type EventsLayout,
} from '../../../features/transforms/common/operations.ts';
import { layOutBatch } from '../../../features/validation/common/batch-layout.ts';
import { matchEvents } from '../../../renderer/composer/form/event-filter.ts';
import { measureBesideParse } from '../beside-parse.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * The Form view's event operations on 100 000 events (about 28 MB), beside a JSON.parse of the
 * same text: each must cost what it touches (a delete, a duplicate, a move: a few spans, never
 * the text written out again), keep only of a few events costs one pass over the spans; and the
 * filter, matched a slice at a time as the list does, must never hold the page long: the
 * longest the event loop waited while it ran, beside the same parse.
 */

/** The longest wait between turns of the event loop while `work` runs. */
async function longestBlock(work: () => Promise<unknown>): Promise<number> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  await work();
  running = false;
  return longest;
}

const eventOperations: BenchCase = {
  name: 'event-operations',
  async run() {
    const text = validBatchText();
    const events = JSON.parse(text) as unknown[];
    const { starts, ends } = layOutBatch(text, events, events.length, false);
    const layout: EventsLayout = { events, starts, ends };
    const source = { length: text.length, read: (start: number, end: number) => text.slice(start, end) };
    const middle = EVENTS / 2;
    const operation = (name: string, changes: () => Parameters<typeof applyToLayout>[1]): BenchLine =>
      measureBesideParse(`event-${name}-100k`, text, () => applyToLayout(layout, changes()), {
        events: EVENTS,
        changed: changes().reduce((sum, change) => sum + change.rangeLength + change.text.length, 0),
      });

    const parsed = parseFilter('customer_id = customer-7781 or attributes.plan = pro');
    if (!parsed.ok) throw new Error(parsed.message);
    const blocks: number[] = [];
    const parses: number[] = [];
    for (let run = 0; run < 5; run++) {
      blocks.push(await longestBlock(() => matchEvents(parsed.filter, events, new AbortController().signal)));
      const started = performance.now();
      JSON.parse(text);
      parses.push(performance.now() - started);
    }
    return [
      operation('delete-one', () => deleteEvents(source, layout, [middle])),
      operation('duplicate-one', () => duplicateEvents(source, layout, [middle])),
      operation('move-one', () => reorderEvents(source, layout, orderAfterStep(EVENTS, [middle], -1))),
      operation('keep-only-ten', () =>
        keepOnlyEvents(
          source,
          layout,
          Array.from({ length: 10 }, (_, index) => index * 9_999),
        ),
      ),
      {
        name: 'filter-ui-longest-block-100k',
        value: median(blocks),
        unit: 'ms',
        baseline: { name: 'json-parse', value: median(parses) },
        extra: { events: EVENTS },
      },
    ];
  },
};
export default eventOperations;
