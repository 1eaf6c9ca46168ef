import { createHash } from 'node:crypto';
import { watch, type FSWatcher } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../base/common/errors.ts';
import { MANIFEST_FILE, type WorkspaceListing } from '../common/workspace.ts';
import { RecentWorkspaceSchema, type RecentWorkspace } from '../common/workspace-schema.ts';
import type { WorkspaceEnvironmentEntry } from './files.ts';
import { readWorkspaceText, resolveInside, writeWorkspaceFile } from './paths.ts';
import { loadWorkspace, type LoadedWorkspace } from './scan.ts';
import { createAtomicWriter, parseJsonOrNull } from '../../../base/node/json-file.ts';

/**
 * The open workspace, shared by the app and the command line: opening one (and remembering it
 * among the recent ones), its listing and environments, reading and writing its files (inside
 * it only), and following changes made on disk by others (a `git pull`, an editor): fs.watch on
 * its folders, debounced, a fresh listing and the paths that changed told to the listeners. A write
 * made here is not told back as a change from outside.
 */

export const RECENT_WORKSPACES_LIMIT = 10;
const DEBOUNCE_MS = 150;

/** What listeners are told after files changed on disk: the listing now, and the changed paths (relative, forward slashes). */
export interface WorkspaceChange {
  listing: WorkspaceListing;
  changed: string[];
}

/**
 * Where this workspace's own data (its history database) lives: inside the data folder, never
 * inside the workspace, so history is never committed by accident. One folder per workspace,
 * found again from any path that leads to it (the real path is hashed), named so a person
 * looking in the data folder can tell which is which.
 */
export async function workspaceDataFolder(dataFolder: string, root: string): Promise<string> {
  const real = await realpath(root);
  const name =
    path
      .basename(real)
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'workspace';
  return path.join(dataFolder, 'workspaces', `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 12)}`);
}

function followed(relative: string): boolean {
  return !relative.split('/').some((part) => part.startsWith('.') || part === 'node_modules');
}

interface Session {
  loaded: LoadedWorkspace;
  /** A watcher per folder followed, by its path from the root ('' for the root). */
  watchers: Map<string, FSWatcher>;
  pending: Set<string>;
  timer: NodeJS.Timeout | null;
  /** The text last written here to each path: a change on disk that leaves exactly this text is ours. */
  written: Map<string, string>;
  /** Rescans run one after the other. */
  flushing: Promise<void>;
}

function sameListing(a: WorkspaceListing, b: WorkspaceListing): boolean {
  return JSON.stringify([a.manifest, a.files, a.problems]) === JSON.stringify([b.manifest, b.files, b.problems]);
}

