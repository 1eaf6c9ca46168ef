import path from 'node:path';
import type { PathAnswer, PathQuestion } from './path-question.ts';
import type { FileDialogs, OpenManyPurpose, OpenPurpose } from '../../base/node/ports.ts';

/**
 * The harness's file dialogs when a person walks the app in a browser (`npm run harness`): a
 * browser shows no OS dialog, so each open or save asks the page for a path in a small dialog of
 * the harness's own (bridge-path-dialog.ts), and Open…, Open workspace… or a replay of a file never
 * does nothing. A path typed relative is taken from `folder`.
 */

const OPEN_TITLES: Record<OpenPurpose, string> = {
  batch: 'Open a batch file',
  import: 'Import events from a file (JSON, NDJSON, CSV, HAR, cURL)',
  plan: 'Open a tracking plan',
};
const OPEN_MANY_TITLES: Record<OpenManyPurpose, string> = {
  events: 'Batch files to draft a plan from',
  'plan-exports': 'Exported tracking plans',
  'plan-export-folder': 'A folder of exported tracking plans',
  workspace: 'Open a workspace folder',
};

export interface PageDialogs {
  dialogs: FileDialogs;
  /** Takes the page's answer; false when no question has that id (answered already, or never asked). */
  answer(answer: PathAnswer): boolean;
  /** Cancels every question still open: the harness is closing. */
  cancelAll(): void;
}

/** `ask` sends the question to the pages and says whether any listens; none listening, the dialog is cancelled and the log says so. */
export function createPageDialogs(ask: (question: PathQuestion) => boolean, folder: string): PageDialogs {
  const waiting = new Map<string, (paths: string[] | null) => void>();
  let lastId = 0;

  function question(kind: PathQuestion['kind'], title: string, suggested: string): Promise<string[] | null> {
    const id = String(++lastId);
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      if (ask({ id, kind, title, suggested })) return;
      waiting.delete(id);
      console.log(`"${title}" was cancelled: no page of the harness is open to ask for a path.`);
      resolve(null);
    });
  }
  const resolved = (paths: string[] | null) => paths?.map((typed) => path.resolve(folder, typed)) ?? null;
  const startHere = `${folder}${path.sep}`;

  return {
    dialogs: {
      chooseFileToOpen: async (purpose) => resolved(await question('open', OPEN_TITLES[purpose], startHere))?.[0] ?? null,
      chooseFilesToOpen: async (purpose) => resolved(await question('open-many', OPEN_MANY_TITLES[purpose], startHere)) ?? [],
      chooseFileToSave: async (suggestedName) => resolved(await question('save', 'Save as', path.join(folder, path.basename(suggestedName))))?.[0] ?? null,
    },
    answer({ id, paths }) {
      const resolve = waiting.get(id);
      if (!resolve) return false;
      waiting.delete(id);
      resolve(Array.isArray(paths) ? paths.map((typed) => String(typed).trim()).filter((typed) => typed !== '') : null);
      return true;
    },
    cancelAll() {
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    },
  };
}
