import { describe, expect, it } from 'vitest';
import { textReport } from '../../../../features/runs/common/reports/text.ts';
import { ACTED_ON, HOSTILE_TEXT } from '../../../fixtures/hostile/terminal.ts';
import { MIXED_RUN, scenario, step } from './fixtures.ts';

describe('the text report of a run', () => {
  it('lists each scenario and step with a sign, each failure with its reason and submission, and ends with the counts', () => {
    const text = textReport(MIXED_RUN);
    expect(text).toContain('✓ Smoke (scenarios/smoke.scenario.json)  0.25 s\n  ✓ step 1: send batches/purchase.json  0.12 s\n');
    expect(text).toContain(
      '  ✕ step 1: send batches/purchase.json (row 2)  0.12 s\n      Expected every chunk accepted; chunk 1 answered 422 invalid-events:\n        event 1',
    );
    expect(text).toContain('      submission sub-2 in History\n');
    expect(text).toContain('  - step 2: wait 2s  skipped\n      not run: --bail stopped the run');
    expect(text).toContain('✕ scenarios/broken.scenario.json: could not run\n      scenarios/broken.scenario.json 3:7: not valid JSON');
    expect(text).toContain('The run stopped at the first failure (--bail)');
    expect(text.trimEnd().split('\n').at(-1)).toBe('2 passed, 2 failed, 1 skipped');
  });

  it('signs a scenario --bail kept from running as skipped, not failed', () => {
    const skipped = scenario({
      status: 'skipped',
      steps: [step({ status: 'skipped', reason: 'not run: --bail stopped the run after Smoke step 1', submissionId: null })],
    });
    expect(textReport({ ...MIXED_RUN, scenarios: [skipped] })).toContain('- Smoke (scenarios/smoke.scenario.json)');
  });

  it('holds nothing a terminal acts on, whatever the names, files and reasons hold', () => {
    const hostile = scenario({
      name: HOSTILE_TEXT,
      file: `scenarios/${HOSTILE_TEXT}.scenario.json`,
      steps: [step({ status: 'failed', name: HOSTILE_TEXT, reason: HOSTILE_TEXT })],
    });
    const text = textReport({ ...MIXED_RUN, scenarios: [hostile, { ...hostile, status: 'broken', problem: HOSTILE_TEXT }] });
    expect(text).not.toMatch(ACTED_ON);
    expect(text).toContain('red\uFFFD2J\uFFFDover');
  });
});
