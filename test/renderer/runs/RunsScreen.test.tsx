// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHistory } from '../../../renderer/base/data/history-state.ts';
import { useLiveRun } from '../../../renderer/runs/live-run.ts';
import { useUi } from '../../../renderer/base/state/ui.ts';
import type { ChannelName } from '../../../app/common/ipc.ts';
import type { SessionView } from '../../../features/environments/common/session.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';
import { brokenResult, checkoutResult, environment, failed, kept, listing, passed, runResult, scenarios } from './runs-fixtures.ts';

vi.mock('../../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => <div data-testid="batch-editor" />,
  BatchViewer: () => null,
  CompareEditor: () => null,
}));

beforeAll(stubBrowser);
beforeEach(() => useLiveRun.setState(useLiveRun.getInitialState(), true));
afterEach(cleanup);

const ok = (value: unknown) => ({ ok: true as const, value });

const workspaceAnswers = {
  'workspace:current': ok(listing),
  'runs:scenarios': ok(scenarios),
  'runs:list': ok([]),
  'runs:current': ok(null),
  'runs:start': ok({ runId: 'run-1' }),
  'runs:stop': ok(null),
};

async function openRuns(answers: Parameters<typeof renderApp>[0] = workspaceAnswers) {
  const app = renderApp(answers);
  fireEvent.click(await screen.findByRole('tab', { name: 'Runs' }));
  return app;
}

const inputsOf = (calls: { channel: ChannelName; input: unknown }[], channel: ChannelName) =>
  calls.filter((call) => call.channel === channel).map((call) => call.input);

