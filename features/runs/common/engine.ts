import { problemText } from '../../workspace/common/workspace-json.ts';
import { parseDuration } from '../../workspace/common/duration.ts';
import { masked, type RunDeps, type RunRequest } from './run-deps.ts';
import type { RunProgress, RunResult, ScenarioResult, StepResult } from './run-result.ts';
import type { Scenario, Step } from '../../workspace/common/scenario.ts';
import { readScenarioText } from '../../workspace/common/scenario-file.ts';
import { runSendStep } from './send-step.ts';
import { stepEnvironment } from './run-environments.ts';

/**
 * The scenario engine (issue #18): runs a workspace's scenarios, step after step, and reports
 * each step live (RunProgress) and the whole run at the end (RunResult). The app's Runs view
 * and `eventdesk run` both use it; what differs between them (reading files, environments,
 * sending, the sandbox's tools) comes in `deps` (run-deps.ts).
 *
 * A scenario that cannot run at all (not JSON, refused by the schema, unreadable) is `broken`
 * and the others still run. A step with a data file runs once per row, every row even after one
 * failed. A failed step skips the rest of its scenario unless the scenario says
 * `"onFailure": "continue"`; with `bail`, the first failed step ends the whole run, and every
 * step not run is reported skipped, with why. Every reason passes `deps.secrets()` through
 * redactText before it is reported.
 *
 * Outside the app (app/cli/run/): `createServicesSender({ dataFolder, credentials })` and
 * `workspaceRunDeps(root, manifest, sender)` make the deps, then
 * `runScenarios({ workspace: root, scenarios: ['scenarios/a.scenario.json'], bail }, deps, onProgress, signal)`,
 * and `sender.close()` once done.
 */

export { type RunDeps, type RunRequest, type SandboxTools, type StepSender } from './run-deps.ts';

/** A step as people name it when the scenario does not: "send batches/signup.json", "send 2 inline events", "wait 2s". */
export function stepName(step: Step): string {
  if (step.name) return step.name;
  if ('wait' in step) return `wait ${step.wait}`;
  return typeof step.send === 'string' ? `send ${step.send}` : `send ${step.send.length} inline ${step.send.length === 1 ? 'event' : 'events'}`;
}

function skippedStep(step: Step, index: number, reason: string): StepResult {
  return {
    index,
    name: stepName(step),
    row: null,
    status: 'skipped',
    reason,
    submissionId: null,
    environment: null,
    eventsSent: 0,
    eventsAccepted: 0,
    durationMs: 0,
  };
}

/** Resolves after `ms`, or at once when `signal` aborts (false then). */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

const STOPPED = 'not run: the run was stopped';

interface Run {
  request: RunRequest;
  deps: RunDeps;
  runId: string;
  signal: AbortSignal;
  emit(progress: RunProgress): void;
  /** Why every step from here on is skipped; null while the run goes on. */
  stopReason: string | null;
}

