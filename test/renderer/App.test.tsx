// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { info, renderApp, stubBrowser } from './app-harness.tsx';

// Monaco needs a real browser; the e2e tests cover the editor. Here the shell around it is tested.
vi.mock('../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => <div data-testid="batch-editor" />,
  BatchViewer: () => null,
  CompareEditor: () => null,
}));

beforeAll(stubBrowser);
afterEach(cleanup);

describe('the app shell', () => {
  it('shows the shell and marks the root ready once app:info has arrived', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Batch' })).toBeTruthy();
    expect(document.getElementById('root')!.getAttribute('data-app-state')).toBe('ready');
    expect(screen.getByTestId('secret-storage-status').textContent).toBe(info.secretStorage.summary);
    expect(await screen.findByText('No environments yet. Add one with New.')).toBeTruthy();
  });

  it('reads the history only once its screen is shown, not at start', async () => {
    const { calls } = renderApp({
      'history:list': { ok: true, value: [] },
      'history:count': { ok: true, value: 0 },
      'history:timeline': { ok: true, value: [] },
      'history:retention': { ok: true, value: { retention: { keep: 'all' }, usage: { submissions: 0, storedBytes: 0, fileBytes: 0 } } },
    });
    await screen.findByRole('heading', { name: 'Batch' });
    const read = () =>
      calls
        .filter((call) => ['history:count', 'history:timeline', 'history:retention'].includes(call.channel))
        .map((call) => call.channel)
        .sort();
    expect(read()).toEqual([]);
    act(() => void fireEvent.keyDown(window, { key: '2', code: 'Digit2', ctrlKey: true }));
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
    expect(read()).toEqual(['history:count', 'history:retention', 'history:timeline']);
  });

  it('opens About with F1 and shows what app:info said', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    act(() => void fireEvent.keyDown(window, { key: 'F1' }));
    const dialog = screen.getByRole('dialog', { name: 'About EventDesk' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('about-version').textContent).toBe('9.8.7');
    expect(screen.getByTestId('about-data-folder').textContent).toBe(info.dataFolder);
    expect(dialog.textContent).toContain('Electron 45.4.1');
  });

  it('shows a startup error with its code and details, and marks the root as failed', async () => {
    renderApp({ 'app:info': { ok: false, error: { code: 'internal', message: 'The data folder is not writable.', detail: 'EACCES /data' } } });
    expect(await screen.findByText('The data folder is not writable.')).toBeTruthy();
    expect(screen.getByText('Code: internal')).toBeTruthy();
    expect(screen.getByText('EACCES /data')).toBeTruthy();
    expect(document.getElementById('root')!.getAttribute('data-app-state')).toBe('error');
  });
});
