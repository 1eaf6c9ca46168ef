import { useEffect, useRef, useState } from 'react';
import type { HistoryFilter } from '../../shared/history.ts';
import type { CoverageProgress, HistoryCoverage } from '../../shared/history-coverage.ts';
import { useEnvironments } from '../environments/queries.ts';
import { useApi } from '../queries.ts';

/**
 * One run of history:coverage at a time, for what the panel shows: started when the filter, the
 * plan (a chosen file, or with none the active environment's) or `round` (Measure again) changes, with the progress main pushes for it; a change or
 * closing the panel stops the run under way, as reading thousands of batches for a filter no
 * longer shown would be wasted.
 */

export type CoverageRun =
  | { phase: 'running'; progress: CoverageProgress | null }
  | { phase: 'done'; report: HistoryCoverage }
  | { phase: 'failed'; error: unknown };

const starting: CoverageRun = { phase: 'running', progress: null };

const runKey = (round: number, plan: string | null, filterText: string) => `${round}\n${plan}\n${filterText}`;

export function useCoverageRun(filter: HistoryFilter, planFile: string | null, round: number): { run: CoverageRun; stop: () => void } {
  const api = useApi();
  // Without a chosen file the run measures the active environment's plan, whichever it is now:
  // it waits for the environments to be known, rather than run twice.
  const environments = useEnvironments();
  const active = environments.data?.environments.find((environment) => environment.id === environments.data.activeId);
  const plan = planFile ?? (environments.isPending ? null : `active: ${active?.planFile ?? null}`);
  // The filter is a new object at each change of any part: its text says whether it changed.
  const filterText = JSON.stringify(filter);
  const key = runKey(round, plan, filterText);
  // What a run showed, with the key it ran for: a run for another key shows as starting.
  const [shown, setShown] = useState<{ key: string; run: CoverageRun } | null>(null);
  const runId = useRef<string | null>(null);

  useEffect(() => {
    if (plan === null) return;
    const id = crypto.randomUUID();
    const ran = runKey(round, plan, filterText);
    runId.current = id;
    let current = true;
    const unsubscribe = api.history.onCoverageProgress((progress) => {
      // A push can come after the answer (they travel apart): it never hides the answer.
      if (current && progress.runId === id) setShown((before) => (before?.key === ran && before.run.phase !== 'running' ? before : { key: ran, run: { phase: 'running', progress } }));
    });
    api.history.coverage({ runId: id, filter: JSON.parse(filterText) as HistoryFilter, planFile }).then(
      (report) => current && setShown({ key: ran, run: { phase: 'done', report } }),
      (error: unknown) => current && setShown({ key: ran, run: { phase: 'failed', error } }),
    );
    return () => {
      current = false;
      unsubscribe();
      // Stopping a run that has ended changes nothing; one under way answers what it read, unheard.
      api.history.stopCoverage({ runId: id }).catch(() => undefined);
    };
  }, [api, filterText, planFile, plan, round]);

  const run = shown?.key === key ? shown.run : starting;
  const stop = () => {
    if (run.phase === 'running' && runId.current) api.history.stopCoverage({ runId: runId.current }).catch(() => undefined);
  };
  return { run, stop };
}
