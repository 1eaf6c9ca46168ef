import { create } from 'zustand';
import type { WorkspaceChangeEvent } from '../../../features/workspace/common/workspace-schema.ts';
import { batchText, replaceBatchText } from '../state/batch-text.ts';
import { useComposer, type Batch } from '../state/composer.ts';

/**
 * Open batches whose workspace file changed on disk (a git pull, another editor): one with no
 * unsaved edits takes the new text at once; one with edits asks which to keep. "Keep mine"
 * leaves the text and notes the file's new text as the saved one, so the tab shows its edits as
 * unsaved against what is now on disk and the next save writes them over it.
 */

/** A changed file and the open batch it is, asking which text to keep. */
export interface ReloadQuestion {
  batchId: string;
  /** From the workspace's root. */
  path: string;
  name: string;
  /** What the file says now. */
  text: string;
}

export const useReloadQuestions = create<{ questions: ReloadQuestion[] }>(() => ({ questions: [] }));

/** `filePath` (absolute) as a path from the workspace's `root`, forward slashes; null when it is not inside. */
export function pathInWorkspace(root: string, filePath: string): string | null {
  const separator = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  const prefix = root.endsWith(separator) ? root : `${root}${separator}`;
  return filePath.startsWith(prefix) ? filePath.slice(prefix.length).split(separator).join('/') : null;
}

/** The open batches that are files of the workspace the change is about, among those it names. */
export function changedBatches(change: WorkspaceChangeEvent, batches: readonly Batch[]): { batch: Batch; path: string }[] {
  if (!change.listing || change.changed.length === 0) return [];
  const changed = new Set(change.changed);
  const { root } = change.listing;
  return batches.flatMap((batch) => {
    const path = batch.filePath === null ? null : pathInWorkspace(root, batch.filePath);
    return path !== null && changed.has(path) ? [{ batch, path }] : [];
  });
}

export type ReloadOutcome = 'same' | 'reloaded' | 'asked';

/** Takes the file's new text into its batch, or asks when the batch has unsaved edits (its text is not what was last read or saved). */
export function reloadBatch(batch: Batch, path: string, text: string): ReloadOutcome {
  if (text === batch.savedText) return 'same';
  if (batch.filePath === null) return 'same';
  if (batch.savedText !== undefined && batchText(batch.id) === batch.savedText) {
    replaceBatchText(batch.id, text);
    useComposer.getState().saved(batch.id, batch.filePath, text);
    return 'reloaded';
  }
  useReloadQuestions.setState((state) => ({
    questions: [...state.questions.filter((question) => question.batchId !== batch.id), { batchId: batch.id, path, name: batch.name, text }],
  }));
  return 'asked';
}

/** The answer to a question: "theirs" takes the file's text, "mine" keeps the tab's. */
export function answerReload(question: ReloadQuestion, keep: 'mine' | 'theirs'): void {
  useReloadQuestions.setState((state) => ({ questions: state.questions.filter((candidate) => candidate !== question) }));
  const batch = useComposer.getState().batches.find((candidate) => candidate.id === question.batchId);
  if (!batch?.filePath) return;
  if (keep === 'theirs') replaceBatchText(batch.id, question.text);
  useComposer.getState().saved(batch.id, batch.filePath, question.text);
}
