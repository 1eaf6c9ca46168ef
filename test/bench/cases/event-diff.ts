import { countsOf, diffEvents, diffSummary, eventsOfText } from '../../../features/transforms/common/event-diff.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';

/**
 * The Compare view's event diff (both texts read, then matched by key and compared field by
 * field) on 100 000 events against 100 000, beside a bare JSON.parse of both texts, run in turns
 * in the same process. The right side is the left one reformatted (no indent), with one event in
 * CHANGE_EVERY changed in one attribute and one in REMOVE_EVERY removed, so every part of the
 * diff has work to do. `per-event-growth` is the time per event at 100 000 over the time per
 * event at a tenth of that: near 1 when the diff grows linearly with the batch.
 */

const RUNS = 8;
const CHANGE_EVERY = 100;
const REMOVE_EVERY = 1000;

function pair(count: number): { left: string; right: string } {
  const events = (JSON.parse(validBatchText()) as Record<string, unknown>[]).slice(0, count);
  const right = events
    .filter((_, index) => index % REMOVE_EVERY !== REMOVE_EVERY - 1)
    .map((event, index) => (index % CHANGE_EVERY === 0 ? { ...event, attributes: { ...(event.attributes as object), plan: 'enterprise' } } : event));
  return { left: JSON.stringify(events, null, 2), right: JSON.stringify(right) };
}

function timed(call: () => unknown): number {
  const collect = globalThis.gc;
  if (!collect) throw new Error('The event-diff bench needs node --expose-gc (npm run bench sets it).');
  collect();
  const started = performance.now();
  call();
  return performance.now() - started;
}

function measure({ left, right }: { left: string; right: string }): { diff: number; parse: number; summary: string } {
  const compare = () => diffEvents(eventsOfText(left, 'left'), eventsOfText(right, 'right'));
  const parse = () => [JSON.parse(left), JSON.parse(right)];
  const diffSamples: number[] = [];
  const parseSamples: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    // Each round swaps which goes first, so neither always pays for the other's garbage.
    if (run % 2 === 0) {
      parseSamples.push(timed(parse));
      diffSamples.push(timed(compare));
    } else {
      diffSamples.push(timed(compare));
      parseSamples.push(timed(parse));
    }
  }
  return { diff: median(diffSamples), parse: median(parseSamples), summary: diffSummary(countsOf(compare())) };
}

const eventDiff: BenchCase = {
  name: 'event-diff',
  async run(): Promise<BenchLine[]> {
    const small = measure(pair(EVENTS / 10));
    const full = measure(pair(EVENTS));
    return [
      {
        name: 'event-diff-100k',
        value: full.diff,
        unit: 'ms',
        baseline: { name: 'json-parse-both', value: full.parse },
        extra: { events: EVENTS, 'per-event-growth': (full.diff / EVENTS / (small.diff / (EVENTS / 10))).toFixed(2), summary: JSON.stringify(full.summary) },
      },
    ];
  },
};
export default eventDiff;
