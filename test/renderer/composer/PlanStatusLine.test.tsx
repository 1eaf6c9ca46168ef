// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanStatusLine } from '../../../renderer/composer/PlanStatusLine.tsx';
import type { PlanStatus } from '../../../features/plans/common/plan-status.ts';

afterEach(cleanup);

const loaded: PlanStatus = {
  environmentId: 'local-sandbox',
  file: '/plans/shop.plan.json',
  name: 'shop.plan.json',
  plan: { name: 'shop', version: '3', kinds: 2 },
  script: `/plans/${'a'.repeat(64)}.js`,
  problems: [],
  error: null,
};

describe('the tracking plan line above the Problems', () => {
  it('names the plan and its file, and nothing when the environment has no plan', () => {
    const { rerender } = render(<PlanStatusLine plan={loaded} workerProblem={null} coverage={null} />);
    expect(screen.getByTestId('plan-status').textContent).toContain('Checked against the tracking plan “shop” v3 (2 kinds) from shop.plan.json');
    rerender(<PlanStatusLine plan={null} workerProblem={null} coverage={null} />);
    expect(screen.queryByTestId('plan-status')).toBeNull();
  });

  it("lists the plan's own problems, the first five and how many more", () => {
    const problems = Array.from({ length: 7 }, (_, index) => ({
      severity: 'error' as const,
      text: `kind "k${index}", /events/k${index}/attributes/pattern: not a valid regular expression`,
    }));
    render(<PlanStatusLine plan={{ ...loaded, problems }} workerProblem={null} coverage={null} />);
    const line = screen.getByTestId('plan-status');
    expect(line.textContent).toContain('which has 7 problems of its own');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ...problems.slice(0, 5).map((problem) => `error: ${problem.text}`),
      '…and 2 more: run eventdesk plan check shop.plan.json.',
    ]);
  });

  it('says why the plan is not applied: a file that is not one, or validators the worker could not load', () => {
    const { rerender } = render(
      <PlanStatusLine
        plan={{ ...loaded, plan: null, script: null, error: { code: 'plan-missing', message: 'There is no tracking plan shop.plan.json in /plans.' } }}
        workerProblem={null}
        coverage={null}
      />,
    );
    expect(screen.getByTestId('plan-status').textContent).toContain(
      'Tracking plan shop.plan.json is not applied: There is no tracking plan shop.plan.json in /plans.',
    );
    rerender(<PlanStatusLine plan={loaded} workerProblem="Failed to fetch dynamically imported module" coverage={null} />);
    expect(screen.getByTestId('plan-status').textContent).toContain(
      'Tracking plan shop.plan.json is not applied: its checks could not be loaded: Failed to fetch dynamically imported module',
    );
  });

  it('says which planned kinds the batch covers, folded until opened: seen with counts, never seen, unplanned', () => {
    const coverage = {
      key: 'token',
      events: 6,
      seen: [{ key: 'purchase', count: 3 }],
      neverSeen: ['refund', 'signup'],
      unplanned: [{ key: 'debug', count: 2 }],
      unplannedUnlisted: 0,
      unkeyed: 1,
    };
    render(<PlanStatusLine plan={loaded} workerProblem={null} coverage={coverage} />);
    const folded = screen.getByTestId('plan-coverage');
    expect(folded.querySelector('summary')!.textContent).toBe('Covers 1 of 3 planned kinds; 2 events of unplanned kinds');
    expect(screen.getAllByRole('listitem', { hidden: true }).map((item) => item.textContent)).toEqual([
      'Seen: purchase 3',
      'Never seen: refund, signup',
      'Unplanned: debug 2',
      '1 event with no text in "token"',
    ]);
  });
});
