import { buildDiagnostics, type DiagnosticsSources } from './diagnostics.ts';
import type { Files } from '../../features/documents/node/files.ts';
import type { DesktopShell } from '../../base/node/ports.ts';
import type { ThemeSource } from '../../base/common/appearance.ts';

/**
 * What the app asks of the desktop around it: show the data folder, export diagnostics, follow
 * the page's appearance. The menus and the IPC handlers both call these, so a menu item and the
 * palette's command of the same name do the same thing.
 */

export interface DesktopDeps {
  shell: DesktopShell;
  dataFolder: string;
  files: Pick<Files, 'exportAs'>;
  diagnostics: DiagnosticsSources;
}

export function createDesktop(deps: DesktopDeps) {
  let theme: ThemeSource = 'system';
  const themeListeners = new Set<(theme: ThemeSource) => void>();

  return {
    openDataFolder: () => deps.shell.openPath(deps.dataFolder),

    /** Builds the zip and writes it where the user chose; returns where, or null when cancelled. */
    async exportDiagnostics(): Promise<string | null> {
      const zip = await buildDiagnostics(deps.diagnostics);
      return deps.files.exportAs(zip.fileName, zip.bytes);
    },

    theme: () => theme,

    setTheme(next: ThemeSource): void {
      deps.shell.setThemeSource(next);
      if (next === theme) return;
      theme = next;
      for (const listener of themeListeners) listener(next);
    },

    /** Calls the listener when the appearance changes (the menu's radio items follow it); returns its unsubscribe. */
    onThemeChanged(listener: (theme: ThemeSource) => void): () => void {
      themeListeners.add(listener);
      return () => void themeListeners.delete(listener);
    },
  };
}
export type Desktop = ReturnType<typeof createDesktop>;
