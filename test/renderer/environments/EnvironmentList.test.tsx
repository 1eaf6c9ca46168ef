// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

// Monaco needs a real browser; the environment list does not use it.
vi.mock('../../../renderer/shell/editors.ts', () => ({ BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null }));

beforeAll(stubBrowser);
afterEach(cleanup);

const staging: EnvironmentView = {
  ...DEFAULT_SETTINGS,
  id: 'env-staging',
  name: 'Staging',
  baseUrl: 'https://staging.example.com',
  rememberPassword: true,
  embeddedSandbox: false,
  resolvedBaseUrl: 'https://staging.example.com',
  apiKey: { set: true, hint: '••••6789' },
  passwordRemembered: true,
  secretsUnreadable: false,
};

async function listWith(environment: EnvironmentView) {
  const app = renderApp({
    'environments:list': { ok: true, value: { environments: [environment], activeId: environment.id, notice: null } },
    'environments:duplicate': { ok: true, value: { ...environment, id: 'env-copy', name: `${environment.name} copy` } },
    'session:status': { ok: true, value: null },
  });
  await screen.findByRole('button', { name: 'Duplicate' });
  return app;
}

const duplicates = (calls: { channel: string; input: unknown }[]) =>
  calls.filter((call) => call.channel === 'environments:duplicate').map((call) => call.input);

describe('duplicating an environment', () => {
  it('asks whether to copy the secrets, unticked by default', async () => {
    const { calls } = await listWith(staging);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Duplicate' })));
    const group = screen.getByRole('group', { name: 'Confirm duplicate' });
    const tick = within(group).getByRole('checkbox', { name: 'Copy the API key and password too' }) as HTMLInputElement;
    expect(tick.checked).toBe(false);
    await act(async () => void fireEvent.click(within(group).getByRole('button', { name: 'Duplicate' })));
    expect(duplicates(calls)).toEqual([{ id: 'env-staging', copySecrets: false }]);

    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Duplicate' })));
    const again = screen.getByRole('group', { name: 'Confirm duplicate' });
    expect((within(again).getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    act(() => void fireEvent.click(within(again).getByRole('checkbox')));
    await act(async () => void fireEvent.click(within(again).getByRole('button', { name: 'Duplicate' })));
    expect(duplicates(calls)).toEqual([
      { id: 'env-staging', copySecrets: false },
      { id: 'env-staging', copySecrets: true },
    ]);
  });

  it('copies at once when there is no secret to ask about', async () => {
    const { calls } = await listWith({ ...staging, apiKey: { set: false, hint: null }, passwordRemembered: false });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Duplicate' })));
    expect(screen.queryByRole('group', { name: 'Confirm duplicate' })).toBeNull();
    expect(duplicates(calls)).toEqual([{ id: 'env-staging', copySecrets: false }]);
  });
});
