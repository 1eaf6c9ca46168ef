import { useMemo } from 'react';
import { create } from 'zustand';
import { useComposer } from './composer.ts';

/**
 * Which events of each open batch are selected in the Form view's list. The focused event is the
 * one the form shows; the selection is what the list's operations (and the batch transforms) act
 * on. A plain click or arrow key selects just the focused event: that is where the form is, not a
 * choice of events, so `selectedEvents` answers null for it, and for nothing selected; Shift,
 * Ctrl/Cmd, "Select all" and "Select matching" make a chosen selection, even of one event.
 *
 * The store follows the list's own operations (an insert, delete or move carries the selection
 * with the events) and is cleared when the text changes its events elsewhere (typing in the JSON
 * view, an undo): indexes into another list of events would select the wrong ones.
 *
 * A filter in the list hides events without changing the selection, but what a user does not see
 * is not changed: the operations and transforms act on the chosen events the list shows.
 */

export interface EventSelection {
  /** The event the form shows, and where Shift+click and Shift+arrow extend from. */
  focused: number;
  anchor: number;
  selected: ReadonlySet<number>;
  /** True when the user chose the selection (Shift, Ctrl/Cmd, select all or matching). */
  chosen: boolean;
}

const NONE: EventSelection = { focused: 0, anchor: 0, selected: new Set([0]), chosen: false };

const useStore = create<{
  byBatch: Readonly<Record<string, EventSelection>>;
  /** The events the list's filter lets through, by batch; absent without a filter. */
  shownByBatch: Readonly<Record<string, ReadonlySet<number>>>;
  /** Counts the requests to put the keyboard focus back on the list (see requestListFocus). */
  focusRequests: Readonly<Record<string, number>>;
}>(() => ({ byBatch: {}, shownByBatch: {}, focusRequests: {} }));

function set(batchId: string, selection: EventSelection): void {
  useStore.setState((state) => ({ byBatch: { ...state.byBatch, [batchId]: selection } }));
}

export function selectionOf(batchId: string): EventSelection {
  return useStore.getState().byBatch[batchId] ?? NONE;
}

export function useEventSelection(batchId: string): EventSelection {
  return useStore((state) => state.byBatch[batchId] ?? NONE);
}

/**
 * The chosen events the list shows, in order. Null when nothing is chosen (only the focused
 * event, see above); when the filter hides every chosen event, the focused one, which it shows.
 */
function actedOn(selection: EventSelection, shown: ReadonlySet<number> | undefined): readonly number[] | null {
  if (!selection.chosen || selection.selected.size === 0) return null;
  const visible = [...selection.selected].filter((index) => !shown || shown.has(index)).sort((a, b) => a - b);
  return visible.length > 0 ? visible : [selection.focused];
}

export function selectedEvents(batchId: string): readonly number[] | null {
  const { byBatch, shownByBatch } = useStore.getState();
  return actedOn(byBatch[batchId] ?? NONE, shownByBatch[batchId]);
}

/** selectedEvents, kept current. */
export function useSelectedEvents(batchId: string): readonly number[] | null {
  const selection = useEventSelection(batchId);
  const shown = useStore((state) => state.shownByBatch[batchId]);
  return useMemo(() => actedOn(selection, shown), [selection, shown]);
}

/**
 * What the batch transforms act on: the chosen events the list shows; with nothing chosen, the
 * events the filter shows (`filtered`); without a filter either, every event (null).
 */
export function useTransformTargets(batchId: string): { indexes: readonly number[] | null; filtered: boolean } {
  const selection = useEventSelection(batchId);
  const shown = useStore((state) => state.shownByBatch[batchId]);
  return useMemo(() => {
    const chosen = actedOn(selection, shown);
    if (chosen || !shown) return { indexes: chosen, filtered: false };
    return { indexes: [...shown].sort((a, b) => a - b), filtered: true };
  }, [selection, shown]);
}

/** How many events are chosen, and how many of them the filter hides. */
export function useChosenCount(batchId: string): { chosen: number; hidden: number } {
  const selection = useEventSelection(batchId);
  const shown = useStore((state) => state.shownByBatch[batchId]);
  return useMemo(() => {
    if (!selection.chosen) return { chosen: 0, hidden: 0 };
    let hidden = 0;
    if (shown) for (const index of selection.selected) if (!shown.has(index)) hidden++;
    return { chosen: selection.selected.size, hidden };
  }, [selection, shown]);
}

/** The events the list's filter shows (null: no filter, all of them). The selection stays as it is. */
export function showOnly(batchId: string, indexes: ArrayLike<number> | null): void {
  useStore.setState((state) => {
    const { [batchId]: _dropped, ...others } = state.shownByBatch;
    return { shownByBatch: indexes ? { ...others, [batchId]: new Set(Array.from(indexes)) } : others };
  });
}

/** What the list's operations act on: the chosen selection the list shows, else the focused event. */
export function targetEvents(batchId: string, count: number): number[] {
  if (count === 0) return [];
  const { focused } = selectionOf(batchId);
  return [...(selectedEvents(batchId) ?? [Math.min(focused, count - 1)])];
}

