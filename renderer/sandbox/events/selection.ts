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

function normalized(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = ranges.filter(([from, to]) => from < to).map(([from, to]): [number, number] => [from, to]).sort((a, b) => a[0] - b[0]);
  const result: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = result.at(-1);
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else result.push([from, to]);
  }
  return result;
}

export function isSelected(selection: RowSelection, place: number): boolean {
  return selection.ranges.some(([from, to]) => place >= from && place < to);
}

export function selectedCount(selection: RowSelection): number {
  return selection.ranges.reduce((sum, [from, to]) => sum + to - from, 0);
}

/** A click: this row alone. */
export function selectOnly(place: number): RowSelection {
  return { ranges: [[place, place + 1]], anchor: place };
}

/** Ctrl/Cmd-click or Space: this row in or out, the rest kept. */
export function toggle(selection: RowSelection, place: number): RowSelection {
  if (!isSelected(selection, place)) return { ranges: normalized([...selection.ranges, [place, place + 1]]), anchor: place };
  const ranges = selection.ranges.flatMap(([from, to]): [number, number][] => (place >= from && place < to ? [[from, place], [place + 1, to]] : [[from, to]]));
  return { ranges: normalized(ranges), anchor: place };
}

/** Shift-click: from the anchor to this row; with Ctrl/Cmd too, added to what was selected. */
export function extendTo(selection: RowSelection, place: number, keep: boolean): RowSelection {
  const anchor = selection.anchor ?? place;
  const range: [number, number] = [Math.min(anchor, place), Math.max(anchor, place) + 1];
  return { ranges: normalized(keep ? [...selection.ranges, range] : [range]), anchor };
}

/** Ctrl+A: every event the filter matches. */
export function selectAll(total: number): RowSelection {
  return { ranges: total > 0 ? [[0, total]] : [], anchor: null };
}