export function createOpenWorkspace({
  dataFolder,
  debounceMs = DEBOUNCE_MS,
  watchChanges = true,
}: {
  dataFolder: string;
  debounceMs?: number;
  watchChanges?: boolean;
}) {
  const recentFile = path.join(dataFolder, 'recent-workspaces.json');
  const writeRecent = createAtomicWriter(recentFile);
  const listeners = new Set<(change: WorkspaceChange) => void>();
  let session: Session | null = null;

  async function recent(): Promise<RecentWorkspace[]> {
    const parsed = z.array(RecentWorkspaceSchema).safeParse(parseJsonOrNull(await readFile(recentFile, 'utf8').catch(() => '[]')));
    return parsed.success ? parsed.data : [];
  }

  async function remember(listing: WorkspaceListing): Promise<void> {
    const others = (await recent()).filter((entry) => entry.root !== listing.root);
    const list = [{ root: listing.root, name: listing.manifest.name, openedAt: new Date().toISOString() }, ...others].slice(0, RECENT_WORKSPACES_LIMIT);
    await writeRecent(`${JSON.stringify(list, null, 2)}\n`);
  }

  function opened(): Session {
    if (!session) throw new AppError('workspace-not-open', 'No workspace is open: open one first.');
    return session;
  }

  /** The paths that changed from outside: those whose text is not what was last written here. */
  async function fromOutside(current: Session, paths: string[]): Promise<string[]> {
    const changed: string[] = [];
    for (const relative of paths) {
      const ours = current.written.get(relative);
      if (ours !== undefined) {
        const text = await readFile(path.join(current.loaded.listing.root, ...relative.split('/')), 'utf8').catch(() => null);
        if (text === ours) continue;
        current.written.delete(relative);
      }
      changed.push(relative);
    }
    return changed.sort();
  }

  /** A fresh listing; a manifest broken on disk keeps the last listing, with the manifest's problem. */
  async function rescan(current: Session): Promise<LoadedWorkspace> {
    try {
      return await loadWorkspace(current.loaded.listing.root);
    } catch (error) {
      const message = error instanceof AppError ? error.message : String(error);
      const { listing } = current.loaded;
      return { ...current.loaded, listing: { ...listing, problems: [{ path: MANIFEST_FILE, line: null, column: null, message }] } };
    }
  }

  async function flush(current: Session): Promise<void> {
    const paths = [...current.pending];
    current.pending.clear();
    const changed = await fromOutside(current, paths);
    const loaded = await rescan(current);
    if (session !== current) return;
    const before = current.loaded.listing;
    current.loaded = loaded;
    follow(current);
    if (changed.length === 0 && sameListing(before, loaded.listing)) return;
    for (const listener of listeners) listener({ listing: loaded.listing, changed });
  }

  /** A watcher saw `name` change in `folder`: noted, and a rescan set for when changes pause. */
  function noticed(current: Session, folder: string, name: string | Buffer | null): void {
    const relative = [folder, name === null ? '' : String(name).split(path.sep).join('/')].filter(Boolean).join('/');
    if (!followed(relative)) return;
    if (relative !== '') current.pending.add(relative);
    if (current.timer) clearTimeout(current.timer);
    current.timer = setTimeout(() => {
      current.timer = null;
      current.flushing = current.flushing.then(() => flush(current)).catch(() => undefined);
    }, debounceMs);
  }

  /**
   * Follows the root and each folder the listing read, one watcher per folder. Not fs.watch's
   * recursive mode: on Linux it watches each file by its inode, so a file replaced by a rename
   * (how git, editors and this service write) is no longer followed after its first change.
   * A folder's own watcher sees every name in it, whatever the inode behind the name.
   */
  function follow(current: Session): void {
    if (!watchChanges || session !== current) return;
    const wanted = new Set(['', ...current.loaded.folders]);
    for (const [folder, watcher] of current.watchers) {
      if (wanted.has(folder)) continue;
      watcher.close();
      current.watchers.delete(folder);
    }
    for (const folder of wanted) {
      if (current.watchers.has(folder)) continue;
      try {
        const watcher = watch(path.join(current.loaded.listing.root, ...folder.split('/')));
        watcher.on('change', (_event, name) => noticed(current, folder, name));
        // A folder removed ends its watcher; the rescan its removal causes drops it from the listing.
        watcher.on('error', () => {
          watcher.close();
          current.watchers.delete(folder);
        });
        current.watchers.set(folder, watcher);
      } catch (error) {
        current.loaded.listing.problems.push({
          path: folder || '.',
          line: null,
          column: null,
          message: `Changes on disk here are not followed (${(error as NodeJS.ErrnoException).code ?? 'failed'}); reopen the workspace to see them.`,
        });
      }
    }
  }

  async function close(): Promise<void> {
    const current = session;
    session = null;
    if (!current) return;
    if (current.timer) clearTimeout(current.timer);
    for (const watcher of current.watchers.values()) watcher.close();
    await current.flushing;
  }

  return {
    /** Opens the workspace holding `folder` (it or a folder above it), closing the one open before. Throws as loadWorkspace does. */
    async open(folder: string): Promise<WorkspaceListing> {
      const loaded = await loadWorkspace(folder);
      await remember(loaded.listing);
      await close();
      const current: Session = { loaded, watchers: new Map(), pending: new Set(), timer: null, written: new Map(), flushing: Promise.resolve() };
      session = current;
      follow(current);
      return loaded.listing;
    },
    current(): WorkspaceListing | null {
      return session?.loaded.listing ?? null;
    },
    /** The open workspace's environments that loaded (the listing's problems say why others did not). */
    environments(): WorkspaceEnvironmentEntry[] {
      return opened().loaded.environments;
    },
    close,
    /** The workspaces opened last, the latest first, at most RECENT_WORKSPACES_LIMIT. */
    recent,
    /** A file of the open workspace, by its path from the root. Throws `workspace-path-outside` for a path leading out of it. */
    async readText(relative: string): Promise<string> {
      return readWorkspaceText(opened().loaded.listing.root, relative);
    },
    /** Writes a file of the open workspace whole (folders made as needed); not told back to listeners as a change. */
    async writeText(relative: string, text: string): Promise<void> {
      const current = opened();
      const file = await resolveInside(current.loaded.listing.root, relative);
      current.written.set(relative, text);
      await writeWorkspaceFile(file, text);
    },
    /** Calls the listener after files of the open workspace changed on disk; returns its unsubscribe. */
    onChange(listener: (change: WorkspaceChange) => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type OpenWorkspace = ReturnType<typeof createOpenWorkspace>;
