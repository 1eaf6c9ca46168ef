import { validateBatch } from '../../../features/validation/common/validation.ts';
import { type BenchCase, type BenchLine } from '../bench.ts';
import { measureBesideParse, withParseGoal } from '../beside-parse.ts';
import { BENCH_RULES, EVENTS, PROBLEM_EVERY, batchTextWithProblems, batchTextWithSyntaxError, validBatchText } from '../batch-100k.ts';

/**
 * validateBatch on 100 000 events (about 28 MB of pretty JSON, as the composer holds them)
 * against a bare JSON.parse of the same text (measureBesideParse), in three variants: every
 * event valid, one in PROBLEM_EVERY with a problem, and one comma missing in the middle
 * (JSON.parse then stops there too). The budgets: 1.5, 2 and 1.5 at most.
 */

function measure(name: string, text: string, expectDiagnostics: (count: number) => boolean): BenchLine {
  const diagnostics = validateBatch(text, BENCH_RULES).diagnostics;
  if (!expectDiagnostics(diagnostics.length))
    throw new Error(`The ${name} bench batch has ${diagnostics.length} diagnostics: ${diagnostics[0]?.message ?? ''}`);
  return measureBesideParse(name, text, () => validateBatch(text, BENCH_RULES), { events: EVENTS, diagnostics: diagnostics.length });
}

const validate: BenchCase = {
  name: 'validate',
  async run() {
    return [
      withParseGoal(
        measure('validate-100k', validBatchText(), (count) => count === 0),
        1.5,
      ),
      withParseGoal(
        measure('validate-100k-problems', batchTextWithProblems(), (count) => count === EVENTS / PROBLEM_EVERY),
        2,
      ),
      withParseGoal(
        measure('validate-100k-syntax-error', batchTextWithSyntaxError(), (count) => count === 1),
        1.5,
      ),
    ];
  },
};
export default validate;
