import { validateBatch } from '../../../shared/validation.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';
import { BENCH_RULES, EVENTS, PROBLEM_EVERY, batchTextWithProblems, batchTextWithSyntaxError, validBatchText } from '../batch-100k.ts';

/**
 * validateBatch on 100 000 events (about 28 MB of pretty JSON, as the composer holds them)
 * against a bare JSON.parse of the same text, run in turns in the same process, in three
 * variants: every event valid, one in PROBLEM_EVERY with a problem, and one comma missing in
 * the middle (JSON.parse then stops there too). The budgets: 1.5, 2 and 1.5 at most.
 *
 * Both are timed the same way, so neither pays for the other's garbage: a full collection
 * (node --expose-gc) runs before every timed call, and each round swaps which of the two goes
 * first. Otherwise the garbage of the previous call is collected inside the next one: its
 * scavenges in validateBatch, now and then a full collection in JSON.parse. What a call
 * allocates itself it still pays for.
 */

const RUNS = 10;

function parse(text: string): void {
  try {
    JSON.parse(text);
  } catch {
    // The syntax-error variant: JSON.parse's time to find it is the baseline.
  }
}

function measure(name: string, text: string, expectDiagnostics: (count: number) => boolean): BenchLine {
  const diagnostics = validateBatch(text, BENCH_RULES).diagnostics;
  if (!expectDiagnostics(diagnostics.length)) throw new Error(`The ${name} bench batch has ${diagnostics.length} diagnostics: ${diagnostics[0]?.message ?? ''}`);
  const collect = globalThis.gc;
  if (!collect) throw new Error('The validate bench needs node --expose-gc (npm run bench sets it).');
  const timed = (call: () => unknown): number => {
    collect();
    const started = performance.now();
    call();
    return performance.now() - started;
  };
  const validateSamples: number[] = [];
  const parseSamples: number[] = [];
  const pairedRatios: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    if (run % 2 === 0) {
      parseSamples.push(timed(() => parse(text)));
      validateSamples.push(timed(() => validateBatch(text, BENCH_RULES)));
    } else {
      validateSamples.push(timed(() => validateBatch(text, BENCH_RULES)));
      parseSamples.push(timed(() => parse(text)));
    }
    pairedRatios.push(validateSamples[run]! / parseSamples[run]!);
  }
  return {
    name,
    value: median(validateSamples),
    unit: 'ms',
    baseline: { name: 'json-parse', value: median(parseSamples) },
    // The median of each round's own ratio: steadier than the ratio of medians when the
    // machine's load drifts, since the two calls of a round run moments apart.
    extra: { 'paired-ratio': median(pairedRatios).toFixed(2), events: EVENTS, diagnostics: diagnostics.length, megabytes: (text.length / 1e6).toFixed(1) },
  };
}

const validate: BenchCase = {
  name: 'validate',
  async run() {
    return [
      measure('validate-100k', validBatchText(), (count) => count === 0),
      measure('validate-100k-problems', batchTextWithProblems(), (count) => count === EVENTS / PROBLEM_EVERY),
      measure('validate-100k-syntax-error', batchTextWithSyntaxError(), (count) => count === 1),
    ];
  },
};
export default validate;
