import { useEffect, useRef, useState } from 'react';
import { eventEdits, type EventEdit } from '../../shared/batch-edit.ts';
import { layOutBatch } from '../../shared/validation/batch-layout.ts';
import { monaco } from '../monaco/setup.ts';

/**
 * The events of a batch as the Form view reads and edits them: parsed once, with where each
 * starts and ends in the text (the validator's own layout pass). A form edit reads and changes
 * only its event's text, through the model's edit API so Ctrl/Cmd+Z in the JSON view undoes it,
 * then moves the spans after it by what it added: a field of a 29 MB batch costs what one
 * event costs. An edit made anywhere else (the JSON view, an undo) has the layout read anew.
 */

interface EventsLayout {
  events: unknown[];
  starts: Uint32Array;
  ends: Uint32Array;
}

/** An edit from elsewhere waits for this pause before the whole text is read again. */
const RELAYOUT_PAUSE_MS = 200;

function readLayout(text: string): EventsLayout | null {
  // A byte order mark is no JSON: read past it, and count it back into the offsets.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const { starts, ends } = layOutBatch(body, value, value.length, false);
  for (let index = 0; index < starts.length; index++) {
    starts[index]! += bom;
    ends[index]! += bom;
  }
  return { events: value, starts, ends };
}

function rangeOf(model: monaco.editor.ITextModel, start: number, end: number): monaco.Range {
  return monaco.Range.fromPositions(model.getPositionAt(start), model.getPositionAt(end));
}

export function useFormEvents(model: monaco.editor.ITextModel) {
  const [layout, setLayout] = useState(() => readLayout(model.getValue()));
  const editing = useRef(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listening = model.onDidChangeContent(() => {
      if (editing.current) return;
      clearTimeout(timer);
      timer = setTimeout(() => setLayout(readLayout(model.getValue())), RELAYOUT_PAUSE_MS);
    });
    return () => {
      listening.dispose();
      clearTimeout(timer);
    };
  }, [model]);

  function edit(index: number, change: EventEdit): void {
    if (!layout || index >= layout.events.length) return;
    const start = layout.starts[index]!;
    const range = rangeOf(model, start, layout.ends[index]!);
    const changes = eventEdits(model.getValueInRange(range), range.startColumn - 1, change);
    if (changes.length === 0) return;
    editing.current = true;
    try {
      // Its own undo step, apart from typing before or after it.
      model.pushStackElement();
      model.pushEditOperations([], changes.map((edit) => ({ range: rangeOf(model, start + edit.rangeOffset, start + edit.rangeOffset + edit.rangeLength), text: edit.text })), () => null);
      model.pushStackElement();
    } finally {
      editing.current = false;
    }
    const added = changes.reduce((sum, edit) => sum + edit.text.length - edit.rangeLength, 0);
    const { starts, ends } = layout;
    ends[index]! += added;
    for (let after = index + 1; after < starts.length; after++) {
      starts[after]! += added;
      ends[after]! += added;
    }
    const events = layout.events.slice();
    events[index] = JSON.parse(model.getValueInRange(rangeOf(model, start, ends[index]!)));
    setLayout({ events, starts, ends });
  }

  return { events: layout?.events ?? null, edit };
}
