import { useEffect } from 'react';
import { AppError } from '../../base/common/errors.ts';
import type { TextChange } from '../../base/common/text-changes.ts';
import type { Api } from '../base/api.ts';
import { useApi } from '../base/queries.ts';
import { batchText, onBatchEdited } from '../base/state/batch-text.ts';
import { useComposer } from '../base/state/composer.ts';
import { onOriginsRemembered, originsToKeep } from '../base/state/pseudonym-origins.ts';
import { useNotices } from '../base/state/ui.ts';

/** The drafts of the last run, asked once per bridge: at start-up, before the shell has mounted. */
const listed = new WeakMap<Api, ReturnType<Api['drafts']['list']>>();
export function draftsAtStart(api: Api): ReturnType<Api['drafts']['list']> {
  const list = listed.get(api) ?? api.drafts.list();
  listed.set(api, list);
  return list;
}

/** The pause in typing after which the edits are saved. */
const PAUSE_MS = 300;

/** Where one batch's autosave stands. */
interface Saving {
  /** The revision of the draft on disk, or null when its whole text must be saved (new, or out of step). */
  revision: number | null;
  /** Edits made since the last save. */
  changes: TextChange[];
  timer?: ReturnType<typeof setTimeout>;
  /** Saves of one batch run one after another, each knowing the revision the last one made. */
  queue: Promise<void>;
}

/**
 * Brings back the batches of the last run, then saves every change to them as a draft, so
 * a crash, a kill or a reload loses nothing typed. A pause in the typing saves the edits
 * made since the last save (drafts:saveEdits), never the whole text again: a keystroke in a
 * 29 MB batch costs its own few bytes. The whole text goes only for a new batch, or when the
 * draft on disk is not at the revision these edits follow.
 */
export function useDraftAutosave(): void {
  const api = useApi();
  const notify = useNotices((state) => state.notify);

  useEffect(() => {
    let cancelled = false;
    const saving = new Map<string, Saving>();
    const report = (what: string) => (error: unknown) => notify('error', `${what}: ${error instanceof Error ? error.message : String(error)}`);
    const savingOf = (id: string) => {
      let entry = saving.get(id);
      if (!entry) saving.set(id, (entry = { revision: null, changes: [], queue: Promise.resolve() }));
      return entry;
    };

    /** Saves what changed, at the moment it runs: the edits and the text read then belong together. */
    async function write(id: string, entry: Saving): Promise<void> {
      const batch = useComposer.getState().batches.find((candidate) => candidate.id === id);
      if (!batch) return;
      const description = { id, name: batch.name, filePath: batch.filePath, updatedAt: new Date().toISOString() };
      const changes = entry.changes;
      entry.changes = [];
      if (entry.revision !== null) {
        const revision = entry.revision;
        // Until this save is known to have landed, the next one must send the whole text.
        entry.revision = null;
        try {
          await api.drafts.saveEdits({ ...description, revision, changes });
          entry.revision = revision + 1;
          return;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'draft-out-of-step')) throw error;
        }
      }
      const text = batchText(id);
      entry.changes = [];
      await api.drafts.save({ ...description, text, revision: 0 });
      entry.revision = 0;
    }

    function saveNow(id: string): Promise<boolean> {
      const entry = savingOf(id);
      clearTimeout(entry.timer);
      const saved = entry.queue
        .then(() => write(id, entry))
        .then(
          () => true,
          (error: unknown) => (
            report(`The draft “${useComposer.getState().batches.find((batch) => batch.id === id)?.name ?? id}” could not be saved`)(error),
            false
          ),
        );
      entry.queue = saved.then(() => undefined);
      return saved;
    }

    function saveSoon(id: string): void {
      const entry = savingOf(id);
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => void saveNow(id), PAUSE_MS);
    }

    void draftsAtStart(api).then(
      ({ drafts, activeId }) => {
        if (cancelled) return;
        for (const draft of drafts) savingOf(draft.id).revision = draft.revision;
        useComposer.getState().restore(drafts, activeId);
        if (drafts.length === 0) useComposer.getState().open();
      },
      (error: unknown) => {
        notify('error', `Earlier drafts could not be read: ${error instanceof Error ? error.message : String(error)}`);
        useComposer.getState().restore([], null);
        useComposer.getState().open();
      },
    );

    const stopHearing = onBatchEdited((id, changes) => {
      if (!useComposer.getState().restored) return;
      savingOf(id).changes.push(...changes);
      saveSoon(id);
    });

    // After the saves queued before it, so the draft it goes beside exists on disk.
    const stopKeeping = onOriginsRemembered((id) => {
      if (!useComposer.getState().restored) return;
      const entry = savingOf(id);
      const name = useComposer.getState().batches.find((batch) => batch.id === id)?.name ?? id;
      entry.queue = entry.queue
        .then(() => (useComposer.getState().batches.some((batch) => batch.id === id) ? api.drafts.saveOrigins({ id, origins: originsToKeep(id) }) : null))
        .then(() => undefined, report(`The ids “${name}” was pseudonymized from could not be kept with its draft`));
    });

    const unsubscribe = useComposer.subscribe((state, previous) => {
      if (!state.restored || !previous.restored) return;
      for (const batch of state.batches) {
        const before = previous.batches.find((candidate) => candidate.id === batch.id);
        if (!before) void saveNow(batch.id);
        else if (before.name !== batch.name || before.filePath !== batch.filePath) saveSoon(batch.id);
      }
      for (const gone of previous.batches.filter((batch) => !state.batches.some((candidate) => candidate.id === batch.id))) {
        const entry = savingOf(gone.id);
        clearTimeout(entry.timer);
        saving.delete(gone.id);
        void entry.queue.then(() => api.drafts.close({ id: gone.id })).catch(report(`The draft of “${gone.name}” could not be removed`));
      }
      const active = state.batches.find((batch) => batch.id === state.activeId);
      if (active && state.activeId !== previous.activeId) {
        // A new batch must exist on disk before the index can point at it: its save is queued first.
        void savingOf(active.id).queue.then(() => api.drafts.activate({ id: active.id }).catch(report('Which batch is open could not be remembered')));
      }
    });

    return () => {
      cancelled = true;
      stopHearing();
      stopKeeping();
      unsubscribe();
      for (const entry of saving.values()) clearTimeout(entry.timer);
    };
  }, [api, notify]);
}
