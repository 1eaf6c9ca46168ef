import { nativeTheme, shell } from 'electron';
import { AppError } from '../../shared/errors.ts';
import type { DesktopShell } from '../services/desktop.ts';
import { openExternalLink } from '../window.ts';

/** The OS shell in the app: the file manager, the browser (after the link check), the native appearance. */
export const electronShell: DesktopShell = {
  async openFolder(folder) {
    // openPath answers an error message, or '' when the folder opened.
    const problem = await shell.openPath(folder);
    if (problem) throw new AppError('open-folder-failed', `The file manager could not open ${folder}.`, problem);
  },
  openLink: openExternalLink,
  setThemeSource(theme) {
    nativeTheme.themeSource = theme;
  },
};
