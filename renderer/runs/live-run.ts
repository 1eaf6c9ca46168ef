import { create } from 'zustand';
import type { RunProgress, RunResult, ScenarioResult, ScenarioStatus, StepResult } from '../../features/runs/common/run-result.ts';

/**
 * The run the Runs view shows live, fed by runs:progress from app start (so leaving the screen and
 * coming back shows it) and by runs:current after a reload.
 */

/** A step under way: its result comes with step-ended. */
export interface RunningStep {
  index: number;
  row: number | null;
  name: string;
  status: 'running';
}

export type LiveStep = StepResult | RunningStep;

export interface LiveScenario extends Omit<ScenarioResult, 'status' | 'steps' | 'startedAt' | 'durationMs'> {
  status: ScenarioStatus | 'running';
  steps: LiveStep[];
  durationMs: number | null;
}

export interface LiveRun {
  id: string;
  scenarios: LiveScenario[];
  /** The whole result once run-ended came; null while it goes on. */
  result: RunResult | null;
}

const sameStep = (a: Pick<LiveStep, 'index' | 'row'>, b: Pick<LiveStep, 'index' | 'row'>) => a.index === b.index && a.row === b.row;

/** A step started or ended: its scenario goes on until scenario-ended (runs:current said how it stood so far). */
function withStep(scenario: LiveScenario, step: LiveStep): LiveScenario {
  const at = scenario.steps.findIndex((other) => sameStep(other, step));
  const steps = at === -1 ? [...scenario.steps, step] : scenario.steps.map((other, index) => (index === at ? step : other));
  return { ...scenario, status: 'running', steps };
}

/** The scenario a progress event is about, added when this page heard nothing of it yet (it started before a reload). */
function inScenario(run: LiveRun, file: string, name: string, change: (scenario: LiveScenario) => LiveScenario): LiveRun {
  const known = run.scenarios.some((scenario) => scenario.file === file);
  const scenarios = known ? run.scenarios : [...run.scenarios, { file, name, status: 'running' as const, problem: null, steps: [], durationMs: null }];
  return { ...run, scenarios: scenarios.map((scenario) => (scenario.file === file ? change(scenario) : scenario)) };
}

export function progressed(before: LiveRun | null, event: RunProgress): LiveRun {
  const run = before?.id === event.runId ? before : { id: event.runId, scenarios: [], result: null };
  switch (event.kind) {
    case 'scenario-started':
      return inScenario(run, event.file, event.name, (scenario) => ({ ...scenario, status: 'running' }));
    case 'step-started':
      return inScenario(run, event.file, event.file, (scenario) =>
        withStep(scenario, { index: event.index, row: event.row, name: event.name, status: 'running' }),
      );
    case 'step-ended':
      return inScenario(run, event.file, event.file, (scenario) => withStep(scenario, event.step));
    case 'scenario-ended':
      return inScenario(run, event.scenario.file, event.scenario.name, () => event.scenario);
    case 'run-ended':
      return { id: event.run.id, scenarios: event.run.scenarios, result: event.run };
  }
}

interface LiveRunState {
  run: LiveRun | null;
  progressed: (event: RunProgress) => void;
  /** A run this page started: shown at once, before its first step (its progress may have come first). */
  started: (runId: string) => void;
  /** The run under way as main has it (runs:current): this page may have missed its start. */
  restore: (current: RunResult) => void;
  /** Another workspace opened, or none: the last run was the one before's (a run keeps its workspace open while it goes on). */
  forget: () => void;
}

export const useLiveRun = create<LiveRunState>((set) => ({
  run: null,
  progressed: (event) => set((state) => ({ run: progressed(state.run, event) })),
  started: (runId) => set((state) => (state.run?.id === runId ? state : { run: { id: runId, scenarios: [], result: null } })),
  restore: (current) =>
    set((state) => {
      if (state.run?.id === current.id && state.run.result) return state;
      // What this page heard of the steps under way stays: the snapshot has only those that ended.
      const heard = state.run?.id === current.id ? state.run.scenarios : [];
      const scenarios = current.scenarios.map((scenario): LiveScenario => {
        const before = heard.find((other) => other.file === scenario.file);
        const running = before?.steps.filter((step) => step.status === 'running' && !scenario.steps.some((other) => sameStep(other, step))) ?? [];
        return running.length === 0 ? scenario : { ...scenario, status: 'running', steps: [...scenario.steps, ...running] };
      });
      const rest = heard.filter((scenario) => !scenarios.some((other) => other.file === scenario.file));
      return { run: { id: current.id, scenarios: [...scenarios, ...rest], result: null } };
    }),
  forget: () => set((state) => (state.run?.result ? { run: null } : state)),
}));

export const isRunning = (run: LiveRun | null) => run !== null && run.result === null;
