// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBridge } from '../../../app/common/bridge.ts';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { Envelope } from '../../../base/common/errors.ts';
import type { ChannelName } from '../../../app/common/ipc.ts';
import type { SessionView } from '../../../features/environments/common/session.ts';
import { createApi } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { RunSecretsDialog } from '../../../renderer/runs/RunSecretsDialog.tsx';
import { askRunSecrets, useRunSecrets } from '../../../renderer/runs/run-secrets.ts';
import { secretsLacking } from '../../../features/runs/common/run-secrets.ts';
import { stubBrowser } from '../app-harness.tsx';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  useRunSecrets.setState({ asked: null });
});

const environment = (id: string, name: string, overrides: Partial<EnvironmentView> = {}): EnvironmentView => ({
  ...DEFAULT_SETTINGS,
  id,
  name,
  username: 'qa',
  baseUrl: `https://${id}.example.com`,
  embeddedSandbox: false,
  resolvedBaseUrl: `https://${id}.example.com`,
  apiKey: { set: false, hint: null },
  passwordRemembered: false,
  secretsUnreadable: false,
  ...overrides,
});

const active = { state: 'active' } as SessionView;

function renderDialog() {
  const calls: { channel: ChannelName; input: unknown }[] = [];
  const api = createApi(
    createBridge(
      async (channel, input): Promise<Envelope<unknown>> => {
        calls.push({ channel, input });
        if (channel === 'environments:update') return { ok: true, value: { ok: true, environment: environment('x', 'x') } };
        if (channel === 'session:login') return { ok: true, value: active };
        return { ok: false, error: { code: 'unknown-channel', message: channel } };
      },
      () => () => undefined,
    ),
  );
  render(
    <ApiContext value={api}>
      <RunSecretsDialog />
    </ApiContext>,
  );
  return calls;
}

describe('the one dialog a run asks for its secrets in', () => {
  it('asks for every environment’s password and API key at once, keeps the keys, logs in, then lets the run start', async () => {
    const calls = renderDialog();
    const staging = environment('staging', 'staging');
    const eu = environment('eu', 'eu', { apiKey: { set: true, hint: '••••1234' } });
    let entered: Promise<boolean> = Promise.resolve(false);
    act(() => void (entered = askRunSecrets([secretsLacking(staging, null)!, secretsLacking(eu, null)!])));
    const dialog = screen.getByRole('dialog', { name: 'Before the run: staging, eu' });
    const [first, second] = within(dialog).getAllByRole('group');
    expect(document.activeElement).toBe(within(first!).getByLabelText('Password'));
    expect(within(second!).queryByLabelText('API key')).toBeNull();
    fireEvent.change(within(first!).getByLabelText('Password'), { target: { value: 'pw-staging' } });
    fireEvent.change(within(first!).getByLabelText('API key'), { target: { value: 'ak_staging_0123456789' } });
    fireEvent.change(within(second!).getByLabelText('Password'), { target: { value: 'pw-eu' } });
    fireEvent.submit(within(dialog).getByRole('button', { name: 'Start the run' }));
    expect(await entered).toBe(true);
    expect(calls.map((call) => call.channel)).toEqual(['environments:update', 'session:login', 'session:login']);
    expect(calls[0]!.input).toMatchObject({ id: 'staging', edit: { apiKey: 'ak_staging_0123456789' } });
    expect(calls[1]!.input).toEqual({ environmentId: 'staging', username: 'qa', password: 'pw-staging', rememberPassword: false });
    expect(calls[2]!.input).toEqual({ environmentId: 'eu', username: 'qa', password: 'pw-eu', rememberPassword: false });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts nothing when cancelled', async () => {
    const calls = renderDialog();
    let entered: Promise<boolean> = Promise.resolve(true);
    act(() => void (entered = askRunSecrets([secretsLacking(environment('qa', 'qa'), null)!])));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await entered).toBe(false);
    expect(calls).toEqual([]);
  });
});
