/**
 * A batch text as edits inside its events leave it, without rewriting the whole: the text of
 * the last full run, and the text of each event edited since. Joining a 28 MB text again on
 * every keystroke costs a copy of it, and the copy's garbage, each time it is read; an event's
 * text costs what the event holds.
 */

export interface BatchText {
  original: string;
  /** Where each event was in the original. */
  originalStarts: Uint32Array;
  originalEnds: Uint32Array;
  /** The events edited since, by index. */
  edited: Map<number, string>;
}

export function batchText(original: string, starts: Uint32Array, ends: Uint32Array): BatchText {
  return { original, originalStarts: starts.slice(), originalEnds: ends.slice(), edited: new Map() };
}

export function eventText(text: BatchText, index: number): string {
  return text.edited.get(index) ?? text.original.slice(text.originalStarts[index], text.originalEnds[index]);
}

/** The whole text as it now is. */
export function wholeText(text: BatchText): string {
  let whole = '';
  let from = 0;
  for (const index of [...text.edited.keys()].sort((a, b) => a - b)) {
    whole += text.original.slice(from, text.originalStarts[index]) + text.edited.get(index)!;
    from = text.originalEnds[index]!;
  }
  return whole + text.original.slice(from);
}
