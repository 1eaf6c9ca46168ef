import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { openSubmissions, type SubmissionStore } from '../../features/history/node/submissions.ts';

/**
 * A history file in a fresh folder for each test of the file that calls it, and the stores
 * opened on it, closed (and the folder removed) after each test.
 */
export function historyFilePerTest(prefix: string): { readonly file: string; openStore(): SubmissionStore } {
  let folder = '';
  const open: SubmissionStore[] = [];
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterEach(async () => {
    for (const store of open.splice(0)) store.close();
    await rm(folder, { recursive: true, force: true });
  });
  return {
    get file() {
      return path.join(folder, 'submissions.sqlite');
    },
    openStore() {
      const store = openSubmissions(this.file);
      open.push(store);
      return store;
    },
  };
}
