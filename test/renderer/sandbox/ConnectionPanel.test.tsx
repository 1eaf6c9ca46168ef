// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSandboxScreen, sandboxView } from './sandbox-screen.tsx';

/** The Sandbox tab's Connection panel over a bridge with canned answers; the clipboard is jsdom's stand-in. */

afterEach(cleanup);

const copied: string[] = [];
beforeEach(() => {
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
});

const view = (port: number, note: string | null = null) =>
  sandboxView({ url: `http://127.0.0.1:${port}`, port: { port, requested: note ? 4797 : port, source: 'default', variable: null, note } });

describe("the Sandbox tab's Connection panel", () => {
  it('shows the base URL, username, password and API key, each with its own Copy button, and says why the port is not the one asked for', async () => {
    renderSandboxScreen({ 'sandbox:info': { ok: true, value: view(4798, 'Port 4797 was in use; the sandbox listens on 4798.') } });
    const panel = await screen.findByRole('region', { name: 'Connection' });
    expect(within(panel).getByRole('status').textContent).toBe('Port 4797 was in use; the sandbox listens on 4798.');
    const shown = within(panel)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling!.querySelector('code')!.textContent]);
    expect(shown).toEqual([
      ['Base URL', 'http://127.0.0.1:4798'],
      ['Username', 'demo'],
      ['Password', 'demo-password'],
      ['API key', 'demo-api-key'],
    ]);
    for (const [name, value] of [
      ['Copy API key', 'demo-api-key'],
      ['Copy base URL', 'http://127.0.0.1:4798'],
      ['Copy username', 'demo'],
      ['Copy password', 'demo-password'],
    ] as const) {
      fireEvent.click(within(panel).getByRole('button', { name }));
      await waitFor(() => expect(copied.at(-1)).toBe(value));
    }
  });

  it('checks the port before asking, moves the sandbox with Apply, and shows the new address', async () => {
    const { calls } = renderSandboxScreen({
      'sandbox:info': { ok: true, value: view(4797) },
      'sandbox:setPort': (input) => ({ ok: true, value: view((input as { port: number }).port) }),
    });
    const panel = await screen.findByRole('region', { name: 'Connection' });
    const field = within(panel).getByRole('textbox', { name: 'Port' });
    expect((field as HTMLInputElement).value).toBe('4797');

    for (const [typed, message] of [
      ['80', 'below 1024 only privileged programs may listen'],
      ['70000', 'A port is a whole number from 1024 to 65535.'],
      ['48o0', 'A port is a whole number from 1024 to 65535.'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
      expect(within(panel).getByRole('alert').textContent).toContain(message);
    }
    expect(calls.filter(([channel]) => channel === 'sandbox:setPort')).toEqual([]);

    fireEvent.change(field, { target: { value: ' 4811 ' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(within(panel).getByTestId('sandbox-url').textContent).toBe('http://127.0.0.1:4811'));
    expect(calls.filter(([channel]) => channel === 'sandbox:setPort')).toEqual([['sandbox:setPort', { port: 4811 }]]);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(within(panel).getByTestId('sandbox-snippet').textContent).toContain('BASE_URL=http://127.0.0.1:4811');
  });

  it('says plainly when the port is taken, and the sandbox stays where it was', async () => {
    renderSandboxScreen({
      'sandbox:info': { ok: true, value: view(4797) },
      'sandbox:setPort': () => ({ ok: false, error: { code: 'sandbox-port-taken', message: 'Port 4811 is in use by another program.' } }),
    });
    const panel = await screen.findByRole('region', { name: 'Connection' });
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Port' }), { target: { value: '4811' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    const notice = await within(panel).findByRole('alert');
    expect(notice.textContent).toContain('The sandbox stays where it is');
    expect(notice.textContent).toContain('Port 4811 is in use by another program.');
    expect(within(panel).getByTestId('sandbox-url').textContent).toBe('http://127.0.0.1:4797');
  });

  it("drops the field's problem and the last Apply's refusal once the port is edited, and says no port is chosen when the sandbox took any free one", async () => {
    renderSandboxScreen({
      'sandbox:info': {
        ok: true,
        value: sandboxView({ url: 'http://127.0.0.1:51000', port: { port: 51_000, requested: 0, source: 'default', variable: null, note: null } }),
      },
      'sandbox:setPort': () => ({ ok: false, error: { code: 'sandbox-port-taken', message: 'Port 4811 is in use by another program.' } }),
    });
    const panel = await screen.findByRole('region', { name: 'Connection' });
    expect(within(panel).getByText(/^No port is chosen: it took a free one; one applied here is kept for the next start\./)).toBeTruthy();
    expect(within(panel).queryByText(/EVENTDESK_SANDBOX_PORT/)).toBeNull();
    const field = within(panel).getByRole('textbox', { name: 'Port' });

    fireEvent.change(field, { target: { value: '80' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(within(panel).getByRole('alert').textContent).toContain('below 1024');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '4811' } });
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');

    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect((await within(panel).findByRole('alert')).textContent).toContain('Port 4811 is in use by another program.');
    fireEvent.change(field, { target: { value: '4812' } });
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('offers the snippet as curl or as the command line, by tabs the arrow keys choose, and copies the one shown', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:30:00Z') });
    try {
      renderSandboxScreen({ 'sandbox:info': { ok: true, value: view(4797) } });
      const panel = await screen.findByRole('region', { name: 'Connection' });
      const snippet = within(panel).getByRole('tabpanel');
      expect(within(panel).getByRole('tab', { name: 'curl' }).getAttribute('aria-selected')).toBe('true');
      expect(snippet.textContent).toContain('curl -sS -X POST "$BASE_URL/oauth2/login"');
      expect(snippet.textContent).toContain("-H 'apiKey: demo-api-key'");
      expect(snippet.textContent).toContain('"created_at":"2026-11-24 09:30:00"');

      fireEvent.keyDown(within(panel).getByRole('tab', { name: 'curl' }), { key: 'ArrowRight' });
      expect(within(panel).getByRole('tab', { name: 'Command line' }).getAttribute('aria-selected')).toBe('true');
      expect(snippet.textContent).toBe(
        [
          'export EVENTDESK_USERNAME=demo',
          'export EVENTDESK_PASSWORD=demo-password',
          'export EVENTDESK_API_KEY=demo-api-key',
          'eventdesk login --base-url http://127.0.0.1:4797',
          'eventdesk send batch.json --base-url http://127.0.0.1:4797',
          '',
        ].join('\n'),
      );
      fireEvent.click(within(panel).getByRole('button', { name: 'Copy snippet' }));
      await vi.waitFor(() => expect(copied.at(-1)).toBe(snippet.textContent));
    } finally {
      vi.useRealTimers();
    }
  });
});
