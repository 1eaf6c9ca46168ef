// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { SessionView } from '../../../features/environments/common/session.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { SessionBar } from '../../../renderer/session/SessionBar.tsx';
import { formatRemaining } from '../../../renderer/session/countdown.ts';

afterEach(cleanup);

const environment: EnvironmentView = {
  ...DEFAULT_SETTINGS,
  id: 'env-1',
  name: 'Staging',
  embeddedSandbox: false,
  resolvedBaseUrl: 'https://staging.example.com',
  apiKey: { set: true, hint: '••••1234' },
  passwordRemembered: false,
  secretsUnreadable: false,
};

function showWith(session: SessionView | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(['session', 'env-1'], session);
  const api = { session: { status: async () => session } } as unknown as Api;
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <SessionBar environment={environment} />
      </QueryClientProvider>
    </ApiContext>,
  );
  return screen.getByTestId('session-bar');
}

function sessionExpiringIn(milliseconds: number, patch: Partial<SessionView> = {}): SessionView {
  return {
    environmentId: 'env-1',
    username: 'qa',
    state: milliseconds > 0 ? 'active' : 'expired',
    loggedInAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + milliseconds).toISOString(),
    serverExpiry: '2026-11-22 11:00:00',
    timeZone: 'Europe/Berlin',
    expiresReadAs: 'date-time',
    autoRenew: false,
    ...patch,
  };
}

describe('the session bar', () => {
  it('offers a login when there is no session', () => {
    expect(showWith(null).textContent).toContain('Not logged in to Staging');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('shows who, the countdown, and the expiry in local and server time', () => {
    const bar = showWith(sessionExpiringIn(30 * 60_000));
    expect(bar.className).not.toContain('warning');
    expect(screen.getByTestId('session-countdown').textContent).toMatch(/^expires in (29:5\d|30:00)$/);
    expect(screen.getByTestId('session-expiry').textContent).toContain('2026-11-22 11:00:00 Europe/Berlin');
  });

  it('warns two minutes before expiry and asks to log in again', () => {
    const bar = showWith(sessionExpiringIn(90_000));
    expect(bar.className).toContain('warning');
    expect(bar.textContent).toContain('log in again soon');
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeTruthy();
  });

  it('says when it will renew by itself', () => {
    expect(showWith(sessionExpiringIn(90_000, { autoRenew: true })).textContent).toContain('renews automatically');
  });

  it('says so when the server sent expires_in as seconds', () => {
    expect(showWith(sessionExpiringIn(30 * 60_000, { expiresReadAs: 'seconds' })).textContent).toContain('the server sent expires_in as seconds');
  });

  it('says an expired login ended, and offers to log in again, announced without taking the focus', () => {
    const bar = showWith(sessionExpiringIn(-1000));
    expect(bar.className).toContain('expired');
    expect(screen.getByTestId('session-countdown').textContent).toBe('session ended');
    expect(screen.getByRole('status').textContent).toBe('Your session on Staging ended. Log in again to send; nothing you typed is lost.');
    expect(screen.getByRole('button', { name: 'Log in again' })).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });

  it('keeps its announcement empty while the session holds', () => {
    showWith(sessionExpiringIn(30 * 60_000));
    expect(screen.getByRole('status').textContent).toBe('');
  });
});

describe('formatRemaining', () => {
  it.each([
    [0, '0:00'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [90_061_000, '1 d 01:01:01'],
    [-5_000, '0:00'],
  ])('%i ms reads %s', (milliseconds, text) => {
    expect(formatRemaining(milliseconds)).toBe(text);
  });
});
