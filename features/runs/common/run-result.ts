/**
 * What a run of scenarios did (issue #18): the Runs view shows it live, `eventdesk run` reports it
 * as text, JSON or JUnit XML, and the app keeps it to compare runs.
 */

export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface StepResult {
  /** The step's place in its scenario, from 0 (people read index + 1). */
  index: number;
  /** The step's name, or one made from what it does ("send batches/purchase.json", "wait 2s"). */
  name: string;
  /** The data file's row this run of the step used, from 1; null without a data file. */
  row: number | null;
  status: StepStatus;
  /** Why it failed or was skipped, as people read it; null when it passed. */
  reason: string | null;
  /** The submission in History this step's send made, to follow a failure there; null when nothing was sent. */
  submissionId: string | null;
  /** The environment it sent to, by name; null for a wait. */
  environment: string | null;
  eventsSent: number;
  eventsAccepted: number;
  durationMs: number;
}

/** `skipped`: none of its steps ran (--bail or Stop ended the run before it). */
export type ScenarioStatus = 'passed' | 'failed' | 'broken' | 'skipped';

export interface ScenarioResult {
  /** The scenario's file, relative to the workspace's root. */
  file: string;
  name: string;
  /** `broken`: it could not run at all (not valid JSON, a missing file or environment): `problem` says why and where. */
  status: ScenarioStatus;
  problem: string | null;
  steps: StepResult[];
  startedAt: string;
  durationMs: number;
}

export interface RunResult {
  id: string;
  /** The workspace's root, absolute. */
  workspace: string;
  startedAt: string;
  durationMs: number;
  /** True when `--bail` (or Stop) ended it before every scenario ran: the rest are skipped. */
  stopped: boolean;
  scenarios: ScenarioResult[];
}

/** What the Runs view and the CLI's progress hear while a run goes on. */
export type RunProgress =
  | { runId: string; kind: 'scenario-started'; file: string; name: string }
  | { runId: string; kind: 'step-started'; file: string; index: number; row: number | null; name: string }
  | { runId: string; kind: 'step-ended'; file: string; step: StepResult }
  | { runId: string; kind: 'scenario-ended'; scenario: ScenarioResult }
  | { runId: string; kind: 'run-ended'; run: RunResult };

export interface RunCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Steps by status, a broken scenario counting as one failed step. */
export function countSteps(run: Pick<RunResult, 'scenarios'>): RunCounts {
  const counts: RunCounts = { passed: 0, failed: 0, skipped: 0 };
  for (const scenario of run.scenarios) {
    if (scenario.status === 'broken') counts.failed++;
    for (const step of scenario.steps) counts[step.status]++;
  }
  return counts;
}
