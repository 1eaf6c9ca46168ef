import { nativeTheme, shell } from 'electron';
import { AppError } from '../../base/common/errors.ts';
import type { DesktopShell } from '../../base/node/ports.ts';

/** The OS shell in the app: the file manager, the native appearance. */
export const electronShell: DesktopShell = {
  async openPath(target) {
    // openPath answers an error message, or '' when it opened.
    const problem = await shell.openPath(target);
    if (problem) throw new AppError('open-path-failed', `The system could not open ${target}.`, problem);
  },
  setThemeSource(theme) {
    nativeTheme.themeSource = theme;
  },
};
