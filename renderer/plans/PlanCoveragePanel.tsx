import './coverage.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AppError } from '../../base/common/errors.ts';
import type { PlanCoverage } from '../../features/plans/common/coverage.ts';
import { plural } from '../../base/common/plural.ts';
import { CoverageKinds, type KindOrder } from './CoverageKinds.tsx';
import { useApi } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useNotices } from '../base/state/ui.ts';
import { useCoverageRun, type CoverageSource } from './useCoverageRun.ts';

/**
 * "Plan coverage" of events from a source (the History screen's filter, the Sandbox tab's
 * capture): which kinds a tracking plan names they showed, and how often, which they never
 * showed, which unplanned kinds arrived. The plan is the source's own (the active
 * environment's; for the capture the sandbox's first), or a file chosen here for a look at another.
 */

/** What every source's report says. */
export interface CoverageReport {
  plan: { fileName: string; source: 'sandbox' | 'active' | 'chosen' };
  stopped: boolean;
  coverage: PlanCoverage;
}

/** A source as the panel shows it: how it runs, and its words. */
export interface CoverageView<R extends CoverageReport> {
  source: CoverageSource<R>;
  /** What the run reads, in words: "All submissions · environment QA". */
  which: string;
  /** Choices of what it reads, under the heading (the capture's range). */
  controls?: ReactNode;
  /** What the progress counts, singular: "submission", "captured request". */
  part: string;
  /** Said while no progress came yet: "Reading the history…". */
  reading: string;
  /** The plan a run goes by without a chosen file: "the active environment's plan". */
  defaultPlan: string;
  /** Why there is no plan to go by, and how to name one. */
  noPlan: { message: string; hint: string };
  /** What a finished run read. */
  readLine(report: R): string;
  /** Why there was nothing to measure, or null when there was. */
  nothing(report: R): string | null;
  /** What Measure again reads again. */
  againTitle: string;
}

const PLAN_SOURCES = { active: ", the active environment's plan", sandbox: ", the sandbox's plan", chosen: '' } as const;

function planText(report: CoverageReport): string {
  return `${report.plan.fileName}${PLAN_SOURCES[report.plan.source]} · kinds by “${report.coverage.key}”`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function PlanCoveragePanel<R extends CoverageReport>({ view, onClose }: { view: CoverageView<R>; onClose: () => void }) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const [chosen, setChosen] = useState<{ path: string; name: string } | null>(null);
  const [round, setRound] = useState(0);
  const [order, setOrder] = useState<KindOrder>('count');
  const { run, stop } = useCoverageRun(view.source, chosen?.path ?? null, round);
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
  const planLine = run.phase === 'done' ? planText(run.report) : (chosen?.name ?? null);
  const nothing = run.phase === 'done' ? view.nothing(run.report) : null;

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
          {view.which}
        </p>
        {view.controls}
        <div className="inline wrap">
          {/* A failed run offers the choice where it says what went wrong. */}
          {run.phase !== 'failed' && chooseButton}
          {chosen && (
            <button type="button" className="small" onClick={() => setChosen(null)}>
              Use {view.defaultPlan}
            </button>
          )}
          {run.phase !== 'running' && (
            <button type="button" className="small" onClick={() => setRound((value) => value + 1)} title={view.againTitle}>
              Measure again
            </button>
          )}
        </div>
      </header>
      {run.phase === 'running' ? (
        <div className="coverage-progress" role="status">
          <progress value={run.progress?.read ?? 0} max={Math.max(1, run.progress?.of ?? 1)} aria-label={`${capitalized(view.part)}s read`} />
          <p>
            {run.progress
              ? `Read ${run.progress.read.toLocaleString('en')} of ${plural(run.progress.of, view.part)} (${plural(run.progress.events, 'event')})…`
              : view.reading}
          </p>
          <button type="button" className="small" onClick={stop}>
            Stop
          </button>
        </div>
      ) : run.phase === 'failed' ? (
        run.error instanceof AppError && run.error.code === 'coverage-no-plan' ? (
          <div className="coverage-empty" data-testid="coverage-no-plan">
            <p>{view.noPlan.message}</p>
            <p className="muted">{view.noPlan.hint}</p>
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
            {view.readLine(run.report)}
          </p>
          {nothing !== null ? (
            <p className="coverage-empty" data-testid="coverage-nothing">
              {nothing}
            </p>
          ) : (
            <CoverageKinds coverage={run.report.coverage} order={order} onOrder={setOrder} />
          )}
        </>
      )}
    </article>
  );
}
