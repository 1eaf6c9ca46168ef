// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CapturedUpstream } from '../../../features/capture/common/capture.ts';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import type { SandboxForwardStatus } from '../../../features/sandbox/common/sandbox-forward.ts';
import { ForwardedPart } from '../../../renderer/sandbox/ForwardedPart.tsx';
import { renderSandboxScreen, sandboxView } from './sandbox-screen.tsx';

afterEach(cleanup);

function environment(id: string, name: string, baseUrl: string, embeddedSandbox = false): EnvironmentView {
  return {
    ...DEFAULT_SETTINGS,
    id,
    name,
    baseUrl: embeddedSandbox ? '' : baseUrl,
    embeddedSandbox,
    resolvedBaseUrl: baseUrl,
    apiKey: { set: true, hint: '••••6789' },
    passwordRemembered: false,
    secretsUnreadable: false,
  };
}

const environments = [
  environment('local-sandbox', 'Local sandbox', 'http://127.0.0.1:4010', true),
  environment('env-staging', 'Staging', 'https://staging.example.com'),
];
const off: SandboxForwardStatus = { target: null, notice: null, lastFailure: null };
const toStaging: SandboxForwardStatus = {
  target: { environmentId: 'env-staging', environmentName: 'Staging', url: 'https://staging.example.com', timeoutMs: 27_000, requestTimeoutMs: 30_000 },
  notice: null,
  lastFailure: null,
};

function renderWith(forward: SandboxForwardStatus, setForward: (input: unknown) => { ok: true; value: unknown } | { ok: false; error: unknown }) {
  return renderSandboxScreen({
    'sandbox:info': { ok: true, value: sandboxView({ forward }) },
    'environments:list': { ok: true, value: { environments, activeId: 'local-sandbox', notice: null } },
    'sandbox:setForward': setForward as never,
  });
}

describe("the Sandbox tab's Forward to", () => {
  it('offers the environments but the Local sandbox, forwards to the one chosen by its id, and says where and how long it waits', async () => {
    const { calls } = renderWith(off, () => ({ ok: true, value: sandboxView({ forward: toStaging }) }));
    const section = await screen.findByRole('region', { name: 'Forwarding' });
    const select = within(section).getByRole('combobox', { name: 'Forward to' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    expect([...select.options].map((option) => [option.textContent, option.disabled])).toEqual([
      ['Off: answer here', false],
      ['Local sandbox (this sandbox: it would loop)', true],
      ['Staging · https://staging.example.com', false],
    ]);
    expect(within(section).getByRole('status').textContent).toBe('Off: the sandbox answers every request itself.');
    expect(section.textContent).toContain('The SDK logs in with its own credentials; EventDesk adds none.');

    fireEvent.change(select, { target: { value: 'env-staging' } });
    await waitFor(() => expect(within(section).getByRole('status').textContent).toBe('Forwarding to https://staging.example.com (Staging)'));
    expect(calls.filter(([channel]) => channel === 'sandbox:setForward').map(([, input]) => input)).toEqual([{ environmentId: 'env-staging' }]);
    expect(select.value).toBe('env-staging');
    expect(section.textContent).toContain(
      "It has 27 s to answer: Staging's request timeout (30 s) less 3 s, so the SDK gets the sandbox's 502 before its own timeout.",
    );

    fireEvent.change(select, { target: { value: '' } });
    await waitFor(() => expect(calls.filter(([channel]) => channel === 'sandbox:setForward').at(-1)?.[1]).toEqual({ environmentId: null }));
  });

  it('says why main refused a choice, and keeps showing what is in force', async () => {
    renderWith(off, () => ({
      ok: false,
      error: {
        code: 'sandbox-forward-loop',
        message: "http://localhost:4010 is this sandbox's own address: forwarding there would pass each request back to itself without end.",
      },
    }));
    const section = await screen.findByRole('region', { name: 'Forwarding' });
    const select = within(section).getByRole('combobox', { name: 'Forward to' }) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    fireEvent.change(select, { target: { value: 'env-staging' } });
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain('Forwarding stays as it was');
    expect(alert.textContent).toContain("is this sandbox's own address");
    expect(select.value).toBe('');
    expect(within(section).getByRole('status').textContent).toBe('Off: the sandbox answers every request itself.');
  });

  it('follows the pushes: the upstream’s latest failure, and forwarding turned off because the environment was deleted', async () => {
    const { push } = renderWith(toStaging, () => ({ ok: true, value: null }));
    const section = await screen.findByRole('region', { name: 'Forwarding' });
    await waitFor(() => expect(within(section).getByRole('status').textContent).toContain('Forwarding to https://staging.example.com'));

    const message = 'The upstream staging.example.com did not answer within 27000 ms; the request was recorded.';
    push('sandbox:forwardChanged', {
      ...toStaging,
      lastFailure: { time: '2026-11-24T09:30:00.000Z', url: 'https://staging.example.com/user/events', failure: 'upstream-timeout', message },
    });
    await waitFor(() => expect(within(section).getByTestId('forward-failure').textContent).toContain(message));

    push('sandbox:forwardChanged', {
      target: null,
      notice: 'Staging was deleted, so forwarding is off: the sandbox answers every request itself.',
      lastFailure: null,
    });
    await waitFor(() =>
      expect(within(section).getByRole('alert').textContent).toBe('Staging was deleted, so forwarding is off: the sandbox answers every request itself.'),
    );
    expect(within(section).getByRole('status').textContent).toBe('Off: the sandbox answers every request itself.');
    expect(within(section).queryByTestId('forward-failure')).toBeNull();
  });
});

describe("a request's forwarded part", () => {
  it('shows the upstream, its status and the time taken, or why no answer came', () => {
    const { rerender } = render(
      <ForwardedPart forwarded={{ url: 'https://staging.example.com/user/events', status: 202, failure: null, durationMs: 12.345, events: 2 }} />,
    );
    const part = () => screen.getByRole('region', { name: 'Forwarded' });
    expect([...part().querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
      'Upstream',
      'https://staging.example.com/user/events',
      'It answered',
      '202',
      'Took',
      '12.3 ms',
      'Carried',
      '2 events',
    ]);

    rerender(
      <ForwardedPart
        forwarded={{ url: 'https://staging.example.com/user/events', status: null, failure: 'upstream-timeout', durationMs: 27_000, events: null }}
      />,
    );
    expect([...part().querySelectorAll('dt, dd')].map((cell) => cell.textContent)).toEqual([
      'Upstream',
      'https://staging.example.com/user/events',
      'No answer',
      'it did not answer in time (upstream-timeout)',
      'Took',
      '27,000 ms',
    ]);

    // The capture's upstream, with its words for the failure.
    const captured: CapturedUpstream = {
      url: 'https://staging.example.com/oauth2/login',
      status: null,
      headers: {},
      body: '',
      error: 'refused the connection',
      durationMs: 1,
    };
    rerender(<ForwardedPart forwarded={captured} />);
    expect(part().textContent).toContain('No answerrefused the connection');
  });
});
