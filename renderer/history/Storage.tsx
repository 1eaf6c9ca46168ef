import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatBytes, type Retention } from '../../shared/history.ts';
import { useApi } from '../queries.ts';
import { useNotices } from '../state/ui.ts';
import { historyKey, useRetention } from './queries.ts';

/** The space the history takes, and how much of it is kept (everything, by default). */
export function Storage() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const current = useRetention();
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

  const number = (value: string, fallback: number) => (Number.isInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
  return (
    <details className="history-storage">
      <summary>
        Storage{usage && `: ${usage.submissions.toLocaleString('en')} submissions, ${formatBytes(usage.storedBytes)} of batches and responses, ${formatBytes(usage.fileBytes)} on disk`}
      </summary>
      <fieldset>
        <legend>Keep</legend>
        <label>
          <input type="radio" name="keep" checked={retention.keep === 'all'} onChange={() => setDraft({ keep: 'all' })} /> everything (the default)
        </label>
        <label>
          <input type="radio" name="keep" checked={retention.keep === 'days'} onChange={() => setDraft({ keep: 'days', days: 30 })} /> the last{' '}
          <input
            type="number"
            min={1}
            aria-label="Days to keep"
            disabled={retention.keep !== 'days'}
            value={retention.keep === 'days' ? retention.days : 30}
            onChange={(event) => setDraft({ keep: 'days', days: number(event.target.value, 30) })}
          />{' '}
          days
        </label>
        <label>
          <input type="radio" name="keep" checked={retention.keep === 'size'} onChange={() => setDraft({ keep: 'size', megabytes: 500 })} /> at most{' '}
          <input
            type="number"
            min={1}
            aria-label="Megabytes to keep"
            disabled={retention.keep !== 'size'}
            value={retention.keep === 'size' ? retention.megabytes : 500}
            onChange={(event) => setDraft({ keep: 'size', megabytes: number(event.target.value, 500) })}
          />{' '}
          MB, the oldest going first
        </label>
        <button type="button" className="small" disabled={draft === null} onClick={() => void save()}>
          Save
        </button>
      </fieldset>
    </details>
  );
}
