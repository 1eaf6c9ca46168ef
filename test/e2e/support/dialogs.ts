import type { FileDialogs } from '../../../electron/services/files.ts';

/**
 * The OS's file dialogs, which a browser test cannot click, answered from a list in order:
 * push the path the next dialog should "choose" (none left: the user cancelled). A dialog that
 * takes several files takes one answer's paths, separated by newlines.
 */
export function scriptedDialogs(): { answers: string[]; dialogs: FileDialogs } {
  const answers: string[] = [];
  return {
    answers,
    dialogs: {
      chooseFileToOpen: async () => answers.shift() ?? null,
      chooseFilesToOpen: async () => answers.shift()?.split('\n') ?? [],
      chooseFileToSave: async () => answers.shift() ?? null,
    },
  };
}
