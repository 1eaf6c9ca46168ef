import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import type { CheckablePlan } from '../../plans/common/check.ts';
import type { TrackingPlan } from '../../plans/common/plan.ts';
import { planProblemText, type PlanProblem } from '../../plans/common/plan-problem.ts';
import type { SandboxPlan } from '../common/sandbox.ts';
import { loadPlanInSlices, type LoadedPlan } from '../../plans/node/load.ts';
import { readPlanFileText } from '../../plans/node/plan-file-text.ts';
import { watchPlanFile } from '../../plans/node/watch-plan-file.ts';

/**
 * The tracking plan a sandbox checks events against, read from a file and read again when the
 * file changes (features/plans/node/watch-plan-file.ts). A text that cannot be loaded leaves the
 * plan last loaded in force, so a save halfway through an edit does not drop the checks.
 */

/** The plan as people name it: `shop v3`. */
export function planLabel(plan: TrackingPlan): string {
  return plan.version === undefined ? plan.name : `${plan.name} v${plan.version}`;
}

/** A problem of the plan as one line: `error: kind "purchase", /events/…/pattern: … (left unchecked)`. */
export function planProblemLine(problem: PlanProblem): string {
  return `${problem.severity}: ${planProblemText(problem)}${problem.severity === 'error' ? ' (left unchecked)' : ''}`;
}

/** What changed: a plan chosen or cleared, the file read again, or a new text that could not be loaded. */
export type PlanChange = 'chosen' | 'cleared' | 'reloaded' | 'reload-failed';
export type PlanListener = (plan: SandboxPlan | null, change: PlanChange) => void;

interface Loaded {
  text: string;
  plan: LoadedPlan;
}

async function loadFile(file: string): Promise<Loaded> {
  const text = await readPlanFileText(file);
  // In slices, so the sandbox keeps answering requests while a large plan compiles.
  return { text, plan: await loadPlanInSlices(text, file, { module: false }) };
}

export function createPlanFile() {
  let file: string | null = null;
  let loaded: Loaded | null = null;
  let error: string | null = null;
  let stopWatch: (() => void) | null = null;
  const listeners = new Set<PlanListener>();

  function status(): SandboxPlan | null {
    if (file === null) return null;
    return {
      file,
      label: loaded && planLabel(loaded.plan.plan),
      kinds: loaded?.plan.kinds.size ?? 0,
      problems: loaded?.plan.problems.map(planProblemLine) ?? [],
      error,
    };
  }

  function tell(change: PlanChange): void {
    const now = status();
    for (const listener of listeners) {
      try {
        listener(now, change);
      } catch (problem) {
        console.error('A sandbox plan listener failed:', problem);
      }
    }
  }

  function stopWatching(): void {
    stopWatch?.();
    stopWatch = null;
  }

  async function reload(watched: string): Promise<void> {
    try {
      const next = await loadFile(watched);
      if (file !== watched) return;
      // A save that wrote the same text (or a touch) is no change.
      if (next.text === loaded?.text && error === null) return;
      loaded = next;
      error = null;
      tell('reloaded');
    } catch (problem) {
      if (file !== watched) return;
      error = problem instanceof Error ? problem.message : String(problem);
      tell('reload-failed');
    }
  }

  function startWatching(watched: string): void {
    try {
      stopWatch = watchPlanFile(
        watched,
        () => reload(watched),
        (problem) => {
          stopWatch = null;
          error = `The plan's folder can no longer be watched (${problem.message}); choose the plan again to reload it.`;
          tell('reload-failed');
        },
      );
    } catch (problem) {
      error ??= `The plan's folder cannot be watched (${(problem as Error).message}): changes to the file are not reloaded.`;
    }
  }

  return {
    status,
    /** The plan to check events with, or null. */
    current: (): CheckablePlan | null => loaded?.plan ?? null,
    label: (): string | null => (loaded ? planLabel(loaded.plan.plan) : null),
    /**
     * Checks events against the plan in `chosen` from now on, watching it; null for none. When
     * the file cannot be loaded, `onFailure` says whether to throw (the plan in force stays) or
     * to keep watching it, its problem in the status, until it can be (a plan remembered from
     * an earlier run whose file is being edited or was moved).
     */
    async use(chosen: string | null, onFailure: 'throw' | 'keep' = 'throw'): Promise<SandboxPlan | null> {
      if (chosen === null) {
        stopWatching();
        file = loaded = error = null;
        tell('cleared');
        return null;
      }
      const absolute = path.resolve(chosen);
      let next: Loaded | null = null;
      let problem: string | null = null;
      try {
        next = await loadFile(absolute);
      } catch (failure) {
        if (onFailure === 'throw' || !(failure instanceof AppError)) throw failure;
        problem = failure.message;
      }
      stopWatching();
      file = absolute;
      loaded = next;
      error = problem;
      startWatching(absolute);
      tell('chosen');
      return status();
    },
    onChange(listener: PlanListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    close(): void {
      stopWatching();
      listeners.clear();
    },
  };
}
export type PlanFile = ReturnType<typeof createPlanFile>;
