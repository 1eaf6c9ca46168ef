// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import type { HistoryFilter } from '../../../features/history/common/history.ts';
import type { CoverageProgress, HistoryCoverage } from '../../../features/coverage/common/history-coverage.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { environmentsKey } from '../../../renderer/base/data/environment-queries.ts';
import { useHistory } from '../../../renderer/base/data/history-state.ts';
import { useNotices, useUi } from '../../../renderer/base/state/ui.ts';
import { renderHistoryScreen } from './render-history.tsx';

afterEach(cleanup);
beforeEach(() => {
  useUi.setState({ ...useUi.getInitialState(), screen: 'history' }, true);
  useHistory.setState(useHistory.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
});

type Asked = { runId: string; filter: HistoryFilter; planFile: string | null };

const report = (asked: Asked, patch: Partial<HistoryCoverage> = {}): HistoryCoverage => ({
  runId: asked.runId,
  plan: { fileName: 'shop.plan.json', source: 'active' },
  filter: asked.filter,
  matching: 3,
  submissions: 3,
  stopped: false,
  coverage: {
    key: 'token',
    events: 9,
    seen: [
      { key: 'purchase', count: 2 },
      { key: 'signup', count: 5 },
    ],
    neverSeen: ['refund'],
    unplanned: [{ key: 'debug', count: 1 }],
    unplannedUnlisted: 0,
    unkeyed: 1,
  },
  ...patch,
});

/**
 * The History screen over an api whose coverage answers what `answer` gives for each ask
 * (left pending until `settle` is called, when `hold` is set); every ask and stop recorded.
 */
function showHistory(answer: (asked: Asked) => Promise<HistoryCoverage>) {
  const asked: Asked[] = [];
  const stopped: string[] = [];
  const chooses: string[] = [];
  const listeners = new Set<(progress: CoverageProgress) => void>();
  const planListeners = new Set<() => void>();
  let chosen: { path: string; name: string } | null = null;
  const environments = [{ id: 'env-qa', name: 'QA', planFile: '/plans/shop.plan.json' }];
  const api = {
    environments: { list: async () => ({ environments: structuredClone(environments), activeId: 'env-qa', notice: null }) },
    plans: {
      choose: async () => {
        chooses.push('choose');
        return chosen;
      },
      onChanged: (listener: () => void) => {
        planListeners.add(listener);
        return () => planListeners.delete(listener);
      },
    },
    history: {
      list: async () => [],
      count: async () => 3,
      timeline: async () => [],
      retention: async () => ({ retention: { keep: 'all' }, usage: { submissions: 3, storedBytes: 0, fileBytes: 0 } }),
      coverage: (input: Asked) => {
        asked.push(input);
        return answer(input);
      },
      stopCoverage: async ({ runId }: { runId: string }) => {
        stopped.push(runId);
        return null;
      },
      onCoverageProgress: (listener: (progress: CoverageProgress) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
  } as unknown as Api;
  const client = renderHistoryScreen(api);
  return {
    asked,
    stopped,
    chooses,
    choosing: (file: { path: string; name: string } | null) => (chosen = file),
    push: (progress: CoverageProgress) => act(() => listeners.forEach((listener) => listener(progress))),
    planChanged: () => act(() => planListeners.forEach((listener) => listener())),
    /** The active environment names another plan, as saving it in its editor does. */
    renamePlan: (planFile: string) => {
      environments[0]!.planFile = planFile;
      void client.invalidateQueries({ queryKey: environmentsKey });
    },
  };
}

const openPanel = () => fireEvent.click(screen.getByRole('button', { name: 'Plan coverage' }));
const rows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('plan coverage in the History screen', () => {
  it("measures the active plan over the screen's filter and lists seen, never seen and unplanned kinds, sortable", async () => {
    const { asked } = showHistory(async (input) => report(input));
    act(() =>
      useHistory
        .getState()
        .setFilter({ from: new Date(2026, 10, 19).toISOString(), to: new Date(2026, 10, 21).toISOString(), environmentIds: ['env-qa'], statuses: ['ok'] }),
    );
    openPanel();
    const panel = await screen.findByRole('article', { name: 'Plan coverage' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Plan coverage' }));
    expect(screen.getByRole('button', { name: 'Plan coverage' }).getAttribute('aria-pressed')).toBe('true');

    expect((await within(panel).findByTestId('coverage-read')).textContent).toBe('Read 9 events of 3 submissions.');
    expect(asked).toEqual([{ runId: expect.any(String), filter: useHistory.getState().filter, planFile: null }]);
    expect(within(panel).getByTestId('coverage-range').textContent).toBe('Submissions sent 2026-11-19 to 2026-11-20 · environment QA · status ok');
    expect(within(panel).getByTestId('coverage-plan').textContent).toBe("Plan shop.plan.json, the active environment's plan · kinds by “token”");
    expect(within(panel).getByTestId('coverage-summary').textContent).toBe('Covers 2 of 3 planned kinds; 1 never seen; 1 event of unplanned kinds');
    // Most events first, then by name when asked.
    expect(rows('Planned kinds seen')).toEqual(['signup5', 'purchase2']);
    fireEvent.click(within(screen.getByRole('table', { name: 'Planned kinds seen' })).getByRole('button', { name: 'Kind' }));
    expect(rows('Planned kinds seen')).toEqual(['purchase2', 'signup5']);
    expect(
      within(screen.getByRole('table', { name: 'Planned kinds seen' }))
        .getByRole('columnheader', { name: 'Kind' })
        .getAttribute('aria-sort'),
    ).toBe('ascending');
    expect(
      within(screen.getByRole('list', { name: 'Planned kinds never seen' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['refund']);
    expect(rows('Unplanned kinds')).toEqual(['debug1']);
    expect(within(panel).getByText('1 event had no text in "token", so no kind.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Close plan coverage' }));
    expect(screen.queryByRole('article', { name: 'Plan coverage' })).toBeNull();
  });

  it('shows the progress of a long run, stops it when asked, and measures again when the filter changes', async () => {
    const pending = new Map<string, (value: HistoryCoverage) => void>();
    const { asked, stopped, push } = showHistory((input) => new Promise((resolve) => pending.set(input.runId, resolve)));
    openPanel();
    await waitFor(() => expect(asked).toHaveLength(1));
    const first = asked[0]!.runId;
    expect(within(screen.getByTestId('coverage-panel')).getByRole('status').textContent).toContain('Reading the history…');
    push({ runId: 'another run', read: 7, of: 9, events: 70 });
    push({ runId: first, read: 1200, of: 3000, events: 45000 });
    expect(screen.getByText('Read 1,200 of 3,000 submissions (45,000 events)…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Submissions read' }).getAttribute('value')).toBe('1200');

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stopped).toEqual([first]);
    act(() => pending.get(first)!(report(asked[0]!, { stopped: true, submissions: 1200, matching: 3000 })));
    expect((await screen.findByTestId('coverage-read')).textContent).toBe('Stopped: read 9 events of 1,200 of the 3,000 submissions that match.');

    // A new filter is a new run; the one before is stopped.
    act(() => useHistory.getState().setFilter({ statuses: ['failed'] }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]!.filter.statuses).toEqual(['failed']);
    expect(stopped).toEqual([first, first]);
    act(() => pending.get(asked[1]!.runId)!(report(asked[1]!)));
    expect((await screen.findByTestId('coverage-read')).textContent).toBe('Read 9 events of 3 submissions.');
  });

  it('says when no plan is active and measures a plan file chosen in the dialog instead', async () => {
    const { asked, chooses, choosing } = showHistory(async (input) =>
      input.planFile === null
        ? Promise.reject(new AppError('coverage-no-plan', 'The active environment names no tracking plan.'))
        : report(input, { plan: { fileName: 'app.plan.json', source: 'chosen' } }),
    );
    openPanel();
    const empty = await screen.findByTestId('coverage-no-plan');
    expect(empty.textContent).toContain('No tracking plan is active: the active environment names none.');

    // Cancelling the dialog changes nothing.
    fireEvent.click(within(empty).getByRole('button', { name: 'Choose plan file…' }));
    await waitFor(() => expect(chooses).toHaveLength(1));
    expect(asked).toHaveLength(1);

    choosing({ path: '/plans/app.plan.json', name: 'app.plan.json' });
    fireEvent.click(within(empty).getByRole('button', { name: 'Choose plan file…' }));
    await waitFor(() => expect(screen.getByTestId('coverage-plan').textContent).toBe('Plan app.plan.json · kinds by “token”'));
    expect(asked.at(-1)?.planFile).toBe('/plans/app.plan.json');

    fireEvent.click(screen.getByRole('button', { name: "Use the active environment's plan" }));
    expect(await screen.findByTestId('coverage-no-plan')).toBeTruthy();
    expect(asked.at(-1)?.planFile).toBeNull();
  });

  it('says when no submission matches the filter, and shows any other failure with its code', async () => {
    let failing = false;
    showHistory(async (input) => {
      if (failing) throw new AppError('coverage-plan-unusable', 'shop.plan.json has no kinds to measure: The plan has no "events" object.');
      return report(input, {
        matching: 0,
        submissions: 0,
        coverage: { key: 'token', events: 0, seen: [], neverSeen: ['purchase'], unplanned: [], unplannedUnlisted: 0, unkeyed: 0 },
      });
    });
    openPanel();
    expect((await screen.findByTestId('coverage-nothing')).textContent).toBe(
      'No submission matches the filter, so no event to measure. Widen the range or clear the filters.',
    );
    expect(screen.getByTestId('coverage-range').textContent).toBe('All submissions');
    expect(screen.queryByRole('table')).toBeNull();

    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Measure again' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('has no kinds to measure');
    expect(within(alert).getByText('Code: coverage-plan-unusable')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Choose plan file…' })).toBeTruthy();
  });

  it('measures again when the active plan changes: another file named, or its file saved on disk', async () => {
    const { asked, planChanged, renamePlan } = showHistory(async (input) => report(input));
    openPanel();
    await screen.findByTestId('coverage-read');
    // The environments were known before the run began: one run, not one before and one after.
    expect(asked).toHaveLength(1);
    planChanged();
    await waitFor(() => expect(asked).toHaveLength(2));
    renamePlan('/plans/app.plan.json');
    await waitFor(() => expect(asked).toHaveLength(3));
    expect(asked.map((one) => one.planFile)).toEqual([null, null, null]);
  });

  it('gives the detail pane back to a submission opened from the list', async () => {
    showHistory(async (input) => report(input));
    openPanel();
    await screen.findByRole('article', { name: 'Plan coverage' });
    act(() => useHistory.getState().open('some-id'));
    expect(screen.queryByRole('article', { name: 'Plan coverage' })).toBeNull();
  });
});
