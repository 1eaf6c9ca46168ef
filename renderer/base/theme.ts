import { useSyncExternalStore } from 'react';
import { create } from 'zustand';

export type Appearance = 'system' | 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';
/** Not a secret, and wanted before the first paint: so it lives in localStorage, not behind the bridge. */
const STORAGE_KEY = 'eventdesk.appearance';

function remembered(): Appearance {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** styles/base.css reads `data-theme` to force `color-scheme`; without it the OS decides. */
function apply(appearance: Appearance): void {
  if (appearance === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = appearance;
}

/** The user's appearance: follow the system (the default), or always light, or always dark. */
export const useAppearance = create<{ appearance: Appearance; choose: (appearance: Appearance) => void }>((set) => ({
  appearance: remembered(),
  choose: (appearance) => {
    localStorage.setItem(STORAGE_KEY, appearance);
    apply(appearance);
    set({ appearance });
  },
}));
apply(useAppearance.getState().appearance);

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** The scheme on screen: the override, or the operating system's as it changes. */
export function useColorScheme(): 'light' | 'dark' {
  const appearance = useAppearance((state) => state.appearance);
  const system = useSyncExternalStore(subscribe, () => (window.matchMedia(darkQuery).matches ? 'dark' : 'light'));
  return appearance === 'system' ? system : appearance;
}
