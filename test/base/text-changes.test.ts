import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextBlocks, type TextChange } from '../../base/common/text-changes.ts';

const naive = (text: string, { rangeOffset, rangeLength, text: inserted }: TextChange) =>
  text.slice(0, rangeOffset) + inserted + text.slice(rangeOffset + rangeLength);

describe('a long text held as blocks', () => {
  it('applies any run of edits exactly as slicing one string would, across block boundaries', () => {
    // Past two 64 Ki blocks, so edits land in one block, at a boundary and across several.
    const start = 'abcdefghij'.repeat(14_000);
    const edit = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 80_000 }), fc.string({ maxLength: 70_000 }));
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 12 }), (edits) => {
        const blocks = new TextBlocks([start]);
        let expected = start;
        for (const [where, length, inserted] of edits) {
          const rangeOffset = Math.floor(where * expected.length);
          const change = { rangeOffset, rangeLength: Math.min(length, expected.length - rangeOffset), text: inserted };
          blocks.apply([change]);
          expected = naive(expected, change);
        }
        expect(blocks.toString()).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a change outside the text', () => {
    expect(() => new TextBlocks(['abc']).apply([{ rangeOffset: 2, rangeLength: 5, text: '' }])).toThrow(RangeError);
  });
});
