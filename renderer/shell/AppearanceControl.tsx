import { useEffect } from 'react';
import { useCommand } from '../base/state/command-registry.ts';
import { useApi } from '../base/queries.ts';
import { useNotices } from '../base/state/ui.ts';
import { useAppearance, type Appearance } from '../base/theme.ts';

const choices: { appearance: Appearance; label: string }[] = [
  { appearance: 'system', label: 'System' },
  { appearance: 'light', label: 'Light' },
  { appearance: 'dark', label: 'Dark' },
];

/** Light, dark, or the system's: the View commands and this small control in the status bar. */
export function AppearanceControl() {
  const appearance = useAppearance((state) => state.appearance);
  const choose = useAppearance((state) => state.choose);
  useCommand('view.theme.system', () => choose('system'));
  useCommand('view.theme.light', () => choose('light'));
  useCommand('view.theme.dark', () => choose('dark'));

  // Native menus, dialogs and scrollbars follow: at start (the choice is remembered here) and on every change.
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  useEffect(() => {
    api.app
      .setTheme({ theme: appearance })
      .catch((error: unknown) =>
        notify('warning', `The window frame could not follow the appearance: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, [api, appearance, notify]);

  return (
    <label className="appearance">
      Appearance{' '}
      <select className="small" value={appearance} onChange={(event) => choose(event.target.value as Appearance)}>
        {choices.map((choice) => (
          <option key={choice.appearance} value={choice.appearance}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
