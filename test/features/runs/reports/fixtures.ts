import type { RunResult, ScenarioResult, StepResult } from '../../../../features/runs/common/run-result.ts';

/** Runs as the engine reports them, for the reporters' tests. */

export function step(overrides: Partial<StepResult> = {}): StepResult {
  return {
    index: 0,
    name: 'send batches/purchase.json',
    row: null,
    status: 'passed',
    reason: null,
    submissionId: 'sub-1',
    environment: 'sandbox',
    eventsSent: 3,
    eventsAccepted: 3,
    durationMs: 120,
    ...overrides,
  };
}

export function scenario(overrides: Partial<ScenarioResult> = {}): ScenarioResult {
  return {
    file: 'scenarios/smoke.scenario.json',
    name: 'Smoke',
    status: 'passed',
    problem: null,
    steps: [step()],
    startedAt: '2026-11-24T13:00:00.123Z',
    durationMs: 250,
    ...overrides,
  };
}

/** Every status a report has to show: passes, a failure whose reason needs escaping, data rows, skipped steps after --bail, a broken scenario. */
export const MIXED_RUN: RunResult = {
  id: 'run-1',
  workspace: '/work/shop',
  startedAt: '2026-11-24T13:00:00.000Z',
  durationMs: 1234,
  stopped: true,
  scenarios: [
    scenario(),
    scenario({
      file: 'scenarios/rows.scenario.json',
      name: 'Per user <&> "quoted"',
      status: 'failed',
      steps: [
        step({ row: 1 }),
        step({
          row: 2,
          status: 'failed',
          reason: 'Expected every chunk accepted; chunk 1 answered 422 invalid-events:\n  event 1 (/0/created_at): not a date & <bad>\u0007',
          submissionId: 'sub-2',
        }),
        step({
          index: 1,
          name: 'wait 2s',
          row: null,
          status: 'skipped',
          reason: 'not run: --bail stopped the run after "Per user" step 1',
          submissionId: null,
          environment: null,
          eventsSent: 0,
          eventsAccepted: 0,
          durationMs: 0,
        }),
      ],
    }),
    scenario({
      file: 'scenarios/broken.scenario.json',
      name: 'scenarios/broken.scenario.json',
      status: 'broken',
      problem: 'scenarios/broken.scenario.json 3:7: not valid JSON: a comma is missing',
      steps: [],
    }),
  ],
};
