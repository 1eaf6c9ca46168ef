import { create } from 'zustand';

/**
 * Whether the Sandbox tab's settings column (connection, forwarding, plan, capture, faults) is
 * put away, leaving its width to the traffic: remembered in the page's storage from one start
 * to the next.
 */

const HIDDEN_KEY = 'eventdesk.sandbox.settingsHidden';

interface SettingsPanelState {
  hidden: boolean;
  toggle(): void;
}

export const useSettingsPanel = create<SettingsPanelState>((set) => ({
  hidden: localStorage.getItem(HIDDEN_KEY) === 'true',
  toggle: () =>
    set((state) => {
      localStorage.setItem(HIDDEN_KEY, String(!state.hidden));
      return { hidden: !state.hidden };
    }),
}));
