import { useEffect, useState } from 'react';
import { eventEdits, type EventEdit } from '../../../features/transforms/common/batch-edit.ts';
import { applyToLayout, type BatchSource, type EventChange, type LaidOut } from '../../../features/transforms/common/operations.ts';
import type { TextChange } from '../../../base/common/text-changes.ts';
import { readBatchEvents, type BatchEvents } from '../../../features/validation/common/batch-layout.ts';
import { monaco } from '../../monaco/setup.ts';
import { textOf } from '../../monaco/batch-models.ts';
import { resetSelection, selectionOf } from '../../base/state/event-selection.ts';
import { isWorking } from '../../base/state/text-work.ts';

/**
 * The events of a batch as the Form view and the event operations read and edit them: parsed
 * once, with where each starts and ends in the text (the validator's own layout pass), held per
 * model until the text changes. An edit made here (a form field, an event operation) reads and
 * changes only the text it touches, through the model's edit API so Ctrl/Cmd+Z in the JSON view
 * undoes it as one step, then moves the spans by what it added: a field or a delete in a 29 MB
 * batch costs what one event costs. An edit made anywhere else (the JSON view, an undo) has the
 * layout read anew, after a pause while typing goes on.
 */

export type EventsLayout = BatchEvents;

/** An edit from elsewhere waits for this pause before the whole text is read again. */
const RELAYOUT_PAUSE_MS = 200;

/** The layout of each model's text, at the version it was read or kept up for. */
const held = new WeakMap<monaco.editor.ITextModel, { version: number; layout: EventsLayout | null }>();
const listeners = new WeakMap<monaco.editor.ITextModel, Set<(layout: EventsLayout | null) => void>>();
/** The model an edit from here is being made to: its own change events are not "from elsewhere". */
let editing: monaco.editor.ITextModel | null = null;

/** The batch's events and their spans, read anew only when the text changed since. */
export function eventsLayoutOf(model: monaco.editor.ITextModel): EventsLayout | null {
  const known = knownEventsLayoutOf(model);
  if (known !== undefined) return known;
  const layout = readBatchEvents(textOf(model));
  held.set(model, { version: model.getVersionId(), layout });
  return layout;
}

/** The layout when it has been read for the text as it is now; undefined, and nothing read, when not. */
export function knownEventsLayoutOf(model: monaco.editor.ITextModel): EventsLayout | null | undefined {
  const known = held.get(model);
  return known?.version === model.getVersionId() ? known.layout : undefined;
}

function keep(model: monaco.editor.ITextModel, layout: EventsLayout): void {
  held.set(model, { version: model.getVersionId(), layout });
  for (const listener of listeners.get(model) ?? []) listener(layout);
}

function rangeOf(model: monaco.editor.ITextModel, start: number, end: number): monaco.Range {
  return monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end));
}

/** The model's text, read a piece at a time. */
export function sourceOf(model: monaco.editor.ITextModel): BatchSource {
  return { length: model.getValueLength(), read: (start, end) => model.getValueInRange(rangeOf(model, start, end)) };
}

/** Changes at offsets into the text as it is, made at once as one undo step, apart from typing before or after. */
function push(model: monaco.editor.ITextModel, changes: readonly TextChange[]): void {
  editing = model;
  try {
    model.pushStackElement();
    model.pushEditOperations(
      [],
      changes.map((change) => ({ range: rangeOf(model, change.rangeOffset, change.rangeOffset + change.rangeLength), text: change.text })),
      () => null,
    );
    model.pushStackElement();
  } finally {
    editing = null;
  }
}

/** An event operation's changes (features/transforms/common/operations.ts), made as one undo step; the layout after it, or null when nothing changed. */
export function applyEventChanges(model: monaco.editor.ITextModel, changes: readonly EventChange[]): LaidOut | null {
  if (isWorking(model)) return null;
  const layout = eventsLayoutOf(model);
  if (!layout || changes.length === 0) return null;
  const next = applyToLayout(layout, changes);
  push(model, changes);
  keep(model, next);
  return next;
}

/** A form edit of one event's fields. */
export function editEvent(model: monaco.editor.ITextModel, index: number, change: EventEdit): void {
  if (isWorking(model)) return;
  const layout = eventsLayoutOf(model);
  if (!layout || index >= layout.events.length) return;
  const start = layout.starts[index]!;
  const range = rangeOf(model, start, layout.ends[index]!);
  const changes = eventEdits(model.getValueInRange(range), range.startColumn - 1, change);
  if (changes.length === 0) return;
  push(
    model,
    changes.map((edit) => ({ ...edit, rangeOffset: start + edit.rangeOffset })),
  );
  const added = changes.reduce((sum, edit) => sum + edit.text.length - edit.rangeLength, 0);
  const starts = layout.starts.slice();
  const ends = layout.ends.slice();
  ends[index]! += added;
  for (let after = index + 1; after < starts.length; after++) {
    starts[after]! += added;
    ends[after]! += added;
  }
  const events = layout.events.slice();
  events[index] = JSON.parse(model.getValueInRange(rangeOf(model, start, ends[index]!)));
  keep(model, { events, starts, ends });
}

/** The selection must not point past the events, nor at other events than the user chose. */
function fitSelection(batchId: string, layout: EventsLayout | null, countChanged: boolean): void {
  const count = layout?.events.length ?? 0;
  if (countChanged || [...selectionOf(batchId).selected].some((index) => index >= count)) resetSelection(batchId, count);
}

/** The Form view's events, kept current with the text. */
export function useFormEvents(model: monaco.editor.ITextModel, batchId: string) {
  const [layout, setLayout] = useState(() => eventsLayoutOf(model));

  useEffect(() => {
    fitSelection(batchId, eventsLayoutOf(model), false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ours = new Set(listeners.get(model));
    const listener = (next: EventsLayout | null) => setLayout(next);
    ours.add(listener);
    listeners.set(model, ours);
    const listening = model.onDidChangeContent(() => {
      if (editing === model) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const before = held.get(model)?.layout ?? null;
        const next = eventsLayoutOf(model);
        fitSelection(batchId, next, before?.events.length !== next?.events.length);
        setLayout(next);
      }, RELAYOUT_PAUSE_MS);
    });
    return () => {
      listening.dispose();
      clearTimeout(timer);
      listeners.get(model)?.delete(listener);
    };
  }, [model, batchId]);

  return { layout, edit: (index: number, change: EventEdit) => editEvent(model, index, change) };
}
