// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureCoverage } from '../../../features/coverage/common/capture-coverage.ts';
import type { SandboxPlan } from '../../../features/sandbox/common/sandbox.ts';
import { usePlanDraft } from '../../../renderer/base/data/plan-draft-state.ts';
import { renderSandboxScreen, sandboxView } from './sandbox-screen.tsx';

afterEach(cleanup);
beforeEach(() => usePlanDraft.setState(usePlanDraft.getInitialState(), true));

const shop: SandboxPlan = { file: '/plans/shop.plan.json', label: 'shop v3', kinds: 3, problems: [], error: null };
type Asked = { runId: string; selection: CaptureCoverage['selection']; planFile: string | null };

const report = (asked: Asked, patch: Partial<CaptureCoverage> = {}): CaptureCoverage => ({
  runId: asked.runId,
  plan: { fileName: 'shop.plan.json', source: 'sandbox' },
  selection: asked.selection,
  requests: 4,
  read: 4,
  matching: 2,
  stopped: false,
  coverage: {
    key: 'token',
    events: 5,
    seen: [
      { key: 'purchase', count: 2 },
      { key: 'signup', count: 2 },
    ],
    neverSeen: ['refund'],
    unplanned: [{ key: 'debug', count: 1 }],
    unplannedUnlisted: 0,
    unkeyed: 0,
  },
  ...patch,
});

function showSandbox(answer: (asked: Asked) => CaptureCoverage) {
  const asked: Asked[] = [];
  const shown = renderSandboxScreen({
    'sandbox:info': { ok: true, value: sandboxView({ plan: shop }) },
    'environments:list': { ok: true, value: { environments: [], activeId: null, notice: null } },
    'capture:coverage': (input) => {
      asked.push(input as Asked);
      return { ok: true, value: answer(input as Asked) };
    },
  });
  return { asked, ...shown };
}

// The first render of the screen loads its modules: it may take more than the default second.
const section = () => screen.findByRole('region', { name: 'Captured events and plans' }, { timeout: 5000 });

describe("the Sandbox tab's plan coverage of the capture", () => {
  it("measures the sandbox's plan over every captured event, then the accepted ones of the last hour, in the side panel", async () => {
    const { asked, calls } = showSandbox((input) =>
      input.selection.acceptedOnly
        ? report(input, {
            matching: 1,
            coverage: { ...report(input).coverage, events: 3, seen: [{ key: 'purchase', count: 2 }], neverSeen: ['refund', 'signup'] },
          })
        : report(input),
    );
    fireEvent.click(within(await section()).getByRole('button', { name: 'Plan coverage' }));
    const panel = await screen.findByRole('article', { name: 'Plan coverage' });
    expect((await within(panel).findByTestId('coverage-read')).textContent).toBe('Read 5 events of 2 captured requests.');
    expect(asked).toEqual([{ runId: expect.any(String), selection: { from: null, to: null, acceptedOnly: false }, planFile: null }]);
    expect(within(panel).getByTestId('coverage-plan').textContent).toBe("Plan shop.plan.json, the sandbox's plan · kinds by “token”");
    expect(within(panel).getByTestId('coverage-range').textContent).toBe('Events captured any time');
    expect(within(panel).getByTestId('coverage-summary').textContent).toBe('Covers 2 of 3 planned kinds; 1 never seen; 1 event of unplanned kinds');
    expect(within(screen.getByRole('list', { name: 'Planned kinds never seen' })).getByRole('listitem').textContent).toBe('refund');

    fireEvent.change(within(panel).getByRole('combobox', { name: 'Captured' }), { target: { value: '1h' } });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Accepted only' }));
    await waitFor(() => expect(asked).toHaveLength(3));
    const last = asked.at(-1)!.selection;
    expect(last.acceptedOnly).toBe(true);
    expect(Date.now() - Date.parse(last.from!)).toBeGreaterThanOrEqual(60 * 60_000);
    expect(Date.now() - Date.parse(last.from!)).toBeLessThan(61 * 60_000);
    await waitFor(() => expect(within(panel).getByTestId('coverage-read').textContent).toBe('Read 3 events of 1 captured request.'));
    expect(within(panel).getByTestId('coverage-range').textContent).toBe('Events captured in the last hour, accepted only');
    // A run no longer shown is stopped.
    expect(calls.filter(([channel]) => channel === 'capture:stopCoverage').length).toBeGreaterThanOrEqual(2);

    fireEvent.click(within(panel).getByRole('button', { name: 'Close plan coverage' }));
    expect(screen.queryByRole('article', { name: 'Plan coverage' })).toBeNull();
  });

  it('says when nothing is captured, and when no plan applies', async () => {
    showSandbox((input) =>
      report(input, {
        requests: 0,
        read: 0,
        matching: 0,
        coverage: { ...report(input).coverage, events: 0, seen: [], unplanned: [], neverSeen: ['purchase', 'refund', 'signup'] },
      }),
    );
    fireEvent.click(within(await section()).getByRole('button', { name: 'Plan coverage' }));
    expect((await screen.findByTestId('coverage-nothing')).textContent).toBe('Nothing is captured yet: send the sandbox some events, then measure again.');
    cleanup();

    renderSandboxScreen({
      'sandbox:info': { ok: true, value: sandboxView({ plan: null }) },
      'environments:list': { ok: true, value: { environments: [], activeId: null, notice: null } },
      'capture:coverage': { ok: false, error: { code: 'coverage-no-plan', message: 'Neither the sandbox nor the active environment has a tracking plan.' } },
    });
    fireEvent.click(within(await section()).getByRole('button', { name: 'Plan coverage' }));
    expect((await screen.findByTestId('coverage-no-plan')).textContent).toContain('No tracking plan: neither the sandbox nor the active environment has one.');
  });

  it('opens the draft dialog inferring from the capture', async () => {
    showSandbox(report);
    fireEvent.click(within(await section()).getByRole('button', { name: 'Infer a plan from the capture' }));
    expect(usePlanDraft.getState().opened).toEqual({ inferNow: 'capture', use: { to: 'active' } });
  });
});
