import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { create } from 'zustand';
import type { OpenedFile } from '../../../features/documents/common/files.ts';
import { batchFromNdjson, isNdjsonName } from '../../../features/formats/common/batch-file.ts';
import { useApi } from '../../base/queries.ts';
import { baseName, fileName, useComposer } from '../../base/state/composer.ts';
import { useNotices, useUi } from '../../base/state/ui.ts';

export const recentFilesKey = ['files', 'recent'] as const;

/** A file on its way into the composer: read by main (or imported by the import worker), then loaded into the editor. */
export interface Opening {
  /** Unknown while the OS dialog is open: the user has not chosen yet. */
  name: string | null;
  step: 'reading' | 'importing' | 'loading';
  /** The text's length once it is here. */
  length: number | null;
  /** When the wait began (performance.now()), or null while the user is still choosing in the dialog. */
  since: number | null;
  /** Stops the step, when it can be stopped. */
  cancel?: () => void;
}

/** Progress shows once an opening has taken this long: shorter waits are not worth a flash. */
export const PROGRESS_DELAY_MS = 300;
/** Loading a text this long into the editor freezes the page for a noticeable while: progress shows first. */
export const BIG_TEXT_LENGTH = 2_000_000;

export const useOpening = create<{ opening: Opening | null }>(() => ({ opening: null }));

/** Whether an opening's progress shows at `now`: past the delay, or at once before a big text is loaded. */
export function progressShows(opening: Opening, now: number): boolean {
  if (opening.step === 'loading' && (opening.length ?? 0) >= BIG_TEXT_LENGTH) return true;
  return opening.since !== null && now - opening.since >= PROGRESS_DELAY_MS;
}

/** After the page has painted what is on screen now (two frames: the next one may already be under way). */
export const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** Tracks one opening from `reading` to done, so its progress shows and is painted before the editor takes the text. */
async function tracked(name: string | null, reading: Promise<OpenedFile | null>, load: (file: OpenedFile) => void): Promise<void> {
  const opening: Opening = { name, step: 'reading', length: null, since: name === null ? null : performance.now() };
  const mine = () => useOpening.getState().opening === opening;
  useOpening.setState({ opening });
  try {
    const file = await reading;
    if (!file || !mine()) return;
    await loaded(file, load, opening);
  } finally {
    if (mine()) useOpening.setState({ opening: null });
  }
}

/** Loads a file into the editor, with its progress painted first when it is big. */
function loaded(file: OpenedFile, load: (file: OpenedFile) => void, from?: Opening): Promise<void> {
  return loadedShown(file.name, file.text.length, () => load(file), from?.since);
}

/** Runs `load` (a text of `length` going into the editor), with its progress painted first when it is big. */
export async function loadedShown(name: string, length: number, load: () => void, since?: number | null): Promise<void> {
  const opening: Opening = { name, step: 'loading', length, since: since ?? performance.now() };
  useOpening.setState({ opening });
  try {
    if (progressShows(opening, performance.now())) await afterPaint();
    load();
    // The editor has shown the text once this paint is done.
    await afterPaint();
  } finally {
    if (useOpening.getState().opening === opening) useOpening.setState({ opening: null });
  }
}

/** A file being imported, shown (past the delay) with a Cancel that calls `cancel`, until `work` is done. */
export async function importShown<T>(name: string, work: Promise<T>, cancel: () => void): Promise<T> {
  const opening: Opening = { name, step: 'importing', length: null, since: performance.now(), cancel };
  useOpening.setState({ opening });
  try {
    return await work;
  } finally {
    if (useOpening.getState().opening === opening) useOpening.setState({ opening: null });
  }
}

/**
 * Opening batch files: chosen in the dialog, picked from the recent ones or the open workspace,
 * or handed over by the OS (`files:opened`). Each comes forward in the composer, in the tab that already holds it if
 * any; a big one shows its progress before it is loaded.
 */
export function useFileOpening() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);

  const load = useCallback(
    (file: OpenedFile) => {
      useUi.getState().show('composer');
      if (!isNdjsonName(file.name)) {
        useComposer.getState().openFile(file);
        return;
      }
      // One event a line is no batch the editor can show: it opens as the JSON array of its
      // events, a new batch, so Save never writes a JSON array into the .ndjson file.
      const batch = batchFromNdjson(file.text);
      if (!batch.ok) {
        notify('error', `${file.name} could not be opened as NDJSON: ${batch.message}`);
        return;
      }
      useComposer.getState().open({ name: baseName(file.name), text: batch.text });
      notify(
        'info',
        `${file.name} is NDJSON: its ${batch.events.toLocaleString('en')} ${batch.events === 1 ? 'event' : 'events'} opened as a new batch; Save writes a .json file.`,
      );
    },
    [notify],
  );
  const refreshRecent = useCallback(() => void client.invalidateQueries({ queryKey: recentFilesKey }), [client]);
  const opened = useCallback(
    (file: OpenedFile | null) => {
      refreshRecent();
      return file ? loaded(file, load) : Promise.resolve();
    },
    [load, refreshRecent],
  );
  const fail = (error: unknown) => notify('error', `The file could not be opened: ${error instanceof Error ? error.message : String(error)}`);
  const read = (name: string | null, reading: Promise<OpenedFile | null>) => tracked(name, reading.finally(refreshRecent), load).catch(fail);

  return {
    opened,
    open: () => read(null, api.files.open()),
    openRecent: (path: string) => read(fileName(path), api.files.openRecent({ path })),
    /** A batch of the open workspace, by its path from the workspace's root. */
    openWorkspaceBatch: (path: string) => read(fileName(path), api.workspace.openFile({ path })),
  };
}