describe('the Runs screen', () => {
  it('without a workspace says so and offers to open one', async () => {
    const { calls } = await openRuns({ 'workspace:open': ok(null) });
    const panel = screen.getByRole('tabpanel', { name: 'Runs' });
    expect(panel.textContent).toContain('No workspace is open');
    fireEvent.click(within(panel).getByRole('button', { name: 'Open workspace…' }));
    await waitFor(() => expect(inputsOf(calls, 'workspace:open')).toHaveLength(1));
  });

  it('in a workspace without scenarios says how to add one, and Run all waits for one', async () => {
    await openRuns({ ...workspaceAnswers, 'runs:scenarios': ok([]) });
    const panel = screen.getByRole('tabpanel', { name: 'Runs' });
    await waitFor(() => expect(panel.textContent).toContain('This workspace has no scenarios yet'));
    expect(panel.textContent).toContain('scenarios/<name>.scenario.json');
    expect(panel.textContent).toContain('eventdesk init');
    expect(within(panel).getByRole('button', { name: 'Run all' })).toHaveProperty('disabled', true);
  });

  it('lists the scenarios with their files and steps; a broken one says why and cannot run alone', async () => {
    await openRuns();
    const checkout = await screen.findByRole('region', { name: 'Scenario Checkout' });
    expect(checkout.textContent).toContain('scenarios/checkout.scenario.json');
    expect(
      within(checkout)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['purchases are accepted', 'send batches/refund.json']);
    const broken = screen.getByRole('region', { name: 'Scenario broken' });
    expect(within(broken).getByRole('note').textContent).toBe(scenarios[1]!.problem);
    expect(within(broken).getByRole('button', { name: 'Run broken' })).toHaveProperty('disabled', true);
    expect(within(checkout).getByRole('button', { name: 'Run Checkout' })).toHaveProperty('disabled', false);
  });

  it('runs all with the chosen environment and bail, or one scenario alone', async () => {
    const { calls, push } = await openRuns();
    await screen.findByRole('region', { name: 'Scenario Checkout' });
    const choice = screen.getByRole('combobox', { name: 'Environment' });
    expect([...choice.querySelectorAll('option')].map((option) => option.textContent)).toEqual(["Each scenario's own, else sandbox", 'sandbox', 'staging']);
    fireEvent.change(choice, { target: { value: 'staging' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stop at the first failure' }));
    fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    await waitFor(() => expect(inputsOf(calls, 'runs:start')).toEqual([{ scenarios: [], environment: 'staging', bail: true }]));
    push('runs:progress', { runId: 'run-1', kind: 'run-ended', run: runResult('run-1', '2026-11-24T10:00:00.000Z', [checkoutResult([passed])]) });
    fireEvent.change(choice, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run Checkout' }));
    await waitFor(() => expect(inputsOf(calls, 'runs:start')[1]).toEqual({ scenarios: ['scenarios/checkout.scenario.json'], environment: null, bail: true }));
  });

  it('shows each step live, then passed or failed with its reason, and announces the end; Stop stops it; the kept runs are read again; the run is still there after leaving the screen', async () => {
    const { calls, push } = await openRuns();
    await screen.findByRole('region', { name: 'Scenario Checkout' });
    fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    const stop = await screen.findByRole('button', { name: 'Stop' });
    push('runs:progress', { runId: 'run-1', kind: 'scenario-started', file: checkoutResult([]).file, name: 'Checkout' });
    push('runs:progress', { runId: 'run-1', kind: 'step-started', file: checkoutResult([]).file, index: 0, row: null, name: passed.name });
    const steps = () => within(screen.getByRole('list', { name: 'Steps run in Checkout' })).getAllByRole('listitem');
    expect(steps().map((step) => step.textContent)).toEqual(['… runningStep 1: purchases are accepted']);
    expect(steps()[0]!.getAttribute('aria-busy')).toBe('true');
    push('runs:progress', { runId: 'run-1', kind: 'step-ended', file: checkoutResult([]).file, step: passed });
    push('runs:progress', { runId: 'run-1', kind: 'step-started', file: checkoutResult([]).file, index: 1, row: null, name: failed.name });
    expect(steps()[0]!.textContent).toContain('✓ passed');
    expect(steps()[0]!.textContent).toContain('420 ms · 3 of 3 events accepted · sandbox');
    expect(steps()[1]!.textContent).toContain('running');

    fireEvent.click(stop);
    await waitFor(() => expect(inputsOf(calls, 'runs:stop')).toEqual([{ runId: 'run-1' }]));

    push('runs:progress', { runId: 'run-1', kind: 'step-ended', file: checkoutResult([]).file, step: failed });
    expect(steps()[1]!.textContent).toContain('✕ failed');
    expect(steps()[1]!.textContent).toContain('Expected 5 events accepted; 2 were (submission sub-2).');
    const run = runResult('run-1', '2026-11-24T10:00:00.000Z', [checkoutResult([passed, failed]), brokenResult]);
    const listed = inputsOf(calls, 'runs:list').length;
    push('runs:progress', { runId: 'run-1', kind: 'run-ended', run });
    await waitFor(() => expect(inputsOf(calls, 'runs:list').length).toBe(listed + 1));
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('Run ended: 1 passed, 2 failed');
    expect(screen.getByRole('region', { name: 'broken: broken' }).textContent).toContain('expected a number from 100 to 599');
    expect(screen.getByRole('button', { name: 'Run all' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Composer' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Runs' }));
    expect(steps()).toHaveLength(2);
  });

  it('hears a run under way while another screen is open, and after a reload asks main for it', async () => {
    const { push } = renderApp({ ...workspaceAnswers, 'runs:current': ok(runResult('run-9', '2026-11-24T10:00:00.000Z', [checkoutResult([passed])])) });
    await screen.findByRole('heading', { name: 'Batch' });
    push('runs:progress', { runId: 'run-9', kind: 'step-started', file: checkoutResult([]).file, index: 1, row: null, name: failed.name });
    fireEvent.click(screen.getByRole('tab', { name: 'Runs' }));
    const steps = await screen.findByRole('list', { name: 'Steps run in Checkout' });
    await waitFor(() =>
      expect(
        within(steps)
          .getAllByRole('listitem')
          .map((step) => step.textContent?.slice(0, 8)),
      ).toEqual(['✓ passed', '… runnin']),
    );
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
  });

  it('shows a scenario restored mid-run as running again once its next step starts', async () => {
    const { push } = await openRuns({ ...workspaceAnswers, 'runs:current': ok(runResult('run-9', '2026-11-24T10:00:00.000Z', [checkoutResult([passed])])) });
    expect(await screen.findByRole('region', { name: 'Checkout: passed' })).toBeTruthy();
    push('runs:progress', { runId: 'run-9', kind: 'step-started', file: checkoutResult([]).file, index: 1, row: null, name: failed.name });
    expect(screen.getByRole('region', { name: 'Checkout: running' })).toBeTruthy();
  });

  it('opens a step’s submission in History', async () => {
    await openRuns({ ...workspaceAnswers, 'runs:current': ok(runResult('run-1', '2026-11-24T10:00:00.000Z', [checkoutResult([passed, failed])])) });
    fireEvent.click(await screen.findByRole('button', { name: 'Open submission of Checkout, Step 2: send batches/refund.json, in History' }));
    expect(useUi.getState().screen).toBe('history');
    expect(useHistory.getState().openId).toBe('sub-2');
  });

  it('when the services refuse a run for want of secrets, asks for what they name in one dialog, and starts it once logged in', async () => {
    const session: SessionView = {
      environmentId: 'env-t',
      username: 'demo',
      state: 'active',
      loggedInAt: '2026-11-24T10:00:00.000Z',
      expiresAt: '2026-11-24T11:00:00.000Z',
      serverExpiry: '2026-11-24 11:00:00',
      timeZone: 'UTC',
      expiresReadAs: 'date-time',
      autoRenew: false,
    };
    const { calls } = await openRuns({
      ...workspaceAnswers,
      'environments:list': ok({ environments: [environment('env-s', 'sandbox'), environment('env-t', 'staging')], activeId: 'env-s', notice: null }),
      'session:status': () => ok(null),
      'session:login': () => ok(session),
      'runs:secretsNeeded': () => ok([{ environment: environment('env-t', 'staging'), password: true, apiKey: false }]),
      'runs:start': () =>
        inputsOf(calls, 'session:login').length === 0
          ? { ok: false, error: { code: 'run-secrets-missing', message: 'The run needs, before it starts: “staging” a login.' } }
          : ok({ runId: 'run-1' }),
    });
    await screen.findByRole('region', { name: 'Scenario Checkout' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Environment' }), { target: { value: 'staging' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    const asked = await screen.findByRole('dialog', { name: 'Before the run: staging' });
    expect(inputsOf(calls, 'runs:secretsNeeded')).toEqual([{ scenarios: [], environment: 'staging' }]);
    fireEvent.change(within(asked).getByLabelText('Username'), { target: { value: 'demo' } });
    fireEvent.change(within(asked).getByLabelText('Password'), { target: { value: 'demo-password' } });
    fireEvent.submit(within(asked).getByRole('button', { name: 'Start the run' }));
    await waitFor(() =>
      expect(inputsOf(calls, 'runs:start')).toEqual([
        { scenarios: [], environment: 'staging', bail: false },
        { scenarios: [], environment: 'staging', bail: false },
      ]),
    );
    expect(inputsOf(calls, 'session:login')).toEqual([{ environmentId: 'env-t', username: 'demo', password: 'demo-password', rememberPassword: false }]);
  });

  it('says why a run could not start', async () => {
    await openRuns({ ...workspaceAnswers, 'runs:start': { ok: false, error: { code: 'run-busy', message: 'A run of scenarios is under way.' } } });
    await screen.findByRole('region', { name: 'Scenario Checkout' });
    fireEvent.click(screen.getByRole('button', { name: 'Run all' }));
    expect(await screen.findByText('The run could not start: A run of scenarios is under way.')).toBeTruthy();
  });

  it('lists the kept runs, shows one with its steps, and compares two: what got worse first, identical ones said so', async () => {
    const earlier = runResult('run-a', '2026-11-24T09:00:00.000Z', [checkoutResult([passed, { ...failed, status: 'passed', reason: null }])]);
    const later = runResult('run-b', '2026-11-24T10:00:00.000Z', [checkoutResult([passed, failed])]);
    const same = runResult('run-c', '2026-11-24T11:00:00.000Z', [checkoutResult([passed, failed])]);
    const byId = new Map([earlier, later, same].map((run) => [run.id, run]));
    await openRuns({
      ...workspaceAnswers,
      'runs:list': ok([kept(same), kept(later, 'cli'), kept(earlier)]),
      'runs:get': (input) => ok(byId.get((input as { id: string }).id)),
    });
    const keptRuns = await screen.findByRole('region', { name: 'Kept runs' });
    await waitFor(() => expect(within(keptRuns).getAllByRole('checkbox')).toHaveLength(3));
    expect(within(keptRuns).getAllByRole('listitem')[1]!.textContent).toContain('from the command line');
    expect(within(keptRuns).getAllByRole('listitem')[1]!.textContent).toContain('1 passed, 1 failed');

    fireEvent.click(within(keptRuns).getAllByRole('button')[2]!);
    const shown = await screen.findByRole('region', { name: /^Run of / });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .some((item) => item.textContent?.includes('✓ passed')),
    ).toBe(true);

    const compare = within(keptRuns).getByRole('button', { name: 'Compare' });
    expect(compare).toHaveProperty('disabled', true);
    const boxes = within(keptRuns).getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(compare);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['CheckoutStep 2: send batches/refund.jsonExpected 5 events accepted; 2 were (submission sub-2).', '✓ passed', '✕ failed', 'now fails'],
      ['CheckoutStep 1: purchases are accepted', '✓ passed', '✓ passed', ''],
    ]);
    expect(screen.getByRole('region', { name: /^Comparing/ }).textContent).toContain('1 step changed.');

    fireEvent.click(boxes[2]!);
    fireEvent.click(boxes[0]!);
    fireEvent.click(compare);
    await waitFor(() => expect(screen.getByRole('region', { name: /^Comparing/ }).textContent).toContain('The two runs are the same'));
  });

  it('reads the scenarios again when the workspace changes on disk, and leaves the last run behind when another opens', async () => {
    const { calls, push } = await openRuns();
    await screen.findByRole('region', { name: 'Scenario Checkout' });
    push('runs:progress', { runId: 'run-1', kind: 'run-ended', run: runResult('run-1', '2026-11-24T10:00:00.000Z', [checkoutResult([passed])]) });
    const before = inputsOf(calls, 'runs:scenarios').length;
    push('workspace:changed', { listing, changed: ['scenarios/checkout.scenario.json'] });
    await waitFor(() => expect(inputsOf(calls, 'runs:scenarios').length).toBe(before + 1));
    expect(screen.getByRole('heading', { name: 'Run ended: 1 passed' })).toBeTruthy();
    push('workspace:changed', { listing: { ...listing, root: '/work/other' }, changed: [] });
    expect(await screen.findByText("Run all, or one scenario's Run, to see each step here as it goes.")).toBeTruthy();
  });

  it('is shown by its shortcut and its command', async () => {
    renderApp(workspaceAnswers);
    await screen.findByRole('heading', { name: 'Batch' });
    fireEvent.keyDown(window, { key: '4', code: 'Digit4', ctrlKey: true });
    expect(useUi.getState().screen).toBe('runs');
  });
});
