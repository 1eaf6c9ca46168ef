import { statSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import type { OpenedFile } from '../../documents/common/files.ts';
import type { RecentWorkspace, WorkspaceChangeEvent } from '../common/workspace-schema.ts';
import { WORKSPACE_KINDS, type WorkspaceListing } from '../common/workspace.ts';
import { isInside } from './paths.ts';
import type { OpenWorkspace } from './open-workspace.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * The app's side of the open workspace: which folder to open (main's folder dialog, the recent
 * list main keeps, the command line), telling the page what is open and what changed on disk,
 * and the batches the composer opens from it and saves back. The page never names a folder or
 * an absolute path here: only a path inside the open workspace, which open-workspace.ts
 * keeps inside it.
 */

/**
 * The workspace folder a command line names: the first argument that is an existing folder,
 * relative to `cwd`; `skip` holds folders that are not one (the app's own path in development).
 */
export function workspaceFolderFromArgv(argv: readonly string[], cwd: string, skip: readonly string[] = []): string | null {
  const skipped = new Set(skip.map((folder) => path.resolve(folder)));
  for (const argument of argv.slice(1)) {
    if (argument.startsWith('-')) continue;
    const folder = path.resolve(cwd, argument);
    if (!skipped.has(folder) && statSync(folder, { throwIfNoEntry: false })?.isDirectory()) return folder;
  }
  return null;
}

const batchKind = WORKSPACE_KINDS.batch;

function isBatchPath(relative: string): boolean {
  return relative.startsWith(`${batchKind.folder}/`) && batchKind.suffixes.some((suffix) => relative.endsWith(suffix));
}

export interface WorkspaceOpeningDeps {
  workspace: OpenWorkspace;
  dialogs: FileDialogs;
  push: (change: WorkspaceChangeEvent) => void;
  /** What follows the open workspace (its environments, its history), told before the page is. */
  follow: (listing: WorkspaceListing | null) => Promise<void>;
  /** Throws when another workspace may not be opened or this one closed now (a send under way writes to its history). */
  mayChange: () => void;
}

export function createWorkspaceOpening({ workspace, dialogs, push, follow, mayChange }: WorkspaceOpeningDeps) {
  const recentListeners = new Set<(list: RecentWorkspace[]) => void>();
  // The page hears of the change even when what follows it failed: its listing is still true.
  const told = (change: WorkspaceChangeEvent) => follow(change.listing).finally(() => push(change));
  workspace.onChange(({ listing, changed }) => void told({ listing, changed }).catch(() => undefined));

  function opened(): WorkspaceListing {
    const listing = workspace.current();
    if (!listing) throw new AppError('workspace-not-open', 'No workspace is open: open one with File → Open Workspace….');
    return listing;
  }

  async function open(folder: string): Promise<WorkspaceListing> {
    mayChange();
    const listing = await workspace.open(path.resolve(folder));
    await told({ listing, changed: [] });
    const recent = await workspace.recent();
    for (const listener of recentListeners) listener(recent);
    return listing;
  }

  return {
    current: () => workspace.current(),
    recent: () => workspace.recent(),

    /** Asks for a folder; opens the workspace holding it, or answers null when the dialog was cancelled. */
    async choose(): Promise<WorkspaceListing | null> {
      const [folder] = await dialogs.chooseFilesToOpen('workspace');
      return folder === undefined ? null : open(folder);
    },

    async openRecent(root: string): Promise<WorkspaceListing> {
      if (!(await workspace.recent()).some((entry) => entry.root === root))
        throw new AppError('workspace-not-recent', 'That folder is not among the recent workspaces; open it with File → Open Workspace….');
      return open(root);
    },

    /** A folder the OS handed to the app (the command line, a second launch). Never called with a path from the page. */
    openGiven: open,

    async close(): Promise<void> {
      if (!workspace.current()) return;
      mayChange();
      await workspace.close();
      await told({ listing: null, changed: [] });
    },

    /** A batch of the open workspace, read for the composer under its own absolute path. */
    async openFile(relative: string): Promise<OpenedFile> {
      const { root } = opened();
      if (!isBatchPath(relative))
        throw new AppError('workspace-not-batch', `${relative} is not a batch of the workspace: batches are ${batchKind.folder}/**/*.json or .ndjson.`);
      const text = await workspace.readText(relative);
      return { path: path.join(root, ...relative.split('/')), name: path.posix.basename(relative), text };
    },

    /** The path from the root of `file` (absolute) when it is a batch of the open workspace (batches/…), else null. */
    batchPathOf(file: string): string | null {
      const listing = workspace.current();
      if (!listing) return null;
      const absolute = path.resolve(file);
      if (!isInside(listing.root, absolute)) return null;
      const posix = path.relative(listing.root, absolute).split(path.sep).join('/');
      return isBatchPath(posix) ? posix : null;
    },

    writeText: (relative: string, text: string) => workspace.writeText(relative, text),

    /** Calls the listener with the recent workspaces whenever one is opened (the menu lists them); returns its unsubscribe. */
    onRecentChanged(listener: (list: RecentWorkspace[]) => void): () => void {
      recentListeners.add(listener);
      return () => void recentListeners.delete(listener);
    },
  };
}
export type WorkspaceOpening = ReturnType<typeof createWorkspaceOpening>;
