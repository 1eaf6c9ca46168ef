import type { HistoryFilter } from '../../features/history/common/history.ts';
import type { HistoryCoverage } from '../../features/coverage/common/history-coverage.ts';
import { plural } from '../../base/common/plural.ts';
import { useEnvironments } from '../base/data/environment-queries.ts';
import { PlanCoveragePanel, type CoverageView } from '../plans/PlanCoveragePanel.tsx';
import { useApi } from '../base/queries.ts';
import { narrowingText, rangeText } from './coverage-words.ts';

/**
 * "Plan coverage" in the History screen: of the submissions the filter finds, against the
 * active environment's plan or a file chosen in the panel.
 */
export function CoveragePanel({ filter, onClose }: { filter: HistoryFilter; onClose: () => void }) {
  const api = useApi();
  // Without a chosen file the run measures the active environment's plan, whichever it is now.
  const environments = useEnvironments();
  const all = environments.data?.environments ?? [];
  const active = all.find((environment) => environment.id === environments.data?.activeId);
  const environmentName = (id: string) => all.find((environment) => environment.id === id)?.name ?? id;
  const view: CoverageView<HistoryCoverage> = {
    source: {
      // The filter is a new object at each change of any part: its text says whether it changed.
      key: JSON.stringify(filter),
      defaultPlan: environments.isPending ? null : String(active?.planFile ?? null),
      start: (runId, planFile) => api.history.coverage({ runId, filter, planFile }),
      stop: (runId) => api.history.stopCoverage({ runId }),
      onProgress: (listener) => api.history.onCoverageProgress(listener),
    },
    which: [rangeText(filter), ...narrowingText(filter, environmentName)].join(' · '),
    part: 'submission',
    reading: 'Reading the history…',
    defaultPlan: "the active environment's plan",
    noPlan: {
      message: 'No tracking plan is active: the active environment names none.',
      hint: "Choose a plan file to measure its coverage here, or name a plan in the environment's settings.",
    },
    readLine: (report) =>
      report.stopped
        ? `Stopped: read ${plural(report.coverage.events, 'event')} of ${report.submissions.toLocaleString('en')} of the ${plural(report.matching, 'submission')} that match.`
        : `Read ${plural(report.coverage.events, 'event')} of ${plural(report.submissions, 'submission')}.`,
    nothing: (report) => (report.matching === 0 ? 'No submission matches the filter, so no event to measure. Widen the range or clear the filters.' : null),
    againTitle: 'Read the history again (sends since, a changed plan file)',
  };
  return <PlanCoveragePanel view={view} onClose={onClose} />;
}
