import { create } from 'zustand';
import { MAX_ATTRIBUTE_COLUMNS, type CapturedVerdictFilter } from '../../../features/capture/common/capture-events.ts';

/**
 * The Events view's own state: its filter (kept while the user looks at Requests) and the
 * attribute columns chosen, which are remembered in the page's storage from one start to the next.
 */

const COLUMNS_KEY = 'eventdesk.capture.attributeColumns';

function storedColumns(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string' && name !== '').slice(0, MAX_ATTRIBUTE_COLUMNS) : [];
  } catch {
    return [];
  }
}

interface EventsUiState {
  where: string;
  verdict: CapturedVerdictFilter;
  attributes: string[];
  setWhere(where: string): void;
  setVerdict(verdict: CapturedVerdictFilter): void;
  addAttribute(name: string): void;
  removeAttribute(name: string): void;
}

function remembered(attributes: string[]): { attributes: string[] } {
  localStorage.setItem(COLUMNS_KEY, JSON.stringify(attributes));
  return { attributes };
}

export const useEventsUi = create<EventsUiState>((set) => ({
  where: '',
  verdict: 'any',
  attributes: storedColumns(),
  setWhere: (where) => set({ where }),
  setVerdict: (verdict) => set({ verdict }),
  addAttribute: (name) =>
    set((state) => (state.attributes.includes(name) || state.attributes.length >= MAX_ATTRIBUTE_COLUMNS ? state : remembered([...state.attributes, name]))),
  removeAttribute: (name) => set((state) => remembered(state.attributes.filter((attribute) => attribute !== name))),
}));
