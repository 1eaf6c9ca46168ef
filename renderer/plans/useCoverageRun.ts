import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CoverageProgress } from '../../features/coverage/common/history-coverage.ts';

/**
 * One run of a plan's coverage at a time, for what the panel shows, whatever the events' source
 * (the history's filter, the capture's selection): started when what the source reads, the
 * plan (a chosen file, or with none the source's own) or `round` (Measure again) changes, with
 * the progress main pushes for it; a change or closing the panel stops the run under way, as
 * reading thousands of batches for a choice no longer shown would be wasted.
 */

export interface CoverageSource<R> {
  /** What the run reads, as text: a new text starts a new run. */
  readonly key: string;
  /** The plan a run without a chosen file measures, as text that changes with it; null while it is not known yet (a run waits for it rather than run twice). */
  readonly defaultPlan: string | null;
  start(runId: string, planFile: string | null): Promise<R>;
  stop(runId: string): Promise<unknown>;
  onProgress(listener: (progress: CoverageProgress) => void): () => void;
}

export type CoverageRun<R> = { phase: 'running'; progress: CoverageProgress | null } | { phase: 'done'; report: R } | { phase: 'failed'; error: unknown };

const starting = { phase: 'running', progress: null } as const;

const runKey = (round: number, plan: string | null, sourceKey: string) => `${round}\n${plan}\n${sourceKey}`;

export function useCoverageRun<R>(source: CoverageSource<R>, planFile: string | null, round: number): { run: CoverageRun<R>; stop: () => void } {
  const plan = planFile ?? (source.defaultPlan === null ? null : `default: ${source.defaultPlan}`);
  const key = runKey(round, plan, source.key);
  // What a run showed, with the key it ran for: a run for another key shows as starting.
  const [shown, setShown] = useState<{ key: string; run: CoverageRun<R> } | null>(null);
  const runId = useRef<string | null>(null);
  // The source is a new object at each render: a run starts for its key, with its latest calls.
  const start = useEffectEvent((id: string) => source.start(id, planFile));
  const listen = useEffectEvent((listener: (progress: CoverageProgress) => void) => source.onProgress(listener));
  const stopRun = useEffectEvent((id: string) => source.stop(id));

  useEffect(() => {
    if (plan === null) return;
    const id = crypto.randomUUID();
    runId.current = id;
    let current = true;
    const unsubscribe = listen((progress) => {
      // A push can come after the answer (they travel apart): it never hides the answer.
      if (current && progress.runId === id)
        setShown((before) => (before?.key === key && before.run.phase !== 'running' ? before : { key, run: { phase: 'running', progress } }));
    });
    start(id).then(
      (report) => current && setShown({ key, run: { phase: 'done', report } }),
      (error: unknown) => current && setShown({ key, run: { phase: 'failed', error } }),
    );
    return () => {
      current = false;
      unsubscribe();
      // Stopping a run that has ended changes nothing; one under way answers what it read, unheard.
      stopRun(id).catch(() => undefined);
    };
  }, [key, plan]);

  const run = shown?.key === key ? shown.run : starting;
  const stop = () => {
    if (run.phase === 'running' && runId.current) source.stop(runId.current).catch(() => undefined);
  };
  return { run, stop };
}
