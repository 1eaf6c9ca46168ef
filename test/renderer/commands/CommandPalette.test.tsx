// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentView } from '../../../features/environments/common/environment.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

vi.mock('../../../renderer/shell/editors.ts', () => ({ BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null }));

beforeAll(stubBrowser);
afterEach(cleanup);

const environment = (id: string, name: string): EnvironmentView => ({
  ...DEFAULT_SETTINGS,
  id,
  name,
  embeddedSandbox: false,
  resolvedBaseUrl: `https://${id}.example.com`,
  apiKey: { set: false, hint: null },
  passwordRemembered: false,
  secretsUnreadable: false,
});

async function openPalette(answers: Parameters<typeof renderApp>[0] = {}) {
  const app = renderApp(answers);
  await screen.findByRole('tab', { name: 'Batch 1' });
  act(() => void fireEvent.keyDown(window, { key: 'k', code: 'KeyK', ctrlKey: true }));
  const palette = screen.getByRole('dialog', { name: 'Command palette' });
  const input = within(palette).getByRole('combobox', { name: 'Command, batch or environment' });
  const type = (text: string) => act(() => void fireEvent.change(input, { target: { value: text } }));
  const press = (key: string) => act(() => void fireEvent.keyDown(input, { key }));
  const titles = () =>
    within(palette)
      .queryAllByRole('option')
      .map((option) => option.querySelector('.palette-title')!.textContent);
  const active = () => document.getElementById(input.getAttribute('aria-activedescendant')!);
  return { app, palette, input, type, press, titles, active };
}

describe('the command palette', () => {
  it('opens with Ctrl+K and lists every command with its group and shortcut, but not itself', async () => {
    const { palette, input, titles } = await openPalette();
    expect(palette.hasAttribute('open')).toBe(true);
    expect(input.getAttribute('aria-controls')).toBe(within(palette).getByRole('listbox').id);
    expect(titles()).toContain('Save batch as…');
    expect(titles()).not.toContain('Command palette…');
    const saveAs = within(palette).getByRole('option', { name: /Save batch as/ });
    expect(saveAs.textContent).toContain('File');
    expect(saveAs.querySelector('kbd')!.textContent).toBe('Ctrl+Shift+S');
  });

  it('filters by the starts of words, in the title or the group', async () => {
    const { type, titles } = await openPalette();
    type('show hist');
    expect(titles()).toEqual(['Show the history']);
    type('sb');
    expect(titles()).toEqual(expect.arrayContaining(['Save batch', 'Send batch']));
    type('appearance d');
    expect(titles()).toEqual(['Appearance: dark']);
    type('help');
    expect(titles()).toEqual(expect.arrayContaining(['Keyboard shortcuts', 'About EventDesk', 'Documentation']));
    type('zzz');
    expect(titles()).toEqual([]);
    expect(screen.getByRole('status').textContent).toBe('Nothing matches “zzz”.');
  });

  it('moves with the arrows, wrapping, and runs the chosen command with Enter once it has closed', async () => {
    const { palette, type, press, active } = await openPalette();
    type('show the');
    expect(active()!.textContent).toContain('Show the composer');
    press('ArrowDown');
    expect(active()!.textContent).toContain('Show the history');
    expect(active()!.getAttribute('aria-selected')).toBe('true');
    press('ArrowUp');
    press('ArrowUp');
    expect(active()!.textContent).toContain('Show the runs');
    press('ArrowUp');
    expect(active()!.textContent).toContain('Show the sandbox');
    press('Enter');
    expect(palette.hasAttribute('open')).toBe(false);
    expect(screen.getByRole('tab', { name: 'Sandbox' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a command that cannot run now as disabled, with the reason, and Enter leaves it alone', async () => {
    const { app, palette, type, press } = await openPalette();
    type('cancel send');
    const cancel = within(palette).getByRole('option', { name: /Cancel send/ });
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect(cancel.textContent).toContain('Nothing is sending');
    press('Enter');
    fireEvent.click(cancel);
    expect(palette.hasAttribute('open')).toBe(true);
    expect(app.calls.some((call) => call.channel === 'send:cancel')).toBe(false);
  });

  it('goes to an open batch, and switches to an environment', async () => {
    const environments = { environments: [environment('staging', 'Staging'), environment('prod', 'Production')], activeId: 'staging', notice: null };
    const { app, palette, type, press, titles } = await openPalette({
      'environments:list': { ok: true, value: environments },
      'environments:select': { ok: true, value: null },
    });
    type('go to');
    expect(titles()).toEqual(['Go to batch: Batch 1']);
    await waitFor(() => {
      type('switch');
      expect(titles()).toEqual(['Switch to environment: Staging', 'Switch to environment: Production']);
    });
    expect(within(palette).getByRole('option', { name: /Staging/ }).textContent).toContain('It is the active environment');
    type('switch prod');
    press('Enter');
    await waitFor(() => expect(app.calls.find((call) => call.channel === 'environments:select')?.input).toEqual({ id: 'prod' }));
  });

  it('runs a row on a click', async () => {
    const { palette, type } = await openPalette();
    type('about');
    fireEvent.click(within(palette).getByRole('option', { name: /About EventDesk/ }));
    expect(screen.getByRole('dialog', { name: 'About EventDesk' }).hasAttribute('open')).toBe(true);
    expect(palette.hasAttribute('open')).toBe(false);
  });
});
