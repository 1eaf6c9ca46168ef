// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createBridge } from '../../../shared/bridge.ts';
import type { Envelope } from '../../../shared/errors.ts';
import type { ChannelName, OutputOf, PushName } from '../../../shared/ipc.ts';
import { NO_FAULTS, type SandboxPlan } from '../../../shared/sandbox.ts';
import { createApi } from '../../../renderer/api.ts';
import { ApiContext } from '../../../renderer/queries.ts';
import { SandboxScreen } from '../../../renderer/sandbox/SandboxScreen.tsx';

afterEach(cleanup);

const shop: SandboxPlan = { file: '/plans/shop.plan.json', label: 'shop v3', kinds: 2, problems: [], error: null };
const info = (plan: SandboxPlan | null): OutputOf<'sandbox:info'> => ({
  url: 'http://127.0.0.1:4010',
  mode: 'strict',
  serviceIdField: 'svc_id',
  timeZone: 'UTC',
  tokenTtlSeconds: 3600,
  maxBodyBytes: 1024,
  demoUsername: 'demo',
  demoPassword: 'demo-password',
  demoApiKey: 'demo-api-key',
  plan,
  port: { port: 4010, requested: 4010, source: 'saved', variable: null, note: null },
});

/** The Sandbox screen over a bridge with canned answers, and a way to push as main does. */
function renderScreen(answers: Partial<Record<ChannelName, Envelope<unknown>>>) {
  const listeners = new Map<PushName, (payload: unknown) => void>();
  const bridge = createBridge(
    async (channel) => answers[channel] ?? { ok: true, value: null },
    (push, listener) => {
      listeners.set(push, listener);
      return () => listeners.delete(push);
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiContext.Provider value={createApi(bridge)}>
        <SandboxScreen />
      </ApiContext.Provider>
    </QueryClientProvider>,
  );
  return { push: (name: PushName, payload: unknown) => act(() => listeners.get(name)?.(payload)) };
}

const base = { 'sandbox:traffic': { ok: true as const, value: [] }, 'sandbox:faults': { ok: true as const, value: NO_FAULTS } };

describe("the Sandbox tab's plan", () => {
  it('names the plan in use, its broken kinds, and a reload that failed, and follows the pushes', async () => {
    const { push } = renderScreen({ ...base, 'sandbox:info': { ok: true, value: info({ ...shop, problems: ['error: kind "refund", /events/refund/attributes/$ref: points nowhere (left unchecked)'] }) } });
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
    renderScreen({ ...base, 'sandbox:info': { ok: true, value: info(null) }, 'sandbox:choosePlan': { ok: false, error: { code: 'plan-invalid', message: 'notes.json is not a tracking plan: /: missing "events".' } } });
    const section = await screen.findByRole('region', { name: 'Tracking plan' });
    fireEvent.click(within(section).getByRole('button', { name: 'Choose…' }));
    const notice = await within(section).findByRole('alert');
    expect(notice.textContent).toContain('This file cannot be used as the plan');
    expect(notice.textContent).toContain('notes.json is not a tracking plan: /: missing "events".');
  });
});
