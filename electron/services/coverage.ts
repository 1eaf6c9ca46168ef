import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../../shared/errors.ts';
import type { HistoryFilter } from '../../shared/history.ts';
import type { CoverageProgress, HistoryCoverage } from '../../shared/history-coverage.ts';
import { CoverageCount, readCoveragePlan, type CoveragePlan, type PlanCoverage } from '../../shared/plans/coverage.ts';
import { readPlanFileText } from '../plans/plan-file-text.ts';
import { historyBatches } from './history-batches.ts';
import { inSlices } from './slices.ts';
import type { SubmissionStore } from './submissions.ts';

/**
 * A tracking plan's coverage in the app: of the batches the History screen's filter finds,
 * against the active environment's plan or a file the user chose. The count takes events in
 * parts from any source (a submission's batch here; a capture's pages can come the same way),
 * in slices of the services' loop, so a range of thousands of sends neither holds more than one
 * batch nor keeps other calls waiting; it reports its progress and can be stopped.
 */

/** Progress goes to the page at most this often; the last always goes. */
const PROGRESS_INTERVAL_MS = 100;
/** Within a large batch, the count may pause after this many events. */
const EVENTS_PER_PAUSE = 5000;

export interface CountedCoverage {
  coverage: PlanCoverage;
  /** The parts read: all of them, unless the count was stopped. */
  parts: number;
  complete: boolean;
}

/**
 * Counts events given in parts (a submission's batch, a page of a capture) against a plan. Between
 * parts it checks `signal`, and when stopped answers what it counted so far; `onPart` hears how
 * many parts and events were read after each part.
 */
export function countCoverage(parts: Iterable<Iterable<unknown>>, plan: CoveragePlan, options: { signal: AbortSignal; onPart(parts: number, events: number): void }): Promise<CountedCoverage> {
  const count = new CoverageCount(plan);
  function* work(): Generator<void, CountedCoverage> {
    let read = 0;
    let events = 0;
    const reading = parts[Symbol.iterator]();
    try {
      // The stop is checked before the next part is taken: taking one may parse a whole batch.
      while (!options.signal.aborted) {
        const part = reading.next();
        if (part.done) return { coverage: count.result(), parts: read, complete: true };
        for (const event of part.value) {
          count.add(event);
          if (++events % EVENTS_PER_PAUSE === 0) yield;
        }
        options.onPart(++read, events);
        yield;
      }
      return { coverage: count.result(), parts: read, complete: false };
    } finally {
      reading.return?.();
    }
  }
  return inSlices(work());
}

export interface CoverageDeps {
  submissions: SubmissionStore;
  /** The plan file the active environment names, or null. */
  activePlanFile(): string | null;
  /** The plan files the user chose in the dialog (plans:choose): the only ones the page may name. */
  chosenPlanFiles: ReadonlySet<string>;
  push(progress: CoverageProgress): void;
}

async function readPlanFile(file: string): Promise<CoveragePlan> {
  const read = readCoveragePlan(await readPlanFileText(file));
  if (!read.ok) throw new AppError('coverage-plan-unusable', `${path.basename(file)} has no kinds to measure: ${read.message}`);
  return read.plan;
}

export function createCoverage(deps: CoverageDeps) {
  let running: { runId: string; stop: AbortController } | null = null;

  function planFileOf(chosen: string | null): { file: string; source: 'active' | 'chosen' } {
    if (chosen !== null) {
      if (!deps.chosenPlanFiles.has(chosen)) throw new AppError('coverage-plan-not-chosen', 'Choose the plan file in the dialog first.');
      return { file: chosen, source: 'chosen' };
    }
    const active = deps.activePlanFile();
    if (active === null) throw new AppError('coverage-no-plan', 'The active environment names no tracking plan. Choose a plan file to measure its coverage.');
    return { file: active, source: 'active' };
  }

  return {
    /**
     * The coverage of a plan (the active environment's, or a chosen file) by the batches the
     * filter finds, newest first. A run under way is stopped first: one run at a time.
     */
    async history(input: { runId: string; filter: HistoryFilter; planFile: string | null }): Promise<HistoryCoverage> {
      running?.stop.abort();
      const run = { runId: input.runId, stop: new AbortController() };
      running = run;
      try {
        const { file, source } = planFileOf(input.planFile);
        const plan = await readPlanFile(file);
        const matching = deps.submissions.count(input.filter);
        let pushed = -Infinity;
        const counted = await countCoverage(historyBatches(deps.submissions, input.filter), plan, {
          signal: run.stop.signal,
          onPart: (submissions, events) => {
            const now = performance.now();
            if (now - pushed < PROGRESS_INTERVAL_MS && submissions < matching) return;
            pushed = now;
            deps.push({ runId: input.runId, submissions, matching, events });
          },
        });
        return {
          runId: input.runId,
          plan: { fileName: path.basename(file), source },
          filter: input.filter,
          matching,
          submissions: counted.parts,
          stopped: !counted.complete,
          coverage: counted.coverage,
        };
      } finally {
        if (running === run) running = null;
      }
    },

    /** Stops the run, if it is still the one under way; it answers what it counted. */
    stop(runId: string): void {
      if (running?.runId === runId) running.stop.abort();
    },

    /** Stops any run before the history closes: it reads no more of it. */
    close(): void {
      running?.stop.abort();
    },
  };
}
export type Coverage = ReturnType<typeof createCoverage>;
