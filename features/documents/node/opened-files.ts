import { statSync } from 'node:fs';
import path from 'node:path';
import type { OpenedFile } from '../common/files.ts';
import type { Files } from './files.ts';

/**
 * Batch files the OS hands the app (a double-click on a file, a second launch with a path,
 * macOS open-file, File → Open Recent) on their way to the page as `files:opened` pushes.
 * A file that arrives before the page listens (the one the app was launched with) waits until
 * the page takes it with `files:takeOpened`; a push then would reach no one.
 */

const batchExtensions = new Set(['.json', '.ndjson', '.jsonl']);

/**
 * The batch file a command line names: the first argument that is an existing .json, .ndjson
 * or .jsonl file, relative to `cwd`. The executable (argv[0]) and flags (Chromium's `--…`
 * switches that a second launch forwards) are skipped; the app path `electron .` passes in
 * development is not a batch file, so it is skipped too.
 */
export function batchFileFromArgv(argv: readonly string[], cwd: string): string | null {
  for (const argument of argv.slice(1)) {
    if (argument.startsWith('-') || !batchExtensions.has(path.extname(argument).toLowerCase())) continue;
    const file = path.resolve(cwd, argument);
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  }
  return null;
}

export function createOpenedFiles(files: Pick<Files, 'openGiven' | 'openRecent'>, push: (file: OpenedFile) => void) {
  const waiting: OpenedFile[] = [];
  let pageListens = false;

  function deliver(file: OpenedFile): void {
    if (pageListens) push(file);
    else waiting.push(file);
  }

  return {
    /** Reads a file the OS gave (registering it as chosen, so Save writes back) and hands it to the page. */
    async openFromOs(file: string): Promise<void> {
      deliver(await files.openGiven(file));
    },
    async openRecent(file: string): Promise<void> {
      deliver(await files.openRecent(file));
    },
    /** The page listens from now on; answers what arrived before. */
    take(): OpenedFile[] {
      pageListens = true;
      return waiting.splice(0);
    },
    /** The page reloaded or its window closed: hold files again until the next take. */
    pageGone(): void {
      pageListens = false;
    },
  };
}
export type OpenedFiles = ReturnType<typeof createOpenedFiles>;
