import { mergeRanges, selectionSize } from '../../../features/capture/common/capture-events.ts';

/**
 * Which of the Events view's rows are selected: places in the filter's list as sorted, disjoint
 * ranges [from, to), so Ctrl+A over 100 000 events is one range, not 100 000 numbers. Pure: the
 * view keeps one in its state and asks these for the next.
 */
export interface RowSelection {
  ranges: [number, number][];
  /** Where a Shift-click range starts: the row last clicked without Shift. */
  anchor: number | null;
}

export const NO_SELECTION: RowSelection = { ranges: [], anchor: null };

export function isSelected(selection: RowSelection, place: number): boolean {
  return selection.ranges.some(([from, to]) => place >= from && place < to);
}

export function selectedCount(selection: RowSelection): number {
  return selectionSize(selection.ranges);
}

/** A click: this row alone. */
export function selectOnly(place: number): RowSelection {
  return { ranges: [[place, place + 1]], anchor: place };
}

/** Ctrl/Cmd-click or Space: this row in or out, the rest kept. */
export function toggle(selection: RowSelection, place: number): RowSelection {
  if (!isSelected(selection, place)) return { ranges: mergeRanges([...selection.ranges, [place, place + 1]]), anchor: place };
  const ranges = selection.ranges.flatMap(([from, to]): [number, number][] =>
    place >= from && place < to
      ? [
          [from, place],
          [place + 1, to],
        ]
      : [[from, to]],
  );
  return { ranges: mergeRanges(ranges), anchor: place };
}

/** Shift-click: from the anchor to this row; with Ctrl/Cmd too, added to what was selected. */
export function extendTo(selection: RowSelection, place: number, keep: boolean): RowSelection {
  const anchor = selection.anchor ?? place;
  const range: [number, number] = [Math.min(anchor, place), Math.max(anchor, place) + 1];
  return { ranges: mergeRanges(keep ? [...selection.ranges, range] : [range]), anchor };
}

/** Ctrl+A: every event the filter matches. */
export function selectAll(total: number): RowSelection {
  return { ranges: total > 0 ? [[0, total]] : [], anchor: null };
}
