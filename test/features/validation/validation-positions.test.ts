import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionsOf } from '../../../features/validation/common/positions.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('positions of diagnostics', () => {
  it('count lines and columns from 1, a CRLF ending one line', () => {
    const positions = positionsOf('ab\r\ncd\n\nef', [0, 3, 5, 8, 10]);
    expect([...positions]).toEqual([
      [0, { line: 1, column: 1 }],
      [3, { line: 1, column: 4 }],
      [5, { line: 2, column: 2 }],
      [8, { line: 4, column: 1 }],
      [10, { line: 4, column: 3 }],
    ]);
  });

  it('look for each line end once, however many offsets share a long line', () => {
    // A one-line batch of 700 000 elements that are not events had as many diagnostics, and
    // searching from the line's start for each one read the line 700 000 times.
    const text = `${'x'.repeat(1_000_000)}\nab`;
    const offsets = Array.from({ length: 10_000 }, (_, index) => index * 100);
    const searches = vi.spyOn(String.prototype, 'indexOf');
    const positions = positionsOf(text, [...offsets, text.length]);
    expect(searches.mock.calls.length).toBeLessThanOrEqual(2);
    expect(positions.get(99_900)).toEqual({ line: 1, column: 99_901 });
    expect(positions.get(text.length)).toEqual({ line: 2, column: 3 });
  });

  it('count from a line already known, back as well as on', () => {
    const text = 'ab\n\ncd\r\nef\ngh';
    const offsets = [0, 2, 3, 5, 9, 11, text.length];
    for (const anchor of [
      { line: 3, lineStart: 4 },
      { line: 5, lineStart: 11 },
      { line: 2, lineStart: 3 },
    ]) {
      expect(positionsOf(text, offsets, anchor)).toEqual(positionsOf(text, offsets));
    }
  });
});
