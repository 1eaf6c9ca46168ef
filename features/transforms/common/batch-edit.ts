import { findNodeAtLocation, modify, parseTree, type FormattingOptions, type JSONPath } from 'jsonc-parser';
import type { TextChange } from '../../../base/common/text-changes.ts';

/**
 * Form edits to one event of a batch, as edits of its text: jsonc-parser changes just the value
 * at a path and leaves every other character (formatting, comments, key order) as it was. It
 * reads only the event's own text, never the whole batch: a 29 MB batch costs what one event
 * costs. Offsets in the answer are into the event's text.
 */

export type EventEdit =
  | { kind: 'set'; path: JSONPath; value: unknown }
  | { kind: 'remove'; path: JSONPath }
  /** Renames an attribute in place, keeping its value and its place among the others. */
  | { kind: 'rename'; from: string; to: string };

/**
 * `column` is how many characters stand before the event on its line: an inserted field is
 * indented like the fields around it only if the indentation is measured from the line's start.
 */
export function eventEdits(eventText: string, column: number, edit: EventEdit): TextChange[] {
  if (edit.kind === 'rename') return renameEdits(eventText, edit.from, edit.to);
  // Spaces stand in for whatever precedes the event on its line ("[", "}, "), so the text parses as the event alone.
  const text = ' '.repeat(column) + eventText;
  const value = edit.kind === 'set' ? edit.value : undefined;
  const edits = (formattingOptions?: FormattingOptions) =>
    modify(text, edit.path, value, formattingOptions ? { formattingOptions } : {}).map((change) =>
      minimal(text, { rangeOffset: change.offset - column, rangeLength: change.length, text: change.content }, column),
    );
  // A one-line event stays on one line; an edit that would re-indent the event's own first line is made unformatted.
  const formatted = eventText.includes('\n') ? edits(formattingOf(eventText, column)) : null;
  return formatted?.every((change) => change.rangeOffset >= 0) ? formatted : edits();
}

function renameEdits(eventText: string, from: string, to: string): TextChange[] {
  const key = findNodeAtLocation(parseTree(eventText) ?? { type: 'null', offset: 0, length: 0 }, ['attributes', from])?.parent?.children?.[0];
  return key ? [{ rangeOffset: key.offset, rangeLength: key.length, text: JSON.stringify(to) }] : [];
}

/** The indentation the event's own fields use, measured from the event's column, and its line ends. */
function formattingOf(eventText: string, column: number): FormattingOptions {
  const fieldIndent = /\n([ \t]*)"/.exec(eventText)?.[1] ?? '';
  const tabs = fieldIndent.startsWith('\t');
  const unit = tabs ? 1 : fieldIndent.length - column;
  return { insertSpaces: !tabs, tabSize: unit > 0 ? Math.min(unit, 8) : 2, eol: eventText.includes('\r\n') ? '\r\n' : '\n' };
}

/**
 * jsonc-parser rewrites the whole lines around an insertion; keeping only what differs from
 * the text it replaces makes the edit (and so the undo step and the journal) exactly the change.
 */
function minimal(text: string, change: TextChange, column: number): TextChange {
  const replaced = text.slice(change.rangeOffset + column, change.rangeOffset + column + change.rangeLength);
  let head = 0;
  while (head < replaced.length && head < change.text.length && replaced[head] === change.text[head]) head++;
  let tail = 0;
  while (
    tail < replaced.length - head &&
    tail < change.text.length - head &&
    replaced[replaced.length - 1 - tail] === change.text[change.text.length - 1 - tail]
  )
    tail++;
  return { rangeOffset: change.rangeOffset + head, rangeLength: replaced.length - head - tail, text: change.text.slice(head, change.text.length - tail) };
}
