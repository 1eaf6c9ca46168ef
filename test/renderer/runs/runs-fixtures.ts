import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { KeptRun, WorkspaceScenario } from '../../../features/runs/common/run-schemas.ts';
import { countSteps, type RunResult, type ScenarioResult, type StepResult } from '../../../features/runs/common/run-result.ts';
import type { WorkspaceListing } from '../../../features/workspace/common/workspace.ts';

/** A workspace with two environments, a scenario of two steps and a broken one, as the Runs screen tests see it. */

export const listing: WorkspaceListing = {
  root: '/work/shop',
  manifest: { format: 'eventdesk.workspace', version: 1, name: 'Shop events', defaultEnvironment: 'sandbox', plan: null },
  files: [
    { kind: 'environment', path: 'environments/sandbox.env.json', title: 'sandbox' },
    { kind: 'environment', path: 'environments/staging.env.json', title: 'staging' },
    { kind: 'scenario', path: 'scenarios/checkout.scenario.json', title: 'Checkout' },
    { kind: 'scenario', path: 'scenarios/broken.scenario.json', title: 'broken' },
  ],
  problems: [],
};

export const scenarios: WorkspaceScenario[] = [
  {
    file: 'scenarios/checkout.scenario.json',
    name: 'Checkout',
    steps: ['purchases are accepted', 'send batches/refund.json'],
    environment: null,
    problem: null,
  },
  {
    file: 'scenarios/broken.scenario.json',
    name: 'broken',
    steps: [],
    environment: null,
    problem: 'scenarios/broken.scenario.json:3:5: /steps/0/expect/status: expected a number from 100 to 599',
  },
];

export const environment = (id: string, name: string): EnvironmentView => ({
  ...DEFAULT_SETTINGS,
  id,
  name,
  baseUrl: 'http://127.0.0.1:4010',
  embeddedSandbox: false,
  resolvedBaseUrl: 'http://127.0.0.1:4010',
  apiKey: { set: true, hint: '…1234' },
  passwordRemembered: false,
  secretsUnreadable: false,
});

export const passed: StepResult = {
  index: 0,
  name: 'purchases are accepted',
  row: null,
  status: 'passed',
  reason: null,
  submissionId: 'sub-1',
  environment: 'sandbox',
  eventsSent: 3,
  eventsAccepted: 3,
  durationMs: 420,
};

export const failed: StepResult = {
  ...passed,
  index: 1,
  name: 'send batches/refund.json',
  status: 'failed',
  reason: 'Expected 5 events accepted; 2 were (submission sub-2).',
  submissionId: 'sub-2',
  eventsSent: 2,
  eventsAccepted: 2,
  durationMs: 1500,
};

export const checkoutResult = (steps: StepResult[]): ScenarioResult => ({
  file: 'scenarios/checkout.scenario.json',
  name: 'Checkout',
  status: steps.some((step) => step.status === 'failed') ? 'failed' : 'passed',
  problem: null,
  steps,
  startedAt: '2026-11-24T10:00:00.000Z',
  durationMs: 1920,
});

export const brokenResult: ScenarioResult = {
  file: 'scenarios/broken.scenario.json',
  name: 'broken',
  status: 'broken',
  problem: scenarios[1]!.problem,
  steps: [],
  startedAt: '2026-11-24T10:00:02.000Z',
  durationMs: 0,
};

export const runResult = (id: string, startedAt: string, scenarioResults: ScenarioResult[]): RunResult => ({
  id,
  workspace: '/work/shop',
  startedAt,
  durationMs: 2000,
  stopped: false,
  scenarios: scenarioResults,
});

export const kept = (run: RunResult, source: KeptRun['source'] = 'app'): KeptRun => ({
  id: run.id,
  startedAt: run.startedAt,
  durationMs: run.durationMs,
  source,
  environment: null,
  stopped: run.stopped,
  scenarios: run.scenarios.length,
  counts: countSteps(run),
});
