import { watch } from 'node:fs';
import path from 'node:path';

/**
 * Watches a plan file for saves, for the sandbox and for the app's active plan alike. The watch is
 * on its folder: editors often save by writing a new file and renaming it over the old one, which
 * ends a watch on the file itself. `settled` runs once a save's writes have settled, and never
 * twice at once: a save during a run runs it again after. The watch keeps no process alive.
 */

/** Editors write a save in several steps (write, rename, chmod): one reload once they have settled. */
export const RELOAD_DEBOUNCE_MS = 150;

/** Starts watching; answers the function that stops. Throws when the folder cannot be watched. */
export function watchPlanFile(file: string, settled: () => Promise<void>, failed: (problem: Error) => void): () => void {
  const name = path.basename(file);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let changedAgain = false;
  let stopped = false;

  const run = (): void => {
    timer = undefined;
    if (running) {
      changedAgain = true;
      return;
    }
    running = settled().finally(() => {
      running = null;
      if (changedAgain && !stopped) {
        changedAgain = false;
        schedule();
      }
    });
  };
  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(run, RELOAD_DEBOUNCE_MS);
    timer.unref();
  }

  const watcher = watch(path.dirname(file), { persistent: false }, (_event, changed) => {
    if (changed === null || changed === name) schedule();
  });
  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    watcher.close();
  };
  watcher.on('error', (problem) => {
    stop();
    failed(problem);
  });
  return stop;
}
