import { describe, expect, it } from 'vitest';
import { compareRuns } from '../../../features/runs/common/compare-runs.ts';
import type { RunResult, ScenarioResult, StepResult, StepStatus } from '../../../features/runs/common/run-result.ts';

function step(index: number, status: StepStatus, row: number | null = null): StepResult {
  return {
    index,
    name: `step ${index + 1}`,
    row,
    status,
    reason: status === 'passed' ? null : `${status} because`,
    submissionId: null,
    environment: 'sandbox',
    eventsSent: 1,
    eventsAccepted: status === 'passed' ? 1 : 0,
    durationMs: 5,
  };
}

function scenario(file: string, steps: StepResult[], status: ScenarioResult['status'] = 'passed'): ScenarioResult {
  return {
    file,
    name: file.replace(/.*\//, ''),
    status,
    problem: status === 'broken' ? `${file}:1:1: not JSON` : null,
    steps,
    startedAt: '2026-11-24T10:00:00.000Z',
    durationMs: 10,
  };
}

const run = (id: string, scenarios: ScenarioResult[]): RunResult => ({
  id,
  workspace: '/w',
  startedAt: '2026-11-24T10:00:00.000Z',
  durationMs: 20,
  stopped: false,
  scenarios,
});

describe('comparing two runs', () => {
  it('says two runs with the same statuses changed nothing, every row the same', () => {
    const a = run('a', [scenario('scenarios/a.scenario.json', [step(0, 'passed'), step(1, 'failed')])]);
    const b = run('b', [scenario('scenarios/a.scenario.json', [step(0, 'passed'), step(1, 'failed')])]);
    const comparison = compareRuns(a, b);
    expect(comparison.changed).toBe(0);
    expect(comparison.rows.map((row) => [row.step, row.before, row.after, row.change])).toEqual([
      ['step 1', 'passed', 'passed', 'same'],
      ['step 2', 'failed', 'failed', 'same'],
    ]);
  });

  it('lists per step and data row what changed, passed→failed first, then fixed, then other changes, then the same', () => {
    const a = run('a', [
      scenario('scenarios/a.scenario.json', [step(0, 'passed'), step(1, 'failed'), step(2, 'skipped')]),
      scenario('scenarios/rows.scenario.json', [step(0, 'passed', 1), step(0, 'passed', 2)]),
    ]);
    const b = run('b', [
      scenario('scenarios/a.scenario.json', [step(0, 'passed'), step(1, 'passed'), step(2, 'failed')]),
      scenario('scenarios/rows.scenario.json', [step(0, 'passed', 1), step(0, 'failed', 2)]),
    ]);
    const comparison = compareRuns(a, b);
    expect(comparison.changed).toBe(3);
    expect(comparison.rows.map((row) => [row.file, row.index, row.row, row.before, row.after, row.change])).toEqual([
      ['scenarios/rows.scenario.json', 0, 2, 'passed', 'failed', 'worse'],
      ['scenarios/a.scenario.json', 1, null, 'failed', 'passed', 'better'],
      ['scenarios/a.scenario.json', 2, null, 'skipped', 'failed', 'changed'],
      ['scenarios/a.scenario.json', 0, null, 'passed', 'passed', 'same'],
      ['scenarios/rows.scenario.json', 0, 1, 'passed', 'passed', 'same'],
    ]);
    expect(comparison.rows[0]!.reason).toBe('failed because');
  });

  it('shows a scenario broken in one run as its own row, and a step only one run has as missing in the other', () => {
    const a = run('a', [scenario('scenarios/a.scenario.json', [step(0, 'passed'), step(1, 'passed')])]);
    const b = run('b', [scenario('scenarios/a.scenario.json', [], 'broken'), scenario('scenarios/new.scenario.json', [step(0, 'passed')])]);
    const comparison = compareRuns(a, b);
    expect(comparison.rows.map((row) => [row.file, row.index, row.before, row.after, row.change])).toEqual([
      ['scenarios/a.scenario.json', 0, 'passed', null, 'worse'],
      ['scenarios/a.scenario.json', 1, 'passed', null, 'worse'],
      ['scenarios/a.scenario.json', null, null, 'broken', 'changed'],
      ['scenarios/new.scenario.json', 0, null, 'passed', 'changed'],
    ]);
    expect(comparison.rows.find((row) => row.after === 'broken')!.reason).toBe('scenarios/a.scenario.json:1:1: not JSON');
  });
});
