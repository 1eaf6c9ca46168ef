import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_PROGRAM, linearPattern, patternProblem } from '../../../features/plans/common/linear-pattern.ts';
import hostile from '../../fixtures/hostile/catastrophic-patterns.json' with { type: 'json' };

/**
 * Plan patterns run on a matcher that cannot backtrack: every valid pattern RE2 can run is
 * taken, matches as JavaScript would, and takes time linear in the value, whatever its shape.
 */

/** A generous bound for one check of a 10 kB value: JavaScript's RegExp takes longer than the universe's age on these. */
const CHECK_BUDGET_MS = 2_000;
const VALUE_LENGTH = 10_000;

function matcherOf(pattern: string) {
  const found = linearPattern(pattern);
  if ('problem' in found) throw new Error(`${pattern} ${found.problem}`);
  return found;
}

/** A generated pattern's matcher; a pattern refused for its size is no counterexample, as it never runs. */
function generatedMatcher(pattern: string) {
  const problem = patternProblem(pattern);
  fc.pre(problem === null || !problem.startsWith('is too large'));
  return matcherOf(pattern);
}

/** Whether `pattern` takes `value`, and how long it took to say. */
function timedTest(pattern: string, value: string): { matched: boolean; ms: number } {
  const matcher = matcherOf(pattern);
  const started = performance.now();
  const matched = matcher.test(value);
  return { matched, ms: performance.now() - started };
}

describe('linearPattern', () => {
  it.each([
    '^\\d+\\.\\d{2}$',
    '^(EUR|USD|GBP)$',
    '^[a-z]+@[a-z]+\\.[a-z]+$',
    '^https?://[a-z]+(\\.[a-z]+)*/?$',
    '^\\p{L}+$',
    '^\\u{1F600}+$',
    '^.*foo.*$',
    '^(?<year>\\d{4})-(?<month>\\d{2})$',
    '^(?:ab)+$',
    '^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\\.[A-Za-z]{2,63}$',
  ])('takes %s', (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
  });

  it.each(['(', '[a-', 'a{2,1}', '\\k<nope>', '(?<x>a)(?<x>b)'])('refuses %s, which is not a valid regular expression, saying why', (pattern) => {
    expect(patternProblem(pattern)).toMatch(/^is not a valid regular expression \(.+\)$/);
  });

  it.each([
    ['^(a)\\1$', 'uses a backreference'],
    ['^(?<q>["\'])\\w+\\k<q>$', 'uses a backreference'],
    ['^(?=.*\\d)\\w+$', 'uses a lookahead or lookbehind'],
    ['^(?!tmp_)\\w+$', 'uses a lookahead or lookbehind'],
    ['(?<=\\$)\\d+', 'uses a lookahead or lookbehind'],
    ['(?<!-)\\d+', 'uses a lookahead or lookbehind'],
    ['^\\p{Script=Greek}+$', 'uses syntax a matcher that cannot backtrack does not take'],
    ['^[^\\S-]+$', 'uses \\S inside a negated character class'],
    [`^(?:[ab]{0,${MAX_PATTERN_PROGRAM}})x$`, `more than the ${MAX_PATTERN_PROGRAM} allowed`],
  ])('refuses %s, saying what the matcher cannot run', (pattern, reason) => {
    expect(patternProblem(pattern)).toContain(reason);
  });

  it.each(hostile.patterns)('runs $pattern, which backtracks catastrophically in JavaScript, on 10 kB within the budget', ({ pattern, value, tail }) => {
    const short = `${value.repeat(6)}${tail}`;
    const long = `${value.repeat(VALUE_LENGTH)}${tail}`;
    expect(matcherOf(pattern).test(short)).toBe(new RegExp(pattern, 'u').test(short));
    expect(timedTest(pattern, long).ms).toBeLessThan(CHECK_BUDGET_MS);
  });

  it('reads ., \\s, \\S and [\\b] as JavaScript does, not as RE2', () => {
    for (const [pattern, value] of [
      ['^a.b$', 'a\rb'],
      ['^a.b$', 'a\u2028b'],
      ['^\\s$', '\u00a0'],
      ['^\\s$', '\v'],
      ['^[\\s]$', '\ufeff'],
      ['^\\S$', '\u3000'],
      ['^[\\b]$', '\b'],
      ['^\\bx', 'x'],
      ['^[\\s\\S]+$', 'a\n\u3000'],
      ['^[\\S-]+$', 'a-b'],
      ['^[\\S-]+$', 'a b'],
      ['^[a\\S]$', '\u00a0'],
    ] as const) {
      expect([pattern, matcherOf(pattern).test(value)]).toEqual([pattern, new RegExp(pattern, 'u').test(value)]);
    }
  });
});

/**
 * Small patterns of nested groups, optional parts, alternations and repeats over a few
 * characters, nested up to `depth` groups. JavaScript's own RegExp, the reference on short
 * values, backtracks on deep ones even there, so the comparison keeps them shallower.
 */
const atom = fc.constantFrom('a', 'b', '.', '\\d', '\\s', '\\S', '\\w', '[ab]', '[^a]', '[\\s\\S]', '[a\\S]', '[^\\s]', '1', ' ');
const quantifier = fc.constantFrom('', '', '?', '*', '+', '{1,3}', '{2}', '??', '*?');
const patterns = (depth: number): fc.Arbitrary<string> =>
  fc
    .letrec<{ expression: string; term: string }>((tie) => ({
      term: fc.oneof(
        { maxDepth: depth, withCrossShrink: true },
        fc.tuple(atom, quantifier).map(([text, repeat]) => `${text}${repeat}`),
        fc.tuple(tie('expression'), quantifier, fc.constantFrom('(', '(?:')).map(([inner, repeat, open]) => `${open}${inner})${repeat}`),
      ),
      expression: fc
        .array(
          fc.array(tie('term'), { minLength: 1, maxLength: 3 }).map((terms) => terms.join('')),
          { minLength: 1, maxLength: 3 },
        )
        .map((branches) => branches.join('|')),
    }))
    .expression.map((body) => `^(?:${body})$`);

describe('linearPattern, generated patterns', () => {
  it('matches as JavaScript does on short values', () => {
    fc.assert(
      fc.property(
        patterns(2),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '1', ' ', '\n', '\r', '\u00a0', '!'), maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        (source, values) => {
          const matcher = generatedMatcher(source);
          const regExp = new RegExp(source, 'u');
          for (const value of values) expect([source, value, matcher.test(value)]).toEqual([source, value, regExp.test(value)]);
        },
      ),
      // A fixed seed: about one random seed in 40 draws a pattern that JavaScript's backtracking
      // reference takes 4 to 46 s to test on six characters (the linear engine: under 1 ms), which
      // no timeout can cut short (seeds 1-120 searched; a fresh-clone run timed out on one). Change
      // the seed to explore other patterns; the linear engine's own time is the next test's.
      { numRuns: 300, seed: 20_261_130 },
    );
  });

  it('checks 10 kB values that almost match within the budget, whatever the nesting', () => {
    fc.assert(
      fc.property(patterns(4), fc.constantFrom('a', 'b', '1', 'ab', 'a1 '), (source, unit) => {
        const value = `${unit.repeat(Math.ceil(VALUE_LENGTH / unit.length))}!`;
        generatedMatcher(source);
        expect(timedTest(source, value).ms).toBeLessThan(CHECK_BUDGET_MS);
      }),
      { numRuns: 60 },
    );
  });
});
