import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AppError } from '../../../base/common/errors.ts';
import { RecentFileSchema, type ImportedFile, type OpenedFile, type RecentFile } from '../common/files.ts';
import { createAtomicWriter, parseJsonOrNull } from '../../../base/node/json-file.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * Batch files on disk: open, save, save as, and the recent ones. The page never names a path
 * of its own choosing: paths come from the OS dialogs (the user's choice) or from the recent
 * list those filled, so a compromised page cannot read or write anything else.
 */

const RECENT_LIMIT = 10;
/** Larger than any batch EventDesk edits; past it, the file is not read at all. */
const MAX_FILE_BYTES = 200 * 1024 * 1024;

/** A file the user chose, read whole as text: its name and text, or why not (gone, larger than EventDesk opens). */
export async function readText(file: string): Promise<ImportedFile> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new AppError('file-missing', `${file} is no longer there.`);
  if (info.size > MAX_FILE_BYTES)
    throw new AppError(
      'file-too-large',
      `${path.basename(file)} is ${(info.size / 1024 / 1024).toFixed(0)} MB; EventDesk opens files up to ${MAX_FILE_BYTES / 1024 / 1024} MB.`,
    );
  return { name: path.basename(file), text: await readFile(file, 'utf8') };
}

/** The open workspace's batches, which a save writes through the workspace (its watcher then knows the write for its own). */
export interface WorkspaceBatches {
  /** The path from the workspace's root of `file` when it is one of its batches, else null. */
  batchPathOf(file: string): string | null;
  writeText(relative: string, text: string): Promise<void>;
}

export function createFiles(dataFolder: string, dialogs: FileDialogs, workspace?: WorkspaceBatches) {
  const recentFile = path.join(dataFolder, 'recent-files.json');
  const writeRecent = createAtomicWriter(recentFile);
  /** Paths the user chose this run, in a dialog or from the recent list. */
  const chosen = new Set<string>();
  let recent: RecentFile[] | null = null;
  const recentListeners = new Set<(list: RecentFile[]) => void>();

  async function recentList(): Promise<RecentFile[]> {
    if (recent === null) {
      const parsed = z.array(RecentFileSchema).safeParse(parseJsonOrNull(await readFile(recentFile, 'utf8').catch(() => '[]')));
      recent = parsed.success ? parsed.data : [];
      for (const file of recent) chosen.add(file.path);
    }
    return recent;
  }

  async function remember(file: string): Promise<void> {
    chosen.add(file);
    const list = (await recentList()).filter((entry) => entry.path !== file);
    recent = [{ path: file, name: path.basename(file), openedAt: new Date().toISOString() }, ...list].slice(0, RECENT_LIMIT);
    await writeRecent(JSON.stringify(recent, null, 2));
    for (const listener of recentListeners) listener(recent);
  }

  async function read(file: string): Promise<OpenedFile> {
    const { name, text } = await readText(file);
    await remember(file);
    return { path: file, name, text };
  }

  /** Whole or not at all: a crash mid-save must not leave the user's file half written. */
  async function writeWhole(target: string, content: string | Uint8Array): Promise<string> {
    const file = path.resolve(target);
    await createAtomicWriter(file)(content);
    return file;
  }

  /** Asks where to save; returns where it went, or null when the user cancelled. */
  async function writeWhereChosen(suggestedName: string, content: string | Uint8Array): Promise<string | null> {
    const target = await dialogs.chooseFileToSave(suggestedName);
    return target === null ? null : writeWhole(target, content);
  }

  return {
    recent: recentList,

    async open(): Promise<OpenedFile | null> {
      const file = await dialogs.chooseFileToOpen('batch');
      return file === null ? null : read(path.resolve(file));
    },

    /** Asks for a file to import events from and reads it: not a batch, so it joins no recent list and is never saved to. */
    async import(): Promise<ImportedFile | null> {
      const file = await dialogs.chooseFileToOpen('import');
      return file === null ? null : readText(path.resolve(file));
    },

    /**
     * Opens a file the OS handed to the app (a double-click, a second launch, macOS open-file):
     * the user chose it there, so Save may write back to it. Never called with a path from the page.
     */
    openGiven: (file: string): Promise<OpenedFile> => read(path.resolve(file)),

    /** Calls the listener with the new list whenever a file joins the recent ones; returns its unsubscribe. */
    onRecentChanged(listener: (list: RecentFile[]) => void): () => void {
      recentListeners.add(listener);
      return () => void recentListeners.delete(listener);
    },

    async openRecent(file: string): Promise<OpenedFile> {
      if (!(await recentList()).some((entry) => entry.path === file))
        throw new AppError('file-not-recent', 'That file is not in the recent list; open it with Open….');
      return read(file);
    },

    /** Saves to the known path, or asks where (Save as). Returns where it went, or null when the user cancelled. */
    async save(request: { path: string | null; suggestedName: string; text: string }): Promise<string | null> {
      await recentList();
      // A batch of the open workspace was chosen with the workspace; it is saved through it and stays out of the recent files.
      const inWorkspace = request.path === null ? null : (workspace?.batchPathOf(request.path) ?? null);
      if (inWorkspace !== null) {
        await workspace!.writeText(inWorkspace, request.text);
        return path.resolve(request.path!);
      }
      if (request.path !== null && !chosen.has(request.path)) throw new AppError('file-not-chosen', 'EventDesk only saves where you chose; use Save as….');
      const file = request.path === null ? await writeWhereChosen(request.suggestedName, request.text) : await writeWhole(request.path, request.text);
      if (file !== null) await remember(file);
      return file;
    },

    /** Asks where, and writes an export (text or bytes) there: not a batch, so it stays out of the recent files. */
    exportAs: writeWhereChosen,
  };
}
export type Files = ReturnType<typeof createFiles>;
