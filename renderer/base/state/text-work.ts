import { useSyncExternalStore } from 'react';

/**
 * Texts being edited across frames (a transform's undo or redo in a batch's model, a slice a
 * frame): until the work ends, the text is half way between two states. What edits it at
 * offsets (the Form view) waits for the end, and what reads it whole to send, save or export
 * reads it once the work is done, rather than editing at stale offsets or sending half an undo.
 */

const working = new Map<object, Promise<void>>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

export async function whileWorking(holder: object, work: () => Promise<void>): Promise<void> {
  const done = work();
  working.set(
    holder,
    done.catch(() => undefined),
  );
  changed();
  try {
    await done;
  } finally {
    working.delete(holder);
    changed();
  }
}

export function isWorking(holder: object): boolean {
  return working.has(holder);
}

/** Resolves once the work on `holder`, if any, is over. */
export async function workDone(holder: object): Promise<void> {
  for (let pending = working.get(holder); pending; pending = working.get(holder)) await pending;
}

/** isWorking, kept current. */
export function useWorking(holder: object | null): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holder !== null && working.has(holder),
  );
}
