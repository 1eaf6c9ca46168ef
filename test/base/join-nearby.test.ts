import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inSlices, inverseOf, joinNearby, type TextChange } from '../../base/common/text-changes.ts';

/** Edits in text order applied from the last to the first, so each offset is into the text as it was. */
function applied(text: string, edits: readonly TextChange[]): string {
  let result = text;
  for (const edit of [...edits].reverse()) result = result.slice(0, edit.rangeOffset) + edit.text + result.slice(edit.rangeOffset + edit.rangeLength);
  return result;
}

/** A text and edits into it in ascending order, none overlapping. */
const textAndEdits = fc.string({ minLength: 0, maxLength: 300 }).chain((text) =>
  fc.array(fc.tuple(fc.nat(text.length), fc.nat(8), fc.string({ maxLength: 6 })), { maxLength: 30 }).map((raw) => {
    const edits: TextChange[] = [];
    let from = 0;
    for (const [at, length, insert] of [...raw].sort((a, b) => a[0] - b[0])) {
      if (at < from) continue;
      const rangeLength = Math.min(length, text.length - at);
      edits.push({ rangeOffset: at, rangeLength, text: insert });
      from = at + rangeLength + 1;
    }
    return { text, edits };
  }),
);

describe('joining nearby edits', () => {
  it('makes the same text, with no more edits, each within the span asked (or one edit longer than it)', () => {
    fc.assert(
      fc.property(textAndEdits, fc.integer({ min: 1, max: 80 }), ({ text, edits }, maxSpan) => {
        const joined = joinNearby(edits, (start, end) => text.slice(start, end), maxSpan);
        expect(applied(text, joined)).toBe(applied(text, edits));
        expect(joined.length).toBeLessThanOrEqual(edits.length);
        for (const edit of joined)
          expect(edit.rangeLength <= maxSpan || edits.some((one) => one.rangeOffset === edit.rangeOffset && one.rangeLength === edit.rangeLength)).toBe(true);
      }),
    );
  });

  it('joins 60 000 small edits of a long text into a few hundred', () => {
    const text = 'x'.repeat(6_000_000);
    const edits = Array.from({ length: 60_000 }, (_, n) => ({ rangeOffset: n * 100, rangeLength: 4, text: 'abcdef' }));
    expect(joinNearby(edits, (start, end) => text.slice(start, end), 16 * 1024).length).toBeLessThan(400);
  });
});

describe('undoing edits', () => {
  it('the inverse of edits, applied to the text they made, gives back the text before', () => {
    fc.assert(
      fc.property(textAndEdits, ({ text, edits }) => {
        const inverse = inverseOf(edits, (start, end) => text.slice(start, end));
        expect(applied(applied(text, edits), inverse)).toBe(text);
        expect(
          applied(
            text,
            inverseOf(inverse, (start, end) => applied(text, edits).slice(start, end)),
          ),
        ).toBe(applied(text, edits));
      }),
    );
  });
});

describe('slicing edits', () => {
  it('keeps every edit in order, each slice within the edits and characters asked (or one edit)', () => {
    fc.assert(
      fc.property(textAndEdits, fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 20 }), ({ edits }, maxEdits, maxChars) => {
        const slices = inSlices(edits, maxEdits, maxChars);
        expect(slices.flat()).toEqual(edits);
        for (const slice of slices) {
          expect(slice.length).toBeGreaterThan(0);
          expect(slice.length).toBeLessThanOrEqual(maxEdits);
          const chars = slice.reduce((sum, edit) => sum + edit.rangeLength + edit.text.length, 0);
          expect(chars <= maxChars || slice.length === 1).toBe(true);
        }
      }),
    );
  });
});
