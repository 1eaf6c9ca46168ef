import { create } from 'zustand';
import { emptyHistoryFilter, type HistoryFilter, type TimelineUnit } from '../../../features/history/common/history.ts';

/** What the History screen shows: the filter, the submission open in detail, the ticked ones, a comparison. */
interface HistoryState {
  filter: HistoryFilter;
  unit: TimelineUnit;
  /** The submission shown in the detail pane. */
  openId: string | null;
  /** Ticked rows, for compare, export and delete. */
  checked: string[];
  /** Two submissions side by side, older first. */
  comparing: [string, string] | null;
  /** The plan's coverage by the filtered submissions shows in the detail pane. */
  coverageShown: boolean;
  setFilter: (patch: Partial<HistoryFilter>) => void;
  setUnit: (unit: TimelineUnit) => void;
  open: (id: string | null) => void;
  toggle: (id: string) => void;
  uncheck: (ids?: readonly string[]) => void;
  compare: (pair: [string, string] | null) => void;
  showCoverage: (shown: boolean) => void;
}

export const useHistory = create<HistoryState>((set) => ({
  filter: emptyHistoryFilter,
  unit: 'day',
  openId: null,
  checked: [],
  comparing: null,
  coverageShown: false,
  setFilter: (patch) => set((state) => ({ filter: { ...state.filter, ...patch } })),
  setUnit: (unit) => set({ unit }),
  open: (openId) => set({ openId, comparing: null, coverageShown: false }),
  toggle: (id) => set((state) => ({ checked: state.checked.includes(id) ? state.checked.filter((other) => other !== id) : [...state.checked, id] })),
  uncheck: (ids) => set((state) => ({ checked: ids ? state.checked.filter((id) => !ids.includes(id)) : [] })),
  compare: (comparing) => set({ comparing, coverageShown: false }),
  showCoverage: (coverageShown) => set({ coverageShown, comparing: null }),
}));
