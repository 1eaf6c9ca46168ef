/**
 * Line and column (both from 1, columns in UTF-16 code units as editors count them) of text
 * offsets. Counting lines costs a pass over the text up to the last offset asked for, so it
 * is done once, for all the offsets of all the diagnostics together, and only when there are
 * any, from a line already known when there is one. A CRLF line end counts as one: its \r ends
 * the line before.
 */

export interface Position {
  line: number;
  column: number;
}

/** A line whose number and start are known, so counting can begin there. */
export interface LineAnchor {
  line: number;
  lineStart: number;
}

const TEXT_START: LineAnchor = { line: 1, lineStart: 0 };

/** The line that holds `offset`, counted back from a later line: a few lines, where anchors are given. */
function lineBefore(text: string, offset: number, { line, lineStart }: LineAnchor): LineAnchor {
  while (lineStart > offset) {
    // The line before ends with the \n at lineStart - 1 and starts after the \n before that.
    lineStart = lineStart >= 2 ? text.lastIndexOf('\n', lineStart - 2) + 1 : 0;
    line--;
  }
  return { line, lineStart };
}

export function positionsOf(text: string, offsets: Iterable<number>, from: LineAnchor = TEXT_START): Map<number, Position> {
  const wanted = [...new Set(offsets)].sort((a, b) => a - b);
  const positions = new Map<number, Position>();
  let { line, lineStart } = wanted.length > 0 ? lineBefore(text, wanted[0]!, from) : from;
  // Kept between offsets: searching again from the line's start for each one would read a long
  // line once per diagnostic on it, and a one-line batch of many problems never ended.
  let newline = text.indexOf('\n', lineStart);
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
