import { create } from 'zustand';

export type Screen = 'composer' | 'history' | 'sandbox';

/** Which screen and which dialog are open: UI state, not data. */
interface UiState {
  screen: Screen;
  /** The environment the login dialog asks for, or null when it is closed. */
  loginFor: string | null;
  /** The environment editor: a new one, an existing one by id, or closed. */
  editing: { mode: 'create' } | { mode: 'edit'; id: string } | null;
  show: (screen: Screen) => void;
  askLogin: (environmentId: string) => void;
  closeLogin: () => void;
  edit: (editing: UiState['editing']) => void;
}

export const useUi = create<UiState>((set) => ({
  screen: 'composer',
  loginFor: null,
  editing: null,
  show: (screen) => set({ screen }),
  askLogin: (environmentId) => set({ loginFor: environmentId }),
  closeLogin: () => set({ loginFor: null }),
  edit: (editing) => set({ editing }),
}));

export interface Notice {
  id: number;
  tone: 'info' | 'success' | 'warning' | 'error';
  text: string;
}

interface NoticeState {
  notices: Notice[];
  notify: (tone: Notice['tone'], text: string) => void;
  dismiss: (id: number) => void;
}

let nextNotice = 1;
const NOTICE_LIMIT = 5;

/** Short messages at the corner of the window: an automatic re-login, an import's result. */
export const useNotices = create<NoticeState>((set) => ({
  notices: [],
  notify: (tone, text) => set((state) => ({ notices: [...state.notices, { id: nextNotice++, tone, text }].slice(-NOTICE_LIMIT) })),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
}));
