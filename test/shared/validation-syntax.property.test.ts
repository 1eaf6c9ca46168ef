import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSyntaxProblem, readBatchJson } from '../../shared/validation/syntax.ts';
import { validEvent } from './validation-support.ts';

/**
 * A text JSON.parse refuses is scanned from just before where JSON.parse stopped: the problem
 * found must be the one a scan of the whole text finds first.
 */

const events = fc.array(
  fc.record({ token: fc.string({ unit: fc.constantFrom('a', '"', '\\', '[', '{', ',', ':', 'é') }), spend: fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.array(fc.nat(), { maxLength: 3 })) }).map(({ token, spend }) => validEvent({ token, attributes: { spend } })),
  { minLength: 1, maxLength: 5 },
);

/** Characters whose insertion or removal breaks JSON in every way it breaks: quotes, escapes, brackets, separators, bare words, comments, controls. */
const damage = fc.string({ unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 'x', 'tru', '01', '-', '.', 'e', '/', '*', '\t', '\n', "'", '\u00a0'), minLength: 1, maxLength: 3 });

describe('locating a syntax error, by property', () => {
  it('finds where the first problem is, as a scan of the whole text does', () => {
    fc.assert(
      fc.property(events, fc.constantFrom(0, 2), fc.nat(), fc.nat({ max: 3 }), damage, (batch, indent, pick, remove, inserted) => {
        const valid = JSON.stringify(batch, null, indent);
        const at = pick % (valid.length + 1);
        const text = valid.slice(0, at) + inserted + valid.slice(at + remove);
        const reading = readBatchJson(text);
        if (reading.problem === undefined) return;
        expect(reading.problem).toEqual(findSyntaxProblem(text));
      }),
      { numRuns: 2000 },
    );
  });
});
