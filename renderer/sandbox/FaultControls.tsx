import { useState, type FormEvent } from 'react';
import { NO_FAULTS, type ForcedFailure, type SandboxFaults } from '../../features/sandbox/common/sandbox.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useSetFaults } from '../base/data/sandbox-queries.ts';

const failureChoices: ForcedFailure[] = [400, 401, 403, 404, 413, 415, 422, 429, 500, 502, 503, 504, 'reset'];

interface Draft {
  latencyMs: string;
  failRatePercent: string;
  failStatus: string;
  failSequence: string;
  retryAfterSeconds: string;
  retryAfterAsDate: boolean;
  maxEvents: string;
}

function draftOf(faults: SandboxFaults): Draft {
  return {
    latencyMs: String(faults.latencyMs),
    failRatePercent: String(Math.round(faults.failRate * 1000) / 10),
    failStatus: String(faults.failStatus),
    failSequence: faults.failSequence.join(', '),
    retryAfterSeconds: String(faults.retryAfterSeconds),
    retryAfterAsDate: faults.retryAfterAsDate,
    maxEvents: faults.maxEvents === null ? '' : String(faults.maxEvents),
  };
}

/** Reads the form; main checks the ranges again and says what is wrong. */
function faultsOf(draft: Draft): SandboxFaults | string {
  const whole = (text: string, what: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : `${what} must be a whole number.`);
  const latencyMs = whole(draft.latencyMs, 'Latency');
  const retryAfterSeconds = whole(draft.retryAfterSeconds, 'Retry-After');
  const maxEvents = draft.maxEvents.trim() === '' ? null : whole(draft.maxEvents, 'Max events');
  const percent = /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(draft.failRatePercent) ? Number(draft.failRatePercent) : Number.NaN;
  const answers = draft.failSequence
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const wrongAnswer = answers.find((answer) => answer !== 'reset' && !/^\d{3}$/.test(answer));
  for (const value of [latencyMs, retryAfterSeconds, maxEvents]) if (typeof value === 'string') return value;
  if (!Number.isFinite(percent) || percent > 100) return 'Fail rate must be a percentage from 0 to 100.';
  if (wrongAnswer) return `"${wrongAnswer}" in the fail sequence is neither a status code nor reset.`;
  const code = (text: string) => (text === 'reset' ? 'reset' : Number(text));
  return {
    latencyMs: latencyMs as number,
    failRate: percent / 100,
    failStatus: code(draft.failStatus) as ForcedFailure,
    failSequence: answers.map(code) as SandboxFaults['failSequence'],
    retryAfterSeconds: retryAfterSeconds as number,
    retryAfterAsDate: draft.retryAfterAsDate,
    maxEvents: maxEvents as number | null,
  };
}

export function FaultControls({ faults }: { faults: SandboxFaults }) {
  const setFaults = useSetFaults();
  const [draft, setDraft] = useState(() => draftOf(faults));
  const [problem, setProblem] = useState<string | null>(null);
  const change = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  async function apply(next: SandboxFaults | string) {
    if (typeof next === 'string') {
      setProblem(next);
      return;
    }
    setProblem(null);
    // On success the screen remounts this form with what the sandbox applied; errors show below.
    await setFaults.mutateAsync(next).catch(() => undefined);
  }

  return (
    <form className="fault-controls" aria-labelledby="faults-heading" onSubmit={(event: FormEvent) => (event.preventDefault(), void apply(faultsOf(draft)))}>
      <h2 id="faults-heading">Fault injection</h2>
      <p className="hint">
        Applies to the next requests at once. The fail sequence answers /user/events requests with a valid API key and token one by one (200 answers normally),
        before the fail rate applies.
      </p>
      <label>
        Latency (ms)
        <input inputMode="numeric" value={draft.latencyMs} onChange={(event) => change({ latencyMs: event.target.value })} />
      </label>
      <label>
        Fail rate (%)
        <input inputMode="decimal" value={draft.failRatePercent} onChange={(event) => change({ failRatePercent: event.target.value })} />
      </label>
      <label>
        Fail with
        <select value={draft.failStatus} onChange={(event) => change({ failStatus: event.target.value })}>
          {failureChoices.map((choice) => (
            <option key={choice} value={String(choice)}>
              {choice === 'reset' ? 'connection reset' : choice}
            </option>
          ))}
        </select>
      </label>
      <label>
        Fail sequence
        <input placeholder="500, 429, reset, 200" value={draft.failSequence} onChange={(event) => change({ failSequence: event.target.value })} />
      </label>
      <label>
        Retry-After on 429 (s)
        <input inputMode="numeric" value={draft.retryAfterSeconds} onChange={(event) => change({ retryAfterSeconds: event.target.value })} />
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={draft.retryAfterAsDate} onChange={(event) => change({ retryAfterAsDate: event.target.checked })} />
        Send Retry-After as an HTTP date
      </label>
      <label>
        Max events per request (413 beyond)
        <input inputMode="numeric" placeholder="no limit" value={draft.maxEvents} onChange={(event) => change({ maxEvents: event.target.value })} />
      </label>
      {problem && (
        <p className="problem" role="alert">
          {problem}
        </p>
      )}
      {setFaults.error && <ErrorNotice title="The sandbox refused these faults" error={setFaults.error} />}
      <div className="dialog-buttons">
        <button type="button" onClick={() => void apply(NO_FAULTS)}>
          No faults
        </button>
        <button type="submit" className="primary" disabled={setFaults.isPending}>
          Apply
        </button>
      </div>
    </form>
  );
}
