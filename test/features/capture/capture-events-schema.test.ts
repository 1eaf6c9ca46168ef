import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeRanges, selectionSize } from '../../../features/capture/common/capture-events.ts';

/** A selection's ranges of places: merged, each place once, in order, whatever order and overlap they came in. */

const places = (ranges: readonly (readonly [number, number])[]) => {
  const set = new Set<number>();
  for (const [from, to] of ranges) for (let place = from; place < to; place++) set.add(place);
  return [...set].sort((a, b) => a - b);
};

describe('mergeRanges', () => {
  it('joins ranges that touch or overlap and leaves out empty ones', () => {
    expect(
      mergeRanges([
        [5, 7],
        [0, 2],
        [1, 3],
        [3, 4],
        [9, 9],
      ]),
    ).toEqual([
      [0, 4],
      [5, 7],
    ]);
  });

  it('covers the same places as what it was given, each once, sorted and apart', () => {
    const range = fc.tuple(fc.nat(200), fc.nat(20)).map(([from, length]): [number, number] => [from, from + length]);
    fc.assert(
      fc.property(fc.array(range, { maxLength: 30 }), (ranges) => {
        const merged = mergeRanges(ranges);
        expect(places(merged)).toEqual(places(ranges));
        expect(selectionSize(merged)).toBe(places(ranges).length);
        for (let at = 1; at < merged.length; at++) expect(merged[at]![0]).toBeGreaterThan(merged[at - 1]![1]);
      }),
    );
  });
});
