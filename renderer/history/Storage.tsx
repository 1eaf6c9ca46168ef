import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes, type Retention } from '../../shared/history.ts';
import { useApi } from '../queries.ts';
import { useNotices } from '../state/ui.ts';
import { historyKey, useRetention } from './queries.ts';

/** One limit: a radio choosing it, and its number (whole, at least 1), live only while chosen. */
function LimitOption({ label, unit, name, fallback, value, onChange }: { label: string; unit: string; name: string; fallback: number; value: number | null; onChange: (value: number) => void }) {
  const whole = (text: string) => (Number.isInteger(Number(text)) && Number(text) > 0 ? Number(text) : fallback);
  return (
    <label>
      <input type="radio" name="keep" checked={value !== null} onChange={() => onChange(fallback)} /> {label}{' '}
      <input type="number" min={1} aria-label={name} disabled={value === null} value={value ?? fallback} onChange={(event) => onChange(whole(event.target.value))} /> {unit}
    </label>
  );
}

/** The space the history takes, and how much of it is kept (everything, by default). */
export function Storage({ enabled }: { enabled: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const current = useRetention(enabled);
  const [draft, setDraft] = useState<Retention | null>(null);
  const retention = draft ?? current.data?.retention ?? { keep: 'all' };
  const usage = current.data?.usage;

  const save = async () => {
    if (retention.keep !== 'all' && !window.confirm('Submissions outside the new limit are deleted now, and from then on at start and after each send. Go on?')) return;
    try {
      const result = await api.history.setRetention(retention);
      setDraft(null);
      void client.invalidateQueries({ queryKey: historyKey });
      notify('success', result.deleted > 0 ? `Saved; ${result.deleted.toLocaleString('en')} older submissions were deleted.` : 'Saved.');
    } catch (error) {
      notify('error', error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <details className="history-storage">
      <summary>
        Storage{usage && `: ${usage.submissions.toLocaleString('en')} ${usage.submissions === 1 ? 'submission' : 'submissions'}, ${formatBytes(usage.storedBytes)} of batches and responses, ${formatBytes(usage.fileBytes)} on disk`}
      </summary>
      <fieldset>
        <legend>Keep</legend>
        <label>
          <input type="radio" name="keep" checked={retention.keep === 'all'} onChange={() => setDraft({ keep: 'all' })} /> everything (the default)
        </label>
        <LimitOption label="the last" unit="days" name="Days to keep" fallback={30} value={retention.keep === 'days' ? retention.days : null} onChange={(days) => setDraft({ keep: 'days', days })} />
        <LimitOption
          label="at most"
          unit="MB, the oldest going first"
          name="Megabytes to keep"
          fallback={500}
          value={retention.keep === 'size' ? retention.megabytes : null}
          onChange={(megabytes) => setDraft({ keep: 'size', megabytes })}
        />
        <button type="button" className="small" disabled={draft === null} onClick={() => void save()}>
          Save
        </button>
      </fieldset>
    </details>
  );
}
