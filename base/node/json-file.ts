import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The data folder's JSON files: settings, secrets, drafts. */

/**
 * Writes a file whole or not at all (a temporary file renamed over it), so a crash mid-write
 * never leaves half a settings or secrets file. Writes to one file are queued in call order.
 */
export function createAtomicWriter(file: string, mode?: number) {
  let queue: Promise<void> = Promise.resolve();
  return (text: string | Uint8Array): Promise<void> => {
    queue = queue.then(async () => {
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text, mode === undefined ? {} : { mode });
      await rename(temporary, file);
    });
    return queue;
  };
}

/** Moves an unreadable file aside, keeping it for the user, and says where it went. */
export async function setAside(file: string): Promise<string> {
  const aside = file.replace(/\.json$/, '') + `.unreadable-${Date.now()}.json`;
  await rename(file, aside);
  return aside;
}

/** JSON.parse that answers null for text that is not JSON: callers treat both as "unreadable". */
export function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
