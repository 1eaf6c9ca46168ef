import { useState } from 'react';
import type { CapturedSelection } from '../../../features/capture/common/capture-events.ts';
import { plural } from '../../../base/common/plural.ts';
import { useApi } from '../../base/queries.ts';
import { useReplay } from '../../base/data/replay-store.ts';
import { useComposer } from '../../base/state/composer.ts';
import { useNotices, useUi } from '../../base/state/ui.ts';
import { formatTime } from '../../base/time-format.ts';

/** A new batch's name: when it was taken and how many events, "Captured 9:41 AM (12 events)" (the locale's clock). */
export function capturedBatchName(count: number, now = new Date()): string {
  return `Captured ${formatTime(now, 'minute')} (${plural(count, 'event')})`;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What to do with the selected events: open them as a new batch, copy them as a JSON array,
 * save them as JSON or NDJSON (main's save dialog), or replay them. Main builds the text, within
 * its bounds; a selection past them is refused with what to do instead.
 */
export function EventsActions({ selection, count, onClear }: { selection: CapturedSelection; count: number; onClear: () => void }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify('error', messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const taken = () => api.capture.eventsText(selection);

  const openInComposer = () =>
    run(async () => {
      const { text, count: events } = await taken();
      useComposer.getState().open({ name: capturedBatchName(events), text });
      useUi.getState().show('composer');
      notify('success', `Opened ${plural(events, 'captured event')} as a new batch.`);
    });
  const copy = () =>
    run(async () => {
      const { text, count: events } = await taken();
      await navigator.clipboard.writeText(text);
      notify('success', `Copied ${plural(events, 'captured event')} as a JSON array.`);
    });
  const save = (format: 'json' | 'ndjson') =>
    run(async () => {
      const saved = await api.capture.saveEvents({ selection, format });
      if (saved) notify('success', `Saved ${plural(saved.count, 'event')} to ${saved.path}.`);
    });
  const replay = () =>
    run(async () => {
      const { text, count: events, source } = await taken();
      useReplay.getState().open({ eventsText: text, count: events, source });
    });

  return (
    <div className="events-actions" role="toolbar" aria-label="Selected events">
      <span data-testid="events-selected">{plural(count, 'event')} selected</span>
      <button type="button" className="small" disabled={busy} onClick={() => void openInComposer()}>
        Open in composer
      </button>
      <button type="button" className="small" disabled={busy} onClick={() => void copy()}>
        Copy
      </button>
      <button type="button" className="small" disabled={busy} onClick={() => void save('json')}>
        Save as JSON…
      </button>
      <button type="button" className="small" disabled={busy} onClick={() => void save('ndjson')}>
        Save as NDJSON…
      </button>
      <button type="button" className="small" disabled={busy} onClick={() => void replay()}>
        Replay…
      </button>
      <button type="button" className="small" onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
