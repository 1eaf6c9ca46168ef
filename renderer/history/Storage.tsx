import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatBytes, RETENTION_LIMITS, type Retention } from '../../features/history/common/history.ts';
import { useApi } from '../base/queries.ts';
import { confirm } from '../base/widgets/questions.ts';
import { useNotices } from '../base/state/ui.ts';
import { historyKey, useRetention } from '../base/data/history-queries.ts';

/**
 * One limit: a radio choosing it, and its number, live only while chosen. What is typed stays as
 * typed (clearing the box to type another number must not put the old one back); a number that
 * is not whole, below 1 or above `most` is said so and holds Save back (`onChange(null)`).
 */
function LimitOption({
  label,
  unit,
  name,
  fallback,
  most,
  value,
  onChange,
}: {
  label: string;
  unit: string;
  name: string;
  fallback: number;
  most: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const problemId = useId();
  const text = value === null ? String(fallback) : (typed ?? String(value));
  const problem =
    value !== null && !(/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= most) ? `A whole number from 1 to ${most.toLocaleString('en')}.` : null;
  return (
    <label>
      <input
        type="radio"
        name="keep"
        checked={value !== null}
        onChange={() => {
          setTyped(null);
          onChange(fallback);
        }}
      />{' '}
      {label}{' '}
      <input
        type="number"
        min={1}
        max={most}
        step={1}
        aria-label={name}
        disabled={value === null}
        value={text}
        {...(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})}
        onChange={(event) => {
          const entered = event.target.value.trim();
          setTyped(entered);
          onChange(/^\d+$/.test(entered) && Number(entered) >= 1 && Number(entered) <= most ? Number(entered) : null);
        }}
      />{' '}
      {unit}
      {problem && (
        <span id={problemId} className="problem">
          {' '}
          {problem}
        </span>
      )}
    </label>
  );
}

const DAYS_MOST = RETENTION_LIMITS.days;
const MEGABYTES_MOST = RETENTION_LIMITS.megabytes;

/** What a limit keeps, in the words of the question asked before it deletes. */
function limitText(retention: Retention): string {
  return retention.keep === 'days'
    ? `older than ${retention.days.toLocaleString('en')} days`
    : retention.keep === 'size'
      ? `beyond the newest ${retention.megabytes.toLocaleString('en')} MB`
      : '';
}

/** The space the history takes, and how much of it is kept (everything, by default). */
export function Storage({ enabled }: { enabled: boolean }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const current = useRetention(enabled);
  const [draft, setDraft] = useState<Retention | null>(null);
  const [invalid, setInvalid] = useState(false);
  const retention = draft ?? current.data?.retention ?? { keep: 'all' };
  const usage = current.data?.usage;
  /** A limit's number as typed: a retention to save, or null (said by LimitOption), which holds Save back. */
  const limit = (retentionOf: (value: number) => Retention) => (value: number | null) => {
    setInvalid(value === null);
    if (value !== null) setDraft(retentionOf(value));
  };

  const save = async () => {
    if (retention.keep !== 'all') {
      const message = `Submissions ${limitText(retention)} are deleted now, and from then on at start and after each send (the newest is always kept). Go on?`;
      if (!(await confirm({ title: 'Delete older submissions?', message, action: 'Save and delete', destructive: true }))) return;
    }
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
        Storage
        {usage &&
          `: ${usage.submissions.toLocaleString('en')} ${usage.submissions === 1 ? 'submission' : 'submissions'}, ${formatBytes(usage.storedBytes)} of batches and responses, ${formatBytes(usage.fileBytes)} on disk`}
      </summary>
      <fieldset>
        <legend>Keep</legend>
        <label>
          <input
            type="radio"
            name="keep"
            checked={retention.keep === 'all'}
            onChange={() => {
              setInvalid(false);
              setDraft({ keep: 'all' });
            }}
          />{' '}
          everything (the default)
        </label>
        <LimitOption
          label="the last"
          unit="days"
          name="Days to keep"
          fallback={30}
          most={DAYS_MOST}
          value={retention.keep === 'days' ? retention.days : null}
          onChange={limit((days) => ({ keep: 'days', days }))}
        />
        <LimitOption
          label="at most"
          unit="MB, the oldest going first"
          name="Megabytes to keep"
          fallback={500}
          most={MEGABYTES_MOST}
          value={retention.keep === 'size' ? retention.megabytes : null}
          onChange={limit((megabytes) => ({ keep: 'size', megabytes }))}
        />
        <button type="button" className="small" disabled={draft === null || invalid} onClick={() => void save()}>
          Save
        </button>
      </fieldset>
    </details>
  );
}
