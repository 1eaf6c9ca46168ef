import { describe, expect, it } from 'vitest';
import { UNLISTED_CODE } from '../../../features/plans/common/plan-diagnostics.ts';
import type { PlanStatus } from '../../../features/plans/common/plan-status.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { planCheckText } from '../../../renderer/replay/replay-plan.tsx';

const plan: PlanStatus = {
  environmentId: 'staging',
  file: '/plans/shop.plan.json',
  name: 'shop.plan.json',
  plan: { name: 'shop', version: '3', kinds: 2 },
  script: '/plans/abc.js',
  problems: [],
  error: null,
};
const diagnostic = (code: string, severity: Diagnostic['severity']): Diagnostic => ({
  code,
  severity,
  message: code,
  path: '/0',
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
});

describe("the replay's tracking plan line", () => {
  it('counts the violations of the plan and their errors, leaving out the rules’ own diagnostics', () => {
    const diagnostics = [diagnostic('unplanned-event', 'error'), diagnostic('attribute-type', 'warning'), diagnostic('future-timestamp', 'error')];
    expect(planCheckText(plan, { diagnostics, planProblem: null })).toEqual({
      text: 'Checked against the tracking plan “shop”: 2 violations, 1 error (Send asks first).',
      tone: 'error',
    });
    expect(planCheckText(plan, { diagnostics: [diagnostic('attribute-type', 'warning')], planProblem: null })).toEqual({
      text: 'Checked against the tracking plan “shop”: 1 violation, no errors.',
      tone: 'warning',
    });
    expect(planCheckText(plan, { diagnostics: [diagnostic('future-timestamp', 'error')], planProblem: null })).toEqual({
      text: 'Checked against the tracking plan “shop”: no violations.',
      tone: 'fine',
    });
  });

  it('says when violations past the caps are not listed, an error among them making the line one', () => {
    const unlisted = { ...diagnostic(UNLISTED_CODE, 'error'), message: '40 more plan violations are not listed (3 errors): fix those listed and check again.' };
    expect(planCheckText(plan, { diagnostics: [diagnostic('attribute-type', 'warning'), unlisted], planProblem: null })).toEqual({
      text: 'Checked against the tracking plan “shop”: 1 violation, no errors. 40 more plan violations are not listed (3 errors): fix those listed and check again.',
      tone: 'error',
    });
  });

  it('says why the plan is not applied: its file, or its checks that could not load', () => {
    expect(
      planCheckText(
        { ...plan, plan: null, script: null, error: { code: 'plan-unreadable', message: 'The tracking plan shop.plan.json cannot be read (ENOENT).' } },
        { diagnostics: [], planProblem: null },
      ).text,
    ).toBe('Tracking plan shop.plan.json is not applied: The tracking plan shop.plan.json cannot be read (ENOENT).');
    expect(planCheckText(plan, { diagnostics: [], planProblem: 'no module' }).text).toBe(
      'Tracking plan shop.plan.json is not applied: its checks could not be loaded: no module',
    );
  });
});
