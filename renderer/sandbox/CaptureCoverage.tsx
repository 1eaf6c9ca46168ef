import './capture-coverage.css';
import { useState } from 'react';
import type { CaptureCoverage as CaptureCoverageReport, CaptureSelection } from '../../features/coverage/common/capture-coverage.ts';
import { plural } from '../../base/common/plural.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { usePlanDraft } from '../base/data/plan-draft-state.ts';
import { PlanCoveragePanel, type CoverageView } from '../plans/PlanCoveragePanel.tsx';
import { useApi } from '../base/queries.ts';
import { useSandboxInfo } from '../base/data/sandbox-queries.ts';

/**
 * The Sandbox tab's way from what the sandbox captured to a tracking plan: "Plan coverage"
 * (the History screen's panel, over the captured events: all, or those that arrived lately,
 * every one or only those accepted), against the sandbox's plan, else the active
 * environment's, else a file chosen in it; and "Infer a plan from the capture", the draft dialog.
 */

const RANGES = { all: 'any time', '15m': 'in the last 15 minutes', '1h': 'in the last hour', '24h': 'in the last 24 hours' } as const;
type Range = keyof typeof RANGES;
const RANGE_MS: Record<Exclude<Range, 'all'>, number> = { '15m': 15 * 60_000, '1h': 60 * 60_000, '24h': 24 * 60 * 60_000 };

/** The selection a range means from now: "the last hour" is the hour before it was chosen, so Measure again reads the same requests and those since. */
function selectionOf(range: Range, acceptedOnly: boolean): CaptureSelection {
  return { from: range === 'all' ? null : new Date(Date.now() - RANGE_MS[range]).toISOString(), to: null, acceptedOnly };
}

function CaptureCoveragePanel({ onClose }: { onClose: () => void }) {
  const api = useApi();
  const info = useSandboxInfo();
  const environments = useEnvironments();
  const active = environments.data?.environments.find((environment) => environment.id === environments.data?.activeId);
  const sandboxPlan = info.data?.plan?.file ?? null;
  const [range, setRange] = useState<Range>('all');
  const [selection, setSelection] = useState<CaptureSelection>(() => selectionOf('all', false));
  const choose = (next: Range, acceptedOnly: boolean) => {
    setRange(next);
    setSelection(selectionOf(next, acceptedOnly));
  };
  const view: CoverageView<CaptureCoverageReport> = {
    source: {
      key: JSON.stringify(selection),
      defaultPlan: info.isPending || environments.isPending ? null : JSON.stringify([sandboxPlan, active?.planFile ?? null]),
      start: (runId, planFile) => api.capture.coverage({ runId, selection, planFile }),
      stop: (runId) => api.capture.stopCoverage({ runId }),
      onProgress: (listener) => api.capture.onCoverageProgress(listener),
    },
    which: `Events captured ${RANGES[range]}${selection.acceptedOnly ? ', accepted only' : ''}`,
    controls: (
      <div className="inline wrap">
        <label>
          Captured{' '}
          <select value={range} onChange={(event) => choose(event.target.value as Range, selection.acceptedOnly)}>
            {Object.entries(RANGES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={selection.acceptedOnly} onChange={(event) => choose(range, event.target.checked)} />
          Accepted only
        </label>
      </div>
    ),
    part: 'captured request',
    reading: 'Reading the capture…',
    defaultPlan: sandboxPlan === null ? "the active environment's plan" : "the sandbox's plan",
    noPlan: {
      message: 'No tracking plan: neither the sandbox nor the active environment has one.',
      hint: "Choose a plan file to measure its coverage here, or choose the sandbox's plan under Tracking plan.",
    },
    readLine: (report) =>
      report.stopped
        ? `Stopped: read ${plural(report.coverage.events, 'event')} in ${report.read.toLocaleString('en')} of the ${plural(report.requests, 'captured request')}.`
        : `Read ${plural(report.coverage.events, 'event')} of ${plural(report.matching, 'captured request')}.`,
    nothing: (report) => {
      if (report.stopped || report.coverage.events > 0) return null;
      if (report.requests === 0) return 'Nothing is captured yet: send the sandbox some events, then measure again.';
      return `No event was captured ${RANGES[range]}${selection.acceptedOnly ? ' and accepted' : ''}: widen the range${selection.acceptedOnly ? ' or take refused events too' : ''}.`;
    },
    againTitle: 'Read the capture again (requests since, a changed plan file)',
  };
  return <PlanCoveragePanel view={view} onClose={onClose} />;
}

export function CaptureCoverage() {
  const [shown, setShown] = useState(false);
  return (
    <section className="capture-coverage" aria-labelledby="capture-coverage-heading">
      <h2 id="capture-coverage-heading">Captured events and plans</h2>
      <p className="hint">Which kinds of a tracking plan the captured events show, or a draft plan of them to review and save.</p>
      <div className="dialog-buttons">
        <button
          type="button"
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
          title="Which kinds of a tracking plan the captured events show, and which they never show"
        >
          Plan coverage
        </button>
        <button type="button" onClick={() => usePlanDraft.getState().open({ inferNow: 'capture' })}>
          Infer a plan from the capture
        </button>
      </div>
      {shown && <CaptureCoveragePanel onClose={() => setShown(false)} />}
    </section>
  );
}
