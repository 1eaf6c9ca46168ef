import type { TextChange } from '../../../base/common/text-changes.ts';
import { workDone } from './text-work.ts';

/**
 * Where each open batch's text lives. A batch opens with its text as a string; once the editor
 * shows it, Monaco's model holds it and the string is let go, so the text is never copied on a
 * keystroke. Whoever needs the text whole (send, save, export) reads it here, when it acts.
 * Edits are reported here as the editor makes them, for whatever keeps up with the text
 * (autosave, validation) without reading it whole.
 */

/** The part of Monaco's text model this needs: the state layer does not load Monaco. */
export interface TextHolder {
  getValue(): string;
  /** Replaces the whole text (a file reloaded after it changed on disk). */
  setValue(text: string): void;
  /** What work on the text across frames is registered under (text-work.ts): the model itself. */
  readonly workKey: object;
}

type EditListener = (id: string, changes: readonly TextChange[]) => void;

const texts = new Map<string, string | TextHolder>();
const listeners = new Set<EditListener>();

export function batchText(id: string): string {
  const text = texts.get(id);
  return typeof text === 'string' ? text : (text?.getValue() ?? '');
}

/** The batch's text while no editor holds it yet, else null (reading a held text whole is what this avoids). */
export function unheldText(id: string): string | null {
  const text = texts.get(id);
  return typeof text === 'string' ? text : null;
}

/** The batch's text once any work on it across frames (a transform's undo) is done: what send, save and export read. */
export async function settledBatchText(id: string): Promise<string> {
  const text = texts.get(id);
  if (text !== undefined && typeof text !== 'string') await workDone(text.workKey);
  return batchText(id);
}

/** The text to open a batch with, before any editor holds it. */
export function setBatchText(id: string, text: string): void {
  texts.set(id, text);
}

/** From now on the holder (the editor's model) has the batch's text. */
export function holdBatchText(id: string, holder: TextHolder): void {
  texts.set(id, holder);
}

/** The batch's whole text replaced, in the editor too when one holds it: its edits are reported as any others (autosave keeps up). */
export function replaceBatchText(id: string, text: string): void {
  const held = texts.get(id);
  if (held === undefined || typeof held === 'string') texts.set(id, text);
  else held.setValue(text);
}

export function forgetBatchText(id: string): void {
  texts.delete(id);
}

export function reportEdits(id: string, changes: readonly TextChange[]): void {
  for (const listener of listeners) listener(id, changes);
}

/** Hears every edit to every batch; returns the function that stops listening. */
export function onBatchEdited(listener: EditListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
