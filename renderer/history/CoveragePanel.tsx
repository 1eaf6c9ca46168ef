import { useEffect, useRef, useState } from 'react';
import { AppError } from '../../shared/errors.ts';
import type { HistoryFilter } from '../../shared/history.ts';
import type { HistoryCoverage } from '../../shared/history-coverage.ts';
import { plural } from '../../shared/plural.ts';
import { useEnvironments } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import { ErrorNotice } from '../shell/ErrorNotice.tsx';
import { useNotices } from '../state/ui.ts';
import { CoverageKinds, type KindOrder } from './CoverageKinds.tsx';
import { narrowingText, rangeText } from './coverage-words.ts';
import { useCoverageRun } from './useCoverageRun.ts';

/**
 * "Plan coverage" in the History screen: which kinds a tracking plan names the submissions the
 * filter finds showed, and how often, which they never showed, which unplanned kinds arrived.
 * The plan is the active environment's, or a file chosen here for a look at another one.
 */

function planText(report: HistoryCoverage): string {
  return `${report.plan.fileName}${report.plan.source === 'active' ? ", the active environment's plan" : ''} · kinds by “${report.coverage.key}”`;
}

export function CoveragePanel({ filter, onClose }: { filter: HistoryFilter; onClose: () => void }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const environments = useEnvironments().data?.environments ?? [];
  const [chosen, setChosen] = useState<{ path: string; name: string } | null>(null);
  const [round, setRound] = useState(0);
  const [order, setOrder] = useState<KindOrder>('count');
  const { run, stop } = useCoverageRun(filter, chosen?.path ?? null, round);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opened from the keyboard, the panel takes the focus, so its content is read and reached next.
  useEffect(() => headingRef.current?.focus(), []);
  // The active plan's file changed on disk: what it names may have changed.
  useEffect(() => api.plans.onChanged(() => setRound((value) => value + 1)), [api]);

  const choose = () =>
    api.plans.choose().then(
      (file) => file && setChosen(file),
      (error: unknown) => notify('error', error instanceof Error ? error.message : String(error)),
    );
  const chooseButton = (
    <button type="button" className="small" onClick={() => void choose()}>
      Choose plan file…
    </button>
  );
  const environmentName = (id: string) => environments.find((environment) => environment.id === id)?.name ?? id;
  const which = [rangeText(filter), ...narrowingText(filter, environmentName)].join(' · ');
  const planLine = run.phase === 'done' ? planText(run.report) : (chosen?.name ?? null);

  return (
    <article className="coverage-panel" aria-labelledby="coverage-heading" data-testid="coverage-panel">
      <header>
        <div className="inline">
          <h2 id="coverage-heading" ref={headingRef} tabIndex={-1}>
            Plan coverage
          </h2>
          <span className="spacer" />
          <button type="button" className="small" onClick={onClose} aria-label="Close plan coverage">
            Close
          </button>
        </div>
        {planLine && (
          <p className="muted" data-testid="coverage-plan">
            Plan {planLine}
          </p>
        )}
        <p className="muted" data-testid="coverage-range">
          {which}
        </p>
        <div className="inline wrap">
          {/* A failed run offers the choice where it says what went wrong. */}
          {run.phase !== 'failed' && chooseButton}
          {chosen && (
            <button type="button" className="small" onClick={() => setChosen(null)}>
              Use the active environment's plan
            </button>
          )}
          {run.phase !== 'running' && (
            <button type="button" className="small" onClick={() => setRound((value) => value + 1)} title="Read the history again (sends since, a changed plan file)">
              Measure again
            </button>
          )}
        </div>
      </header>
      {run.phase === 'running' ? (
        <div className="coverage-progress" role="status">
          <progress value={run.progress?.submissions ?? 0} max={Math.max(1, run.progress?.matching ?? 1)} aria-label="Submissions read" />
          <p>{run.progress ? `Read ${run.progress.submissions.toLocaleString('en')} of ${plural(run.progress.matching, 'submission')} (${plural(run.progress.events, 'event')})…` : 'Reading the history…'}</p>
          <button type="button" className="small" onClick={stop}>
            Stop
          </button>
        </div>
      ) : run.phase === 'failed' ? (
        run.error instanceof AppError && run.error.code === 'coverage-no-plan' ? (
          <div className="coverage-empty" data-testid="coverage-no-plan">
            <p>No tracking plan is active: the active environment names none.</p>
            <p className="muted">Choose a plan file to measure its coverage here, or name a plan in the environment's settings.</p>
            {chooseButton}
          </div>
        ) : (
          <ErrorNotice title="The coverage could not be measured" error={run.error}>
            {chooseButton}
          </ErrorNotice>
        )
      ) : (
        <>
          <p className="coverage-read" role="status" data-testid="coverage-read">
            {run.report.stopped
              ? `Stopped: read ${plural(run.report.coverage.events, 'event')} of ${run.report.submissions.toLocaleString('en')} of the ${plural(run.report.matching, 'submission')} that match.`
              : `Read ${plural(run.report.coverage.events, 'event')} of ${plural(run.report.submissions, 'submission')}.`}
          </p>
          {run.report.matching === 0 ? (
            <p className="coverage-empty" data-testid="coverage-no-submissions">
              No submission matches the filter, so no event to measure. Widen the range or clear the filters.
            </p>
          ) : (
            <CoverageKinds coverage={run.report.coverage} order={order} onOrder={setOrder} />
          )}
        </>
      )}
    </article>
  );
}
