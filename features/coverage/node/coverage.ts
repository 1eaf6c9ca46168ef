import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppError } from '../../../base/common/errors.ts';
import type { HistoryFilter } from '../../history/common/history.ts';
import type { CaptureCoverage, CaptureSelection } from '../common/capture-coverage.ts';
import type { CoverageProgress, HistoryCoverage } from '../common/history-coverage.ts';
import { CoverageCount, readCoveragePlan, type CoveragePlan, type PlanCoverage } from '../../plans/common/coverage.ts';
import type { CaptureStore } from '../../capture/node/capture-store.ts';
import { readPlanFileText } from '../../plans/node/plan-file-text.ts';
import { captureBatches } from './capture-batches.ts';
import { historyBatches } from './history-batches.ts';
import { inSlices } from '../../../base/node/slices.ts';
import type { SubmissionStore } from '../../history/node/submissions.ts';
import { withSandbox } from '../../sandbox/node/no-sandbox.ts';

/**
 * A tracking plan's coverage in the app: of the batches the History screen's filter finds, or
 * of what the sandbox captured, against the plan the source goes by (the active environment's;
 * for the capture the sandbox's first) or a file the user chose. The count takes events in
 * parts from any source (a submission's batch, a captured request's events), in slices of the services' loop, so a range of thousands of sends neither holds more than one
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
export function countCoverage(
  parts: Iterable<Iterable<unknown>>,
  plan: CoveragePlan,
  options: { signal: AbortSignal; onPart(parts: number, events: number): void },
): Promise<CountedCoverage> {
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
  /** The embedded sandbox's capture, or null when no sandbox runs. */
  capture: CaptureStore | null;
  /** The plan file the active environment names, or null. */
  activePlanFile(): string | null;
  /** The plan file the embedded sandbox checks events against, or null. */
  sandboxPlanFile(): string | null;
  /** The plan files the user chose in the dialog (plans:choose): the only ones the page may name. */
  chosenPlanFiles: ReadonlySet<string>;
  /** Where a run's progress goes: each source has its push. */
  push(source: 'history' | 'capture', progress: CoverageProgress): void;
}

async function readPlanFile(file: string): Promise<CoveragePlan> {
  const read = readCoveragePlan(await readPlanFileText(file));
  if (!read.ok) throw new AppError('coverage-plan-unusable', `${path.basename(file)} has no kinds to measure: ${read.message}`);
  return read.plan;
}

type PlanSource = 'sandbox' | 'active' | 'chosen';

/** What a source gives a run: its events in parts, how many parts it sets out to read, and its report. */
interface SourceRun<T, S extends PlanSource> {
  source: 'history' | 'capture';
  parts: Iterable<Iterable<unknown>>;
  of: number;
  report(counted: CountedCoverage, plan: { fileName: string; source: S }): T;
}

/** Where a source may find its plan when none was chosen, in order. */
interface PlanDefault<S extends PlanSource = Exclude<PlanSource, 'chosen'>> {
  source: S;
  file(): string | null;
}

export function createCoverage(deps: CoverageDeps) {
  let running: { runId: string; stop: AbortController } | null = null;
  const active: PlanDefault<'active'> = { source: 'active', file: deps.activePlanFile };

  function planFileOf<S extends PlanSource>(chosen: string | null, defaults: readonly PlanDefault<S>[], none: string): { file: string; source: S | 'chosen' } {
    if (chosen !== null) {
      if (!deps.chosenPlanFiles.has(chosen)) throw new AppError('coverage-plan-not-chosen', 'Choose the plan file in the dialog first.');
      return { file: chosen, source: 'chosen' };
    }
    for (const fallback of defaults) {
      const file = fallback.file();
      if (file !== null) return { file, source: fallback.source };
    }
    throw new AppError('coverage-no-plan', none);
  }

  /**
   * One run: stops a run under way first (one at a time), reads the plan, counts the parts the
   * source gives, and pushes progress (at most every 100 ms, and the last); the source words the report.
   */
  async function measure<T, S extends PlanSource>(
    runId: string,
    plan: { chosen: string | null; defaults: readonly PlanDefault<S>[]; none: string },
    start: () => SourceRun<T, S | 'chosen'>,
  ): Promise<T> {
    running?.stop.abort();
    const run = { runId, stop: new AbortController() };
    running = run;
    try {
      const { file, source } = planFileOf(plan.chosen, plan.defaults, plan.none);
      const coveragePlan = await readPlanFile(file);
      const sourceRun = start();
      let pushed = -Infinity;
      const counted = await countCoverage(sourceRun.parts, coveragePlan, {
        signal: run.stop.signal,
        onPart: (read, events) => {
          const now = performance.now();
          if (now - pushed < PROGRESS_INTERVAL_MS && read < sourceRun.of) return;
          pushed = now;
          deps.push(sourceRun.source, { runId, read, of: sourceRun.of, events });
        },
      });
      return sourceRun.report(counted, { fileName: path.basename(file), source });
    } finally {
      if (running === run) running = null;
    }
  }

  return {
    /**
     * The coverage of a plan (the active environment's, or a chosen file) by the batches the
     * filter finds, newest first.
     */
    history(input: { runId: string; filter: HistoryFilter; planFile: string | null }): Promise<HistoryCoverage> {
      return measure(
        input.runId,
        { chosen: input.planFile, defaults: [active], none: 'The active environment names no tracking plan. Choose a plan file to measure its coverage.' },
        () => {
          const matching = deps.submissions.count(input.filter);
          return {
            source: 'history',
            parts: historyBatches(deps.submissions, input.filter),
            of: matching,
            report: (counted, plan) => ({
              runId: input.runId,
              plan,
              filter: input.filter,
              matching,
              submissions: counted.parts,
              stopped: !counted.complete,
              coverage: counted.coverage,
            }),
          };
        },
      );
    },

    /**
     * The coverage of a plan (the sandbox's, else the active environment's, or a chosen file) by
     * the captured events the selection takes, oldest first.
     */
    async capture(input: { runId: string; selection: CaptureSelection; planFile: string | null }): Promise<CaptureCoverage> {
      const capture = withSandbox(deps.capture);
      const defaults: PlanDefault<'sandbox' | 'active'>[] = [{ source: 'sandbox', file: deps.sandboxPlanFile }, active];
      const none = 'Neither the sandbox nor the active environment has a tracking plan. Choose a plan file to measure its coverage.';
      return measure(input.runId, { chosen: input.planFile, defaults, none }, () => {
        const { reading, parts } = captureBatches(capture, input.selection);
        return {
          source: 'capture',
          parts,
          of: reading.requests,
          report: (counted, plan) => ({
            runId: input.runId,
            plan,
            selection: input.selection,
            requests: reading.requests,
            read: reading.read,
            matching: reading.matching,
            stopped: !counted.complete,
            coverage: counted.coverage,
          }),
        };
      });
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
