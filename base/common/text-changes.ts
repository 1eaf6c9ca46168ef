/**
 * Edits to a batch's text as the editor reports them: replace `rangeLength` characters at
 * `rangeOffset` with `text`. A list holds them in the order they were made, each offset in the
 * text as it was after the ones before (Monaco's content changes, which within one event run
 * from the end of the text to its start, so applying them in turn is right).
 */
export interface TextChange {
  rangeOffset: number;
  rangeLength: number;
  text: string;
}

/** A block's size: an edit copies one block, not the whole text. */
const BLOCK = 64 * 1024;

/**
 * A long text held as blocks, so that a run of small edits to a 29 MB text (a draft's journal,
 * replayed) costs what the edits touch: slicing one flat string per edit copies all of it.
 */
export class TextBlocks {
  private blocks: string[] = [];

  constructor(parts: Iterable<string> = []) {
    for (const part of parts) this.append(part);
  }

  append(part: string): void {
    for (let at = 0; at < part.length; at += BLOCK) this.blocks.push(part.slice(at, at + BLOCK));
  }

  get length(): number {
    let length = 0;
    for (const block of this.blocks) length += block.length;
    return length;
  }

  /** Applies each change in turn; a change outside the text is refused whole (RangeError). */
  apply(changes: readonly TextChange[]): void {
    for (const change of changes) this.applyOne(change);
  }

  private applyOne({ rangeOffset, rangeLength, text }: TextChange): void {
    const end = rangeOffset + rangeLength;
    if (rangeOffset < 0 || rangeLength < 0 || end > this.length)
      throw new RangeError(`A change at ${rangeOffset} (+${rangeLength}) falls outside a text of ${this.length} characters.`);
    // The blocks the range touches, [first, last], and where the first one starts.
    let first = 0;
    let firstStart = 0;
    while (first < this.blocks.length - 1 && firstStart + this.blocks[first]!.length < rangeOffset) firstStart += this.blocks[first++]!.length;
    let last = first;
    let lastEnd = firstStart + (this.blocks[first]?.length ?? 0);
    while (last < this.blocks.length - 1 && lastEnd < end) lastEnd += this.blocks[++last]!.length;
    const joined = this.blocks.slice(first, last + 1).join('');
    const edited = joined.slice(0, rangeOffset - firstStart) + text + joined.slice(end - firstStart);
    const replacement: string[] = [];
    for (let at = 0; at < edited.length; at += BLOCK) replacement.push(edited.slice(at, at + BLOCK));
    this.blocks.splice(first, last - first + 1, ...replacement);
  }

  /** The blocks in order, for writing them out one at a time. */
  parts(): readonly string[] {
    return this.blocks;
  }

  toString(): string {
    return this.blocks.join('');
  }
}

/**
 * Edits in text order (ascending, none overlapping) joined into fewer, each spanning at most
 * `maxSpan` characters of the text, the text between joined edits read back as it is: the
 * result makes the same text. An editor pays per edit for what it tracks per line (Monaco's
 * tokenizer keeps a list of lines to redo, updated edit by edit, so 60 000 edits cost 15 s).
 */
export function joinNearby(edits: readonly TextChange[], read: (start: number, end: number) => string, maxSpan: number): TextChange[] {
  const joined: TextChange[] = [];
  let group: TextChange | null = null;
  for (const edit of edits) {
    const groupEnd: number = group ? group.rangeOffset + group.rangeLength : 0;
    if (group && edit.rangeOffset + edit.rangeLength - group.rangeOffset <= maxSpan) {
      group = {
        rangeOffset: group.rangeOffset,
        rangeLength: edit.rangeOffset + edit.rangeLength - group.rangeOffset,
        text: group.text + read(groupEnd, edit.rangeOffset) + edit.text,
      };
    } else {
      if (group) joined.push(group);
      group = { ...edit };
    }
  }
  if (group) joined.push(group);
  return joined;
}

/**
 * Edits cut into runs, in order, each of at most `maxEdits` edits and, past its first edit, at
 * most `maxChars` characters replaced and inserted: work an editor does in one task.
 */
export function inSlices(edits: readonly TextChange[], maxEdits: number, maxChars: number): TextChange[][] {
  const slices: TextChange[][] = [];
  let slice: TextChange[] = [];
  let chars = 0;
  for (const edit of edits) {
    const size = edit.rangeLength + edit.text.length;
    if (slice.length > 0 && (slice.length >= maxEdits || chars + size > maxChars)) {
      slices.push(slice);
      slice = [];
      chars = 0;
    }
    slice.push(edit);
    chars += size;
  }
  if (slice.length > 0) slices.push(slice);
  return slices;
}

/**
 * The edits that undo `edits` (in text order, none overlapping), in text order, offsets into
 * the text the edits made; `read` reads the text before them.
 */
export function inverseOf(edits: readonly TextChange[], read: (start: number, end: number) => string): TextChange[] {
  let shift = 0;
  return edits.map((edit) => {
    const inverse = { rangeOffset: edit.rangeOffset + shift, rangeLength: edit.text.length, text: read(edit.rangeOffset, edit.rangeOffset + edit.rangeLength) };
    shift += edit.text.length - edit.rangeLength;
    return inverse;
  });
}
