import { create } from 'zustand';

export type Screen = 'composer' | 'history' | 'sandbox' | 'runs' | 'help';

/** Which screen and which dialog are open: UI state, not data. */
interface UiState {
  screen: Screen;
  /** The environment the login dialog asks for, or null when it is closed. */
  loginFor: string | null;
  /** What to go on with once that login succeeds (the send that asked for it); dropped on cancel. */
  afterLogin: (() => void) | null;
  /** What to do when that login is cancelled (a send waiting on it stops); dropped on login. */
  afterCancel: (() => void) | null;
  /** Why the dialog opened by itself, when the user did not open it (a send stopped for it). */
  loginReason: string | null;
  /** The environment editor: a new one, an existing one by id, or closed. */
  editing: { mode: 'create' } | { mode: 'edit'; id: string } | null;
  show: (screen: Screen) => void;
  askLogin: (environmentId: string, afterLogin?: () => void, reason?: string, afterCancel?: () => void) => void;
  /** Closes the login dialog; `loggedIn` runs what was waiting on it, else what waits on a cancel. */
  closeLogin: (loggedIn?: boolean) => void;
  edit: (editing: UiState['editing']) => void;
}

/** What already waited, then what comes now. */
function inTurn(waiting: (() => void) | null, next: (() => void) | undefined): (() => void) | null {
  return waiting && next ? () => (waiting(), next()) : (waiting ?? next ?? null);
}

export const useUi = create<UiState>((set, get) => ({
  screen: 'composer',
  loginFor: null,
  afterLogin: null,
  afterCancel: null,
  loginReason: null,
  editing: null,
  show: (screen) => set({ screen }),
  askLogin: (environmentId, afterLogin, reason, afterCancel) =>
    set((state) => {
      // Asked again for the login already asked for: what waited on it still waits, and this goes on after it.
      const again = state.loginFor === environmentId;
      return {
        loginFor: environmentId,
        afterLogin: inTurn(again ? state.afterLogin : null, afterLogin),
        afterCancel: inTurn(again ? state.afterCancel : null, afterCancel),
        loginReason: reason ?? (again ? state.loginReason : null),
      };
    }),
  closeLogin: (loggedIn = false) => {
    const { afterLogin, afterCancel } = get();
    set({ loginFor: null, afterLogin: null, afterCancel: null, loginReason: null });
    (loggedIn ? afterLogin : afterCancel)?.();
  },
  edit: (editing) => set({ editing }),
}));

export interface Notice {
  id: number;
  tone: 'info' | 'success' | 'warning' | 'error';
  text: string;
  /** Its place in the order of notify calls, renewed when the same text comes again while shown. */
  notified: number;
  /** What it is about, when that may stop being true while it is shown (`dismissAbout` then takes it away). */
  about?: string;
}

interface NoticeState {
  notices: Notice[];
  notify: (tone: Notice['tone'], text: string, about?: string) => void;
  dismiss: (id: number) => void;
  /** Takes away the notices about this, which no longer hold (a send refused for a login, once a send goes on). */
  dismissAbout: (about: string) => void;
}

let nextNotice = 1;
// The newest few are shown and the rest folded (see Notices); a burst keeps only this many in all.
const NOTICE_LIMIT = 20;

/**
 * Short messages above the status bar: an automatic re-login, an import's result. The same text
 * again while it is shown renews that notice instead of stacking a copy (and is not announced
 * twice); past the limit, the one notified longest ago goes, so a renewed notice outlives older ones.
 */
export const useNotices = create<NoticeState>((set) => ({
  notices: [],
  notify: (tone, text, about) =>
    set((state) => {
      const notified = nextNotice++;
      const tagged = about === undefined ? {} : { about };
      const shown = state.notices.find((notice) => notice.tone === tone && notice.text === text);
      if (shown) return { notices: state.notices.map((notice) => (notice === shown ? { ...notice, notified, ...tagged } : notice)) };
      const notices = [...state.notices, { id: notified, tone, text, notified, ...tagged }];
      if (notices.length <= NOTICE_LIMIT) return { notices };
      const oldest = Math.min(...notices.map((notice) => notice.notified));
      return { notices: notices.filter((notice) => notice.notified !== oldest) };
    }),
  dismiss: (id) => set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) })),
  dismissAbout: (about) => set((state) => ({ notices: state.notices.filter((notice) => notice.about !== about) })),
}));
