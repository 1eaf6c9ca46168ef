import { existsSync } from 'node:fs';
import { AppError } from '../../base/common/errors.ts';
import { buildDiagnostics, type DiagnosticsSources } from './diagnostics.ts';
import type { Files } from '../../features/documents/node/files.ts';
import type { DesktopShell } from '../../base/node/ports.ts';
import type { ThemeSource } from '../../base/common/appearance.ts';

/**
 * What the app asks of the desktop around it: show the data folder, open the documentation,
 * export diagnostics, follow the page's appearance. The menus and the IPC handlers both call
 * these, so Help → Documentation and the palette's "Documentation" do the same thing.
 */

export interface DesktopDeps {
  shell: DesktopShell;
  dataFolder: string;
  files: Pick<Files, 'exportAs'>;
  diagnostics: DiagnosticsSources;
  /**
   * The documentation: its web address when the build names one, else the README that ships
   * with the app, opened from disk (offline, and always the version installed).
   */
  documentation: { url: string | null; file: string };
}

/**
 * The documentation's address from package.json, the way `npm docs` finds it: `homepage`, else
 * the repository's README (`<repository>#readme`). Only https survives the link check anyway.
 */
export function documentationUrl(manifest: Readonly<Record<string, unknown>>): string | null {
  if (typeof manifest.homepage === 'string' && manifest.homepage) return manifest.homepage;
  const repository =
    typeof manifest.repository === 'object' && manifest.repository !== null ? (manifest.repository as { url?: unknown }).url : manifest.repository;
  if (typeof repository !== 'string' || !repository) return null;
  const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(repository);
  const url = github
    ? `https://github.com/${github[1]}`
    : repository
        .replace(/^git\+/, '')
        .replace(/^git:\/\//, 'https://')
        .replace(/\.git$/, '');
  return `${url}#readme`;
}

export function createDesktop(deps: DesktopDeps) {
  let theme: ThemeSource = 'system';
  const themeListeners = new Set<(theme: ThemeSource) => void>();

  return {
    openDataFolder: () => deps.shell.openPath(deps.dataFolder),

    async openDocs(): Promise<void> {
      const { url, file } = deps.documentation;
      if (url === null) {
        if (!existsSync(file)) throw new AppError('no-docs', 'The documentation (README.md) is missing from this installation.', file);
        return deps.shell.openPath(file);
      }
      if (!(await deps.shell.openLink(url)))
        throw new AppError('link-refused', `The documentation address ${url} is not a plain https link, so EventDesk does not open it.`);
    },

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
