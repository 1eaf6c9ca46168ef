import { noDialogs } from '../../app/host/node-services.ts';
import type { FileDialogs } from '../../base/node/ports.ts';

/**
 * A save dialog the test did not script an answer for. Cancelling it quietly let a test that
 * forgot its answer pass without saving, or wait for a file that never came: it fails, said in
 * the harness's log and in the app (the save's error), naming the file it was asked for.
 */
export function unscriptedSave(suggestedName: string): never {
  const message = `The harness's save dialog (for "${suggestedName}") has no scripted answer: give the test's dialogs a path, or null to cancel.`;
  console.error(message);
  throw new Error(message);
}

/** The harness's dialogs when a test gives none: opening is cancelled, saving fails loudly. */
export const harnessDialogs: FileDialogs = { ...noDialogs, chooseFileToSave: async (suggestedName) => unscriptedSave(suggestedName) };
