import { create } from 'zustand';
import { useUi } from './ui.ts';

/**
 * Where the Help screen is in the guide: a page (its path under docs/, `guide/sending.md`) and
 * a heading's anchor on it, the places visited before (for Back) and what the search holds.
 * Anything may open it at a place (Help → Documentation at the guide's start, an error notice at
 * the section that mends it); the Help screen shows what this says.
 */

export interface GuidePlace {
  page: string;
  anchor: string | null;
}

export const GUIDE_START: GuidePlace = { page: 'guide/README.md', anchor: null };

/** Back goes this far at most. */
const BACK_LIMIT = 50;

interface HelpState {
  place: GuidePlace;
  back: GuidePlace[];
  query: string;
  /** Renewed at each visit, so going to the place already shown scrolls to its heading again. */
  visit: number;
  /** Shows Help at this place (the guide's start by default), the search put away. */
  open: (place?: GuidePlace) => void;
  /** Follows a link inside Help. */
  go: (place: GuidePlace) => void;
  goBack: () => void;
  search: (query: string) => void;
}

export const useHelp = create<HelpState>((set, get) => ({
  place: GUIDE_START,
  back: [],
  query: '',
  visit: 0,
  open: (place = GUIDE_START) => {
    get().go(place);
    useUi.getState().show('help');
  },
  go: (place) => set((state) => ({ place, back: [...state.back, state.place].slice(-BACK_LIMIT), query: '', visit: state.visit + 1 })),
  goBack: () =>
    set((state) => {
      const previous = state.back.at(-1);
      return previous ? { place: previous, back: state.back.slice(0, -1), query: '', visit: state.visit + 1 } : {};
    }),
  search: (query) => set({ query }),
}));
