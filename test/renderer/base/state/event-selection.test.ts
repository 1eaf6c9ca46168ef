import { describe, expect, it } from 'vitest';
import {
  chooseEvents,
  focusAfterDelete,
  focusEvent,
  followEdit,
  pickEvent,
  resetSelection,
  selectedEvents,
  selectionOf,
  showOnly,
  targetEvents,
} from '../../../../renderer/base/state/event-selection.ts';

let next = 0;
const batch = () => `batch-${next++}`;

describe('the event selection', () => {
  it('answers null for nothing chosen or only the focused event, and the chosen events in order otherwise', () => {
    const id = batch();
    expect(selectedEvents(id)).toBeNull();
    pickEvent(id, 3);
    expect(selectedEvents(id)).toBeNull();
    expect(targetEvents(id, 10)).toEqual([3]);
    pickEvent(id, 1, { toggle: true });
    expect(selectedEvents(id)).toEqual([1, 3]);
    pickEvent(id, 3, { toggle: true });
    // One event chosen with Ctrl/Cmd is a choice, not just where the form is.
    expect(selectedEvents(id)).toEqual([1]);
  });

  it('extends a range from the anchor, and adds it to the choice with Ctrl/Cmd', () => {
    const id = batch();
    pickEvent(id, 2);
    pickEvent(id, 5, { range: [2, 3, 4, 5] });
    expect(selectedEvents(id)).toEqual([2, 3, 4, 5]);
    expect(selectionOf(id)).toMatchObject({ focused: 5, anchor: 2 });
    pickEvent(id, 9, { toggle: true });
    pickEvent(id, 8, { range: [8, 9], toggle: true });
    expect(selectedEvents(id)).toEqual([2, 3, 4, 5, 8, 9]);
  });

  it('moves the focus without dropping a chosen selection', () => {
    const id = batch();
    chooseEvents(id, [2, 4]);
    focusEvent(id, 7);
    expect(selectedEvents(id)).toEqual([2, 4]);
    expect(selectionOf(id).focused).toBe(7);
    const plain = batch();
    focusEvent(plain, 3);
    expect(targetEvents(plain, 10)).toEqual([3]);
  });

  it('follows the events through an edit: moved where they went, deleted ones dropped', () => {
    const id = batch();
    chooseEvents(id, [1, 3, 4]);
    // Event 0 deleted: every other one moves up by one; 3 was deleted too.
    followEdit(id, Int32Array.from([-1, 0, 1, -1, 2]), 3);
    expect(selectedEvents(id)).toEqual([0, 2]);
    followEdit(id, Int32Array.from([0, 1, 2]), 3, { focus: 2, select: [2] });
    expect(selectedEvents(id)).toBeNull();
    expect(selectionOf(id).focused).toBe(2);
  });

  it('is cleared to the focused event, within the events there are, when the text changes elsewhere', () => {
    const id = batch();
    chooseEvents(id, [4, 7]);
    pickEvent(id, 7, { toggle: true });
    pickEvent(id, 7, { toggle: true });
    resetSelection(id, 5);
    expect(selectedEvents(id)).toBeNull();
    expect(selectionOf(id).focused).toBe(4);
    expect(targetEvents(id, 0)).toEqual([]);
  });

  it('acts on the chosen events the filter shows, and keeps the whole choice for when the filter goes', () => {
    const id = batch();
    chooseEvents(id, [1, 3, 5]);
    showOnly(id, [0, 3, 4]);
    expect(selectedEvents(id)).toEqual([3]);
    expect(targetEvents(id, 6)).toEqual([3]);
    // Every chosen event hidden: the focused one, which the list shows (the form follows the filter to it).
    showOnly(id, [0, 4]);
    focusEvent(id, 4);
    expect(targetEvents(id, 6)).toEqual([4]);
    showOnly(id, null);
    expect(selectedEvents(id)).toEqual([1, 3, 5]);
  });

  it('puts the focus after a delete on the next event the list shows, else the one before, else nowhere', () => {
    const id = batch();
    expect(focusAfterDelete(id, 6, [2, 3])).toBe(4);
    expect(focusAfterDelete(id, 6, [5])).toBe(4);
    expect(focusAfterDelete(id, 6, [0, 1, 2, 3, 4, 5])).toBeNull();
    showOnly(id, [0, 2, 5]);
    expect(focusAfterDelete(id, 6, [2])).toBe(5);
    expect(focusAfterDelete(id, 6, [5])).toBe(2);
    expect(focusAfterDelete(id, 6, [0, 2, 5])).toBeNull();
    showOnly(id, null);
  });
});
