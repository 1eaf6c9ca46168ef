import { useEffect } from 'react';
import { useApi } from '../queries.ts';
import { useComposer, type Batch } from '../state/composer.ts';
import { useNotices } from '../state/ui.ts';

/** Small batches save almost at once; a 28 MB one waits for a pause in the typing. */
function delayFor(text: string): number {
  return text.length > 1_000_000 ? 1500 : 300;
}

/**
 * Brings back the batches of the last run, then saves every change to them as a draft, so
 * a crash, a kill or a reload loses nothing typed.
 */
export function useDraftAutosave(): void {
  const api = useApi();
  const notify = useNotices((state) => state.notify);

  useEffect(() => {
    let cancelled = false;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const report = (what: string) => (error: unknown) => notify('error', `${what}: ${error instanceof Error ? error.message : String(error)}`);
    const save = (batch: Batch) => api.drafts.save({ ...batch, updatedAt: new Date().toISOString() }).then(() => true, (error: unknown) => (report(`The draft “${batch.name}” could not be saved`)(error), false));

    void api.drafts.list().then(
      ({ drafts, activeId }) => {
        if (cancelled) return;
        useComposer.getState().restore(drafts, activeId);
        if (drafts.length === 0) useComposer.getState().open();
      },
      (error: unknown) => {
        notify('error', `Earlier drafts could not be read: ${error instanceof Error ? error.message : String(error)}`);
        useComposer.getState().restore([], null);
        useComposer.getState().open();
      },
    );

    const unsubscribe = useComposer.subscribe((state, previous) => {
      if (!state.restored || !previous.restored) return;
      for (const batch of state.batches) {
        const before = previous.batches.find((candidate) => candidate.id === batch.id);
        if (before === batch) continue;
        clearTimeout(timers.get(batch.id));
        timers.set(batch.id, setTimeout(() => void save(batch), delayFor(batch.text)));
      }
      for (const gone of previous.batches.filter((batch) => !state.batches.some((candidate) => candidate.id === batch.id))) {
        clearTimeout(timers.get(gone.id));
        api.drafts.close({ id: gone.id }).catch(report(`The draft of “${gone.name}” could not be removed`));
      }
      const active = state.batches.find((batch) => batch.id === state.activeId);
      if (active && state.activeId !== previous.activeId) {
        const isNew = !previous.batches.some((batch) => batch.id === active.id);
        // A new batch must exist on disk before the index can point at it.
        void (isNew ? save(active) : Promise.resolve(true)).then(async (saved) => {
          if (saved) await api.drafts.activate({ id: active.id }).catch(report('Which batch is open could not be remembered'));
        });
      }
    });

    return () => {
      cancelled = true;
      unsubscribe();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [api, notify]);
}
