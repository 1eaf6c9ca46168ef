import { createIncrementalValidator, type ContentChange } from '../../../features/validation/common/incremental.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { BENCH_RULES, EVENTS, batchTextWithProblems, validBatchText } from '../batch-100k.ts';

/**
 * One keystroke inside an event of a 100 000-event batch, validated incrementally, beside a
 * full run of the incremental validator on the same text (what every keystroke cost before).
 * Three kinds: a letter typed in a value, a quote typed that breaks the JSON (and the edit
 * that takes it out again), and a letter typed in a batch with a problem in one event in 100.
 * A full collection (node --expose-gc) runs before every timed call, as in the validate bench.
 */

const KEYSTROKES = 20;

function timed(call: () => unknown): number {
  const collect = globalThis.gc;
  if (!collect) throw new Error('The validate-incremental bench needs node --expose-gc (npm run bench sets it).');
  collect();
  const started = performance.now();
  call();
  return performance.now() - started;
}

/** Offsets inside the customer_id value of the middle event: typed at, then deleted. */
function middleValue(text: string): number {
  const at = text.indexOf('"customer_id": "', text.length >> 1);
  return at + '"customer_id": "'.length + 2;
}

function measure(name: string, text: string, typed: string, expected: (answer: { eventCount: number | null; full: boolean }) => boolean): BenchLine {
  const validator = createIncrementalValidator();
  const fullSamples: number[] = [];
  for (let run = 0; run < 3; run++) fullSamples.push(timed(() => validator.full(text, BENCH_RULES)));
  const at = middleValue(text);
  const type: ContentChange[] = [{ rangeOffset: at, rangeLength: 0, text: typed }];
  const erase: ContentChange[] = [{ rangeOffset: at, rangeLength: typed.length, text: '' }];
  const typeSamples: number[] = [];
  const eraseSamples: number[] = [];
  for (let run = 0; run < KEYSTROKES; run++) {
    let answer = { eventCount: null as number | null, full: true };
    typeSamples.push(timed(() => (answer = validator.edit(type, BENCH_RULES))));
    if (!expected(answer))
      throw new Error(`The ${name} keystroke was answered ${answer.full ? 'by a full run' : 'incrementally'} with ${answer.eventCount} events.`);
    eraseSamples.push(timed(() => validator.edit(erase, BENCH_RULES)));
  }
  return {
    name,
    value: median(typeSamples),
    unit: 'ms',
    baseline: { name: 'full', value: median(fullSamples) },
    extra: { 'erase-ms': median(eraseSamples).toFixed(1), events: EVENTS },
  };
}

const validateIncremental: BenchCase = {
  name: 'validate-incremental',
  async run() {
    const valid = validBatchText();
    return [
      measure('validate-incremental-100k', valid, 'x', (answer) => !answer.full && answer.eventCount === EVENTS),
      measure('validate-incremental-100k-syntax-error', valid, '"', (answer) => !answer.full && answer.eventCount === null),
      measure('validate-incremental-100k-problems', batchTextWithProblems(), 'x', (answer) => !answer.full && answer.eventCount === EVENTS),
    ];
  },
};
export default validateIncremental;
