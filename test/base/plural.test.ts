import { describe, expect, it } from 'vitest';
import { plural } from '../../base/common/plural.ts';

describe('plural', () => {
  it('puts the count before the word, singular only for one, with thousands separated', () => {
    expect([0, 1, 2, 12_500].map((count) => plural(count, 'chunk'))).toEqual(['0 chunks', '1 chunk', '2 chunks', '12,500 chunks']);
    expect(plural(3, 'matching submission')).toBe('3 matching submissions');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
  });
});
