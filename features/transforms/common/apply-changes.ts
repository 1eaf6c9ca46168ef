import type { JSONPath } from 'jsonc-parser';
import { eventEdits, type EventEdit } from './batch-edit.ts';
import type { TextChange } from '../../../base/common/text-changes.ts';
import type { BatchEvents } from '../../validation/common/batch-layout.ts';

/**
 * A transform's answer (the events as they should be) made into edits of the batch's text: each
 * changed event gets one edit per changed value, made by features/transforms/common/batch-edit.ts on that event's
 * own text, so formatting, comments, key order and every unchanged event stay byte for byte as
 * they were, and an undo restores exactly the text before.
 */

/** One value that changes: `after` is undefined when the field goes. */
export interface FieldChange {
  path: JSONPath;
  before: unknown;
  after: unknown;
}

export interface ChangedEvent {
  index: number;
  fields: FieldChange[];
  /** How many characters stand before the event on its first line. */
  column: number;
  /** The event's text as it is and as it will be. */
  before: string;
  after: string;
}

export interface BatchChanges {
  /** Offsets into the whole text as it is, in order, none overlapping: one undo step applies them all. */
  edits: TextChange[];
  events: ChangedEvent[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]));
  }
  return false;
}

/** The values that differ between two versions of an event, as deep into its objects as both go. */
export function fieldChanges(before: unknown, after: unknown, path: JSONPath = []): FieldChange[] {
  if (!isPlainObject(before) || !isPlainObject(after)) return sameValue(before, after) ? [] : [{ path, before, after }];
  const changes: FieldChange[] = [];
  for (const key of Object.keys(after)) {
    if (!Object.hasOwn(before, key)) changes.push({ path: [...path, key], before: undefined, after: after[key] });
    else changes.push(...fieldChanges(before[key], after[key], [...path, key]));
  }
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) changes.push({ path: [...path, key], before: before[key], after: undefined });
  }
  return changes;
}

function editOf(change: FieldChange): EventEdit {
  return change.after === undefined ? { kind: 'remove', path: change.path } : { kind: 'set', path: change.path, value: change.after };
}

/** Applies edits made against `text` (none overlapping) from the last to the first. */
function applied(text: string, edits: readonly TextChange[]): string {
  let result = text;
  for (let at = edits.length - 1; at >= 0; at--) {
    const edit = edits[at]!;
    result = result.slice(0, edit.rangeOffset) + edit.text + result.slice(edit.rangeOffset + edit.rangeLength);
  }
  return result;
}

/** Edits that meet count too: a field removed where another is added each rewrite the comma between. */
function touching(edits: readonly TextChange[]): boolean {
  return edits.some((edit, at) => at > 0 && edit.rangeOffset <= edits[at - 1]!.rangeOffset + edits[at - 1]!.rangeLength);
}

/**
 * The edits of one event's text. Values replaced in place never meet; when added or removed
 * fields meet at the same separators, the edits are made one after another instead and the
 * event's changed stretch is replaced as one edit.
 */
function editsOfEvent(eventText: string, column: number, changes: readonly FieldChange[]): TextChange[] {
  const edits = changes.flatMap((change) => eventEdits(eventText, column, editOf(change))).sort((a, b) => a.rangeOffset - b.rangeOffset);
  if (!touching(edits)) return edits;
  const after = changes.reduce((text, change) => applied(text, eventEdits(text, column, editOf(change))), eventText);
  let head = 0;
  while (head < eventText.length && head < after.length && eventText[head] === after[head]) head++;
  let tail = 0;
  while (tail < eventText.length - head && tail < after.length - head && eventText[eventText.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return [{ rangeOffset: head, rangeLength: eventText.length - head - tail, text: after.slice(head, after.length - tail) }];
}

/** The column the event starts at on its line: what batch-edit.ts indents inserted fields from. */
function columnAt(text: string, start: number): number {
  return start - (text.lastIndexOf('\n', start - 1) + 1);
}

/**
 * Edits that turn the events at `changed` of `batch` (read from `text`) into `after`'s events at
 * the same indexes. `after` has as many events as `batch`: transforms change values, not the list.
 */
export function changesAsEdits(text: string, batch: BatchEvents, after: readonly unknown[], changed: readonly number[]): BatchChanges {
  const edits: TextChange[] = [];
  const events: ChangedEvent[] = [];
  for (const index of [...changed].sort((a, b) => a - b)) {
    const fields = fieldChanges(batch.events[index], after[index]);
    if (fields.length === 0) continue;
    const start = batch.starts[index]!;
    const eventText = text.slice(start, batch.ends[index]!);
    const column = columnAt(text, start);
    const eventEdited = editsOfEvent(eventText, column, fields);
    for (const edit of eventEdited) edits.push({ ...edit, rangeOffset: edit.rangeOffset + start });
    events.push({ index, fields, column, before: eventText, after: applied(eventText, eventEdited) });
  }
  return { edits, events };
}