/**
 * Where the focus goes when these events are deleted: the next event the list shows after the
 * first deleted one, else the last shown before it; null when the list shows none (indexes are
 * those before the delete).
 */
export function focusAfterDelete(batchId: string, count: number, deleted: readonly number[]): number | null {
  const gone = new Set(deleted);
  const first = Math.min(...deleted);
  const shown = useStore.getState().shownByBatch[batchId];
  const visible = (index: number) => !gone.has(index) && (!shown || shown.has(index));
  for (let index = first + 1; index < count; index++) if (visible(index)) return index;
  for (let index = Math.min(first, count) - 1; index >= 0; index--) if (visible(index)) return index;
  return null;
}

/** Asks the Form view to put the keyboard focus on the list (or on "Add event" when the list is gone). */
export function requestListFocus(batchId: string): void {
  useStore.setState((state) => ({ focusRequests: { ...state.focusRequests, [batchId]: (state.focusRequests[batchId] ?? 0) + 1 } }));
}

export function useListFocusRequests(batchId: string): number {
  return useStore((state) => state.focusRequests[batchId] ?? 0);
}

/**
 * A click (or arrow key) on an event: plain selects it alone; `range` (Shift, the events from the
 * anchor to it as the list shows them) selects those; `toggle` (Ctrl/Cmd) adds it or takes it out,
 * or with a range, adds the range to what was chosen.
 */
export function pickEvent(batchId: string, index: number, { range, toggle = false }: { range?: readonly number[]; toggle?: boolean } = {}): void {
  const current = selectionOf(batchId);
  if (range) {
    const selected = new Set(toggle && current.chosen ? current.selected : []);
    for (const other of range) selected.add(other);
    set(batchId, { focused: index, anchor: current.anchor, selected, chosen: true });
  } else if (toggle) {
    const selected = new Set(current.chosen ? current.selected : [current.focused]);
    if (selected.has(index)) selected.delete(index);
    else selected.add(index);
    set(batchId, { focused: index, anchor: index, selected, chosen: true });
  } else {
    set(batchId, { focused: index, anchor: index, selected: new Set([index]), chosen: false });
  }
}

/** Moves the focus (the form) to an event, keeping a chosen selection as it is. */
export function focusEvent(batchId: string, index: number): void {
  const current = selectionOf(batchId);
  if (current.chosen) set(batchId, { ...current, focused: index, anchor: index });
  else pickEvent(batchId, index);
}

/** Chooses these events (select all, select matching); `add` keeps what was chosen before. */
export function chooseEvents(batchId: string, indexes: Iterable<number>, add = false): void {
  const current = selectionOf(batchId);
  const selected = new Set(add && current.chosen ? current.selected : []);
  for (const index of indexes) selected.add(index);
  const first = Math.min(...selected);
  const focused = selected.has(current.focused) || selected.size === 0 ? current.focused : first;
  set(batchId, { focused, anchor: focused, selected, chosen: true });
}

/**
 * After one of the list's own operations: each event keeps its selection where it moved
 * (`moved[old]` is its new index, -1 when deleted); `focus` is where the form goes, and `select`,
 * when given, becomes the chosen selection (the copies just made, say).
 */
export function followEdit(batchId: string, moved: Int32Array, count: number, { focus, select }: { focus?: number; select?: readonly number[] } = {}): void {
  const current = selectionOf(batchId);
  const movedTo = (index: number) => (index < moved.length ? moved[index]! : -1);
  const focused = Math.max(0, Math.min(focus ?? movedTo(current.focused), count - 1));
  if (select) {
    set(batchId, { focused, anchor: focused, selected: new Set(select), chosen: select.length > 1 });
    return;
  }
  const selected = new Set<number>();
  for (const index of current.selected) if (movedTo(index) >= 0) selected.add(movedTo(index));
  if (!current.chosen || selected.size === 0) set(batchId, { focused, anchor: focused, selected: new Set([focused]), chosen: false });
  else set(batchId, { focused, anchor: movedTo(current.anchor) >= 0 ? movedTo(current.anchor) : focused, selected, chosen: true });
}

/** The events changed elsewhere: only the focused event stays, within the new count. */
export function resetSelection(batchId: string, count: number): void {
  const focused = Math.max(0, Math.min(selectionOf(batchId).focused, count - 1));
  set(batchId, { focused, anchor: focused, selected: new Set([focused]), chosen: false });
}

// A closed batch's selection goes with it.
useComposer.subscribe((state) => {
  const open = new Set(state.batches.map((batch) => batch.id));
  const { byBatch, shownByBatch, focusRequests } = useStore.getState();
  const keepOpen = <T>(byId: Readonly<Record<string, T>>) => Object.fromEntries(Object.entries(byId).filter(([id]) => open.has(id)));
  if ([byBatch, shownByBatch, focusRequests].some((byId) => Object.keys(byId).some((id) => !open.has(id)))) {
    useStore.setState({ byBatch: keepOpen(byBatch), shownByBatch: keepOpen(shownByBatch), focusRequests: keepOpen(focusRequests) });
  }
});
