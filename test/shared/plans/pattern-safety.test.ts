import { describe, expect, it } from 'vitest';
import { patternProblem } from '../../../shared/plans/pattern-safety.ts';

/** Which patterns a plan may hold: valid ones without the shapes of catastrophic backtracking. */

describe('patternProblem', () => {
  it.each(['^\\d+\\.\\d{2}$', '^(EUR|USD|GBP)$', '^[a-z]+@[a-z]+\\.[a-z]+$', '^https?://[a-z]+(\\.[a-z]+)*/?$', '^([a-z]+,)*[a-z]+$', '^\\d{3}-?\\d{4}$', '^tok_[0-9a-z]{6}_[0-9a-z]{8}$', '^\\p{L}+$', '^\\u{1F600}+$', '^.*foo.*$', '^(?<year>\\d{4})-(?<month>\\d{2})$', '^(?:ab)+$'])('lets %s run', (pattern) => {
    expect(patternProblem(pattern)).toBeNull();
  });

  it.each(['(', '[a-', 'a{2,1}', '\\k<nope>', '(?<x>a)(?<x>b)'])('refuses %s, which is not a valid regular expression, saying why', (pattern) => {
    expect(patternProblem(pattern)).toMatch(/^is not a valid regular expression \(.+\)$/);
  });

  it.each([
    ['^(a+)+$', 'holds a part that repeats itself'],
    ['^(\\w+\\s?)*$', 'holds a part that repeats itself'],
    ['(x+x+)+y', 'holds a part that repeats itself'],
    ['^(?:a{1,5}){2,}$', 'holds a part that repeats itself'],
    ['^(a|ab)*$', 'branches that can start with the same character'],
    ['^(\\d|-)+x$', 'branches that can start with the same character'],
    ['^\\d*\\d*\\d*x$', 'more than 2 repeated parts in a row'],
    ['^a?a?a?aaa$', 'more than 2 repeated parts in a row'],
    ['^(\\d+)(\\d+)(\\d+)x$', 'more than 2 repeated parts in a row'],
  ])('refuses %s, which could backtrack catastrophically', (pattern, shape) => {
    expect(patternProblem(pattern)).toMatch(new RegExp(`^could backtrack catastrophically: .*${shape.replace(/[?()]/g, '\\$&')}`));
  });
});
