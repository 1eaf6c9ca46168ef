/**
 * Line and column (both from 1, columns in UTF-16 code units as editors count them) of text
 * offsets. Counting lines costs a pass over the text up to the last offset asked for, so it
 * is done once, for all the offsets of all the diagnostics together, and only when there are
 * any. A CRLF line end counts as one: its \r ends the line before.
 */

export interface Position {
  line: number;
  column: number;
}

export function positionsOf(text: string, offsets: Iterable<number>): Map<number, Position> {
  const wanted = [...new Set(offsets)].sort((a, b) => a - b);
  const positions = new Map<number, Position>();
  let line = 1;
  let lineStart = 0;
  // Kept between offsets: searching again from the line's start for each one would read a long
  // line once per diagnostic on it, and a one-line batch of many problems never ended.
  let newline = text.indexOf('\n');
  for (const offset of wanted) {
    while (newline !== -1 && newline < offset) {
      line++;
      lineStart = newline + 1;
      newline = text.indexOf('\n', lineStart);
    }
    positions.set(offset, { line, column: offset - lineStart + 1 });
  }
  return positions;
}
