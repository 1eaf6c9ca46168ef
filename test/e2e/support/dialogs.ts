import { unscriptedSave } from '../../harness/dialogs.ts';
import type { FileDialogs } from '../../../base/node/ports.ts';

/**
 * The OS's file dialogs, which a browser test cannot click, answered from a list in order:
 * push the path the next dialog should "choose", or null for the user cancelling it (an open
 * dialog with none left is cancelled; a save dialog with none left fails the save, said in the
 * harness's log, so a test that forgot its answer notices). A dialog that takes several files
 * takes one answer's paths, separated by newlines.
 */
export function scriptedDialogs(): { answers: (string | null)[]; dialogs: FileDialogs } {
  const answers: (string | null)[] = [];
  return {
    answers,
    dialogs: {
      chooseFileToOpen: async () => answers.shift() ?? null,
      chooseFilesToOpen: async () => answers.shift()?.split('\n') ?? [],
      chooseFileToSave: async (suggestedName) => (answers.length > 0 ? answers.shift()! : unscriptedSave(suggestedName)),
    },
  };
}
