// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxPlan } from '../../../features/sandbox/common/sandbox.ts';
import { renderSandboxScreen, sandboxView } from './sandbox-screen.tsx';

afterEach(cleanup);

const shop: SandboxPlan = { file: '/plans/shop.plan.json', label: 'shop v3', kinds: 2, problems: [], error: null };
const info = (plan: SandboxPlan | null) => sandboxView({ plan });

describe("the Sandbox tab's plan", () => {
  it('names the plan in use, its broken kinds, and a reload that failed, and follows the pushes', async () => {
    const { push } = renderSandboxScreen({
      'sandbox:info': {
        ok: true,
        value: info({ ...shop, problems: ['error: kind "refund", /events/refund/attributes/$ref: points nowhere (left unchecked)'] }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Tracking plan' });
    expect(within(section).getByTestId('sandbox-plan').textContent).toBe('shop.plan.json · shop v3, 2 kinds');
    expect(within(section).getByRole('list', { name: 'Problems of the plan' }).textContent).toContain('kind "refund"');

    push('sandbox:planChanged', { ...shop, label: 'shop v4', error: 'shop.plan.json is not JSON: line 1, column 2.' });
    // The query cache tells its observers on a timer.
    await waitFor(() => expect(within(section).getByTestId('sandbox-plan').textContent).toBe('shop.plan.json · shop v4, 2 kinds'));
    expect(within(section).getByRole('alert').textContent).toBe('shop.plan.json is not JSON: line 1, column 2. Events are still checked against shop v4.');
    expect(screen.getByText(/plan shop v4/)).toBeTruthy();

    push('sandbox:planChanged', null);
    await waitFor(() => expect(within(section).getByTestId('sandbox-plan').textContent).toContain('None'));
    expect((within(section).getByRole('button', { name: 'Clear plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says why a chosen file cannot be the plan', async () => {
    renderSandboxScreen({
      'sandbox:info': { ok: true, value: info(null) },
      'sandbox:choosePlan': { ok: false, error: { code: 'plan-invalid', message: 'notes.json is not a tracking plan: /: missing "events".' } },
    });
    const section = await screen.findByRole('region', { name: 'Tracking plan' });
    fireEvent.click(within(section).getByRole('button', { name: 'Choose…' }));
    const notice = await within(section).findByRole('alert');
    expect(notice.textContent).toContain('This file cannot be used as the plan');
    expect(notice.textContent).toContain('notes.json is not a tracking plan: /: missing "events".');
  });
});
