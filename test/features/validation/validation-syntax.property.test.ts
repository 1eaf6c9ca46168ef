import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionsOf } from '../../../features/validation/common/positions.ts';
import { findSyntaxProblem, readBatchJson } from '../../../features/validation/common/syntax.ts';
import { validEvent } from './validation-support.ts';

/**
 * A text JSON.parse refuses is scanned from just before where JSON.parse stopped: the problem
 * found must be the one a scan of the whole text finds first, and the line JSON.parse said it
 * stopped on must place it where counting lines from the start does.
 */

const events = fc.array(
  fc
    .record({
      token: fc.string({ unit: fc.constantFrom('a', '"', '\\', '[', '{', ',', ':', 'é') }),
      spend: fc.oneof(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.array(fc.nat(), { maxLength: 3 })),
    })
    .map(({ token, spend }) => validEvent({ token, attributes: { spend } })),
  { minLength: 1, maxLength: 5 },
);

/** Characters whose insertion or removal breaks JSON in every way it breaks: quotes, escapes, brackets, separators, bare words, comments, controls. */
const damage = fc.string({
  unit: fc.constantFrom('"', '\\', '{', '}', '[', ']', ',', ':', 'x', 'tru', '01', '-', '.', 'e', '/', '*', '\t', '\n', '\r', "'", '\u00a0', '\u2028', '😀'),
  minLength: 1,
  maxLength: 3,
});

describe('locating a syntax error, by property', () => {
  it('finds where the first problem is, as a scan of the whole text does', () => {
    fc.assert(
      fc.property(events, fc.constantFrom(0, 2), fc.boolean(), fc.nat(), fc.nat({ max: 3 }), damage, (batch, indent, crlf, pick, remove, inserted) => {
        const valid = JSON.stringify(batch, null, indent).replaceAll('\n', crlf ? '\r\n' : '\n');
        const at = pick % (valid.length + 1);
        const text = valid.slice(0, at) + inserted + valid.slice(at + remove);
        const reading = readBatchJson(text);
        if (reading.problem === undefined) return;
        const { anchor, ...problem } = reading.problem;
        expect(problem).toEqual(findSyntaxProblem(text));
        const offsets = [problem.offset, problem.offset + problem.length];
        expect(positionsOf(text, offsets, anchor)).toEqual(positionsOf(text, offsets));
      }),
      { numRuns: 2000 },
    );
  });
});