async function readScenario(run: Run, file: string): Promise<{ scenario: Scenario } | { problem: string }> {
  let text: string;
  try {
    text = await run.deps.readFile(file);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
  const read = readScenarioText(file, text);
  return read.ok ? { scenario: read.scenario } : { problem: read.problems.map(problemText).join('\n') };
}

/** The steps of a scenario, run in order; `steps` collects their results. */
async function runSteps(run: Run, file: string, scenario: Scenario, steps: StepResult[]): Promise<void> {
  const { signal, deps } = run;
  let scenarioStop: string | null = null;
  const ended = (step: StepResult) => {
    const shown = step.reason === null ? step : { ...step, reason: masked(run.deps, step.reason) };
    steps.push(shown);
    run.emit({ runId: run.runId, kind: 'step-ended', file, step: shown });
    if (shown.status !== 'failed') return;
    if (run.request.bail && run.stopReason === null) run.stopReason = `not run: --bail stopped the run after ${scenario.name} step ${shown.index + 1}`;
    if (scenario.onFailure === 'stop') scenarioStop ??= `not run: step ${shown.index + 1} failed, and the scenario stops at a failure ("onFailure": "stop")`;
  };
  for (const [index, step] of scenario.steps.entries()) {
    if (signal.aborted) run.stopReason ??= STOPPED;
    const skip = run.stopReason ?? scenarioStop;
    if (skip !== null) {
      ended(skippedStep(step, index, skip));
      continue;
    }
    const name = stepName(step);
    if ('wait' in step) {
      run.emit({ runId: run.runId, kind: 'step-started', file, index, row: null, name });
      const started = performance.now();
      const read = parseDuration(step.wait);
      const waited = read.ok && (await pause(read.ms, signal));
      const reason = !read.ok ? read.message : waited ? null : 'stopped during the wait';
      ended({ ...skippedStep(step, index, ''), status: reason === null ? 'passed' : 'failed', reason, durationMs: Math.round(performance.now() - started) });
      continue;
    }
    await runSendStep(step, index, name, {
      deps,
      environmentName: stepEnvironment(step, scenario, run.request.environment),
      dataFile: run.request.data ?? null,
      label: `${scenario.name} · step ${index + 1}`,
      signal,
      started: (row) => run.emit({ runId: run.runId, kind: 'step-started', file, index, row, name }),
      ended,
      stopReason: () => (signal.aborted ? (run.stopReason ??= STOPPED) : run.stopReason),
    });
  }
}

async function runScenario(run: Run, file: string): Promise<ScenarioResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const read = await readScenario(run, file);
  const name = 'scenario' in read ? read.scenario.name : file;
  run.emit({ runId: run.runId, kind: 'scenario-started', file, name });
  const steps: StepResult[] = [];
  if ('scenario' in read) await runSteps(run, file, read.scenario, steps);
  const broken = 'problem' in read;
  if (broken && run.request.bail) run.stopReason ??= `not run: --bail stopped the run after ${file}, which is broken`;
  const status = broken
    ? 'broken'
    : steps.some((step) => step.status === 'failed')
      ? 'failed'
      : steps.every((step) => step.status === 'skipped')
        ? 'skipped'
        : 'passed';
  const result: ScenarioResult = {
    file,
    name,
    status,
    problem: broken ? masked(run.deps, read.problem) : null,
    steps,
    startedAt,
    durationMs: Math.round(performance.now() - started),
  };
  run.emit({ runId: run.runId, kind: 'scenario-ended', scenario: result });
  return result;
}

/**
 * Each file read once a run, as it was when first read: a batch every step sends is read and
 * checked against the root once, not once a step, and a file edited during the run does not
 * change it half-way.
 */
function readOnce(read: (file: string) => Promise<string>): (file: string) => Promise<string> {
  const texts = new Map<string, Promise<string>>();
  return (file) => {
    let text = texts.get(file);
    if (!text) {
      text = read(file);
      texts.set(file, text);
    }
    return text;
  };
}

/**
 * Runs the request's scenarios in order and resolves with what happened; never rejects for a
 * scenario's own problems (they are its result). `onProgress` hears every step as it starts
 * and ends; `signal` stops the run (the step under way is cancelled, the rest skipped).
 */
export async function runScenarios(
  request: RunRequest,
  deps: RunDeps,
  onProgress: (progress: RunProgress) => void = () => undefined,
  signal: AbortSignal = new AbortController().signal,
): Promise<RunResult> {
  const run: Run = {
    request,
    deps: { ...deps, readFile: readOnce(deps.readFile) },
    runId: request.runId ?? crypto.randomUUID(),
    signal,
    emit: onProgress,
    stopReason: null,
  };
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const scenarios: ScenarioResult[] = [];
  for (const file of request.scenarios) scenarios.push(await runScenario(run, file));
  const cutShort = scenarios.some((scenario) => scenario.steps.some((step) => step.status === 'skipped' && step.reason === run.stopReason));
  const result: RunResult = {
    id: run.runId,
    workspace: request.workspace,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    stopped: cutShort || signal.aborted,
    scenarios,
  };
  onProgress({ runId: run.runId, kind: 'run-ended', run: result });
  return result;
}
