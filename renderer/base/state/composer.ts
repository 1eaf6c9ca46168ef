import { create } from 'zustand';
import type { ReopenedDraft } from '../../../features/documents/common/draft.ts';
import type { OpenedFile } from '../../../features/documents/common/files.ts';
import { forgetBatchText, setBatchText } from './batch-text.ts';
import { forgetOrigins, restoreOrigins } from './pseudonym-origins.ts';

/**
 * An open batch. Its JSON text is the single source of truth and every view edits the text,
 * which lives in batch-text.ts (Monaco's model, once the editor has it), not here: a store
 * update per keystroke would copy 29 MB and re-render everything that reads a batch.
 */
export interface Batch {
  id: string;
  name: string;
  filePath: string | null;
  /** The text as last read from or written to its file in this run; unknown after a restart. */
  savedText?: string;
}

interface ComposerState {
  batches: Batch[];
  activeId: string | null;
  /** False until the drafts of the last run are back: nothing is saved over them before. */
  restored: boolean;
  restore: (drafts: ReopenedDraft[], activeId: string | null) => void;
  open: (batch?: Partial<Omit<Batch, 'id'>> & { text?: string }) => string;
  /** A file from disk: the tab that already holds it comes forward, or it opens as a new one. */
  openFile: (file: OpenedFile) => void;
  close: (id: string) => void;
  activate: (id: string) => void;
  /** After a save of `text`: the batch now lives in this file, and takes its name. */
  saved: (id: string, filePath: string, text: string) => void;
}

export const starterBatch = `[
  {
    "token": "evt-0001",
    "customer_id": "customer-42",
    "device_id": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    "svc_id": 1001,
    "created_at": "2026-11-22 09:30:00",
    "attributes": {
      "plan": "pro",
      "spend": "19.99"
    }
  }
]
`;

/** The file's name without its folder, as a tab shows it. */
export function fileName(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || filePath;
}

/** A file's name without its extension, as a batch made from it is named. */
export const baseName = (name: string) => name.replace(/\.[^.]+$/, '') || 'Imported';

function nextName(batches: Batch[]): string {
  const taken = new Set(batches.map((batch) => batch.name));
  for (let n = 1; ; n++) if (!taken.has(`Batch ${n}`)) return `Batch ${n}`;
}

/**
 * A name no other open batch has, so two tabs never read the same: the one wanted, else with its
 * file's folder ("events.json (exports)"), else numbered ("events.json (2)").
 */
function distinctName(others: readonly Batch[], wanted: string, filePath: string | null): string {
  const taken = new Set(others.map((batch) => batch.name));
  if (!taken.has(wanted)) return wanted;
  const folder = filePath === null ? '' : fileName(filePath.slice(0, -fileName(filePath).length).replace(/[\\/]+$/, ''));
  if (folder && !taken.has(`${wanted} (${folder})`)) return `${wanted} (${folder})`;
  for (let n = 2; ; n++) if (!taken.has(`${wanted} (${n})`)) return `${wanted} (${n})`;
}

export const useComposer = create<ComposerState>((set, get) => ({
  batches: [],
  activeId: null,
  restored: false,
  restore: (drafts, activeId) => {
    for (const { id, text, origins = [] } of drafts) {
      setBatchText(id, text);
      restoreOrigins(id, origins);
    }
    set({ batches: drafts.map(({ id, name, filePath }) => ({ id, name, filePath })), activeId: activeId ?? drafts[0]?.id ?? null, restored: true });
  },
  open: (batch = {}) => {
    const id = crypto.randomUUID();
    const text = batch.text ?? starterBatch;
    setBatchText(id, text);
    set((state) => {
      const filePath = batch.filePath ?? null;
      const name = batch.name === undefined ? nextName(state.batches) : distinctName(state.batches, batch.name, filePath);
      return { batches: [...state.batches, { id, name, filePath, ...(filePath ? { savedText: text } : {}) }], activeId: id };
    });
    return id;
  },
  openFile: (file) => {
    const already = get().batches.find((batch) => batch.filePath === file.path);
    if (already) set({ activeId: already.id });
    else get().open({ name: file.name, text: file.text, filePath: file.path });
  },
  close: (id) => {
    set((state) => {
      const at = state.batches.findIndex((batch) => batch.id === id);
      const batches = state.batches.filter((batch) => batch.id !== id);
      const activeId = state.activeId === id ? (batches[Math.min(at, batches.length - 1)]?.id ?? null) : state.activeId;
      return { batches, activeId };
    });
    forgetBatchText(id);
    forgetOrigins(id);
  },
  activate: (id) => {
    if (get().batches.some((batch) => batch.id === id)) set({ activeId: id });
  },
  saved: (id, filePath, text) =>
    set((state) => {
      const name = distinctName(
        state.batches.filter((batch) => batch.id !== id),
        fileName(filePath),
        filePath,
      );
      return { batches: state.batches.map((batch) => (batch.id === id ? { ...batch, filePath, name, savedText: text } : batch)) };
    }),
}));

export function useActiveBatch(): Batch | null {
  return useComposer((state) => state.batches.find((batch) => batch.id === state.activeId) ?? null);
}
