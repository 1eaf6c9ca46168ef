// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBridge } from '../../shared/bridge.ts';
import type { Envelope } from '../../shared/errors.ts';
import type { AppInfo } from '../../shared/ipc.ts';
import { createApi } from '../../renderer/api.ts';
import { App } from '../../renderer/App.tsx';
import { ApiContext } from '../../renderer/queries.ts';

// Monaco needs a real browser; the e2e tests cover the editor. Here the shell around it is tested.
vi.mock('../../renderer/monaco/editors.ts', () => ({ BatchEditor: () => <div data-testid="batch-editor" />, BatchViewer: () => null, CompareEditor: () => null }));

const info: AppInfo = {
  name: 'EventDesk',
  version: '9.8.7',
  platform: 'linux',
  arch: 'x64',
  runtime: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
  dataFolder: '/home/qa/.config/EventDesk',
  secretStorage: { backend: 'basic_text', encryptionAvailable: true, protectsSecrets: false, summary: 'Secrets stay in memory only: no keyring.' },
};

beforeAll(() => {
  // jsdom has neither matchMedia nor <dialog> methods.
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

const noEnvironments: Envelope<unknown> = { ok: true, value: { environments: [], activeId: null, notice: null } };

function renderApp(appInfo: Envelope<unknown>) {
  document.body.innerHTML = '<div id="root" data-app-state="loading"></div>';
  const done: Envelope<unknown> = { ok: true, value: null };
  const answers: Partial<Record<string, Envelope<unknown>>> = {
    'app:info': appInfo,
    'environments:list': noEnvironments,
    'drafts:list': { ok: true, value: { drafts: [], activeId: null } },
    'drafts:save': done,
    'drafts:activate': done,
    'drafts:close': done,
  };
  const api = createApi(
    createBridge(
      async (channel) => answers[channel] ?? { ok: false, error: { code: 'unknown-channel', message: `not answered in this test: ${channel}` } },
      () => () => undefined,
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </ApiContext>,
    { container: document.getElementById('root')! },
  );
}

describe('the app shell', () => {
  it('shows the shell and marks the root ready once app:info has arrived', async () => {
    renderApp({ ok: true, value: info });
    expect(await screen.findByRole('heading', { name: 'Batch' })).toBeTruthy();
    expect(document.getElementById('root')!.getAttribute('data-app-state')).toBe('ready');
    expect(screen.getByTestId('secret-storage-status').textContent).toBe(info.secretStorage.summary);
    expect(await screen.findByText('No environments yet. Add one with New.')).toBeTruthy();
  });

  it('opens About with F1 and shows what app:info said', async () => {
    renderApp({ ok: true, value: info });
    await screen.findByRole('heading', { name: 'Batch' });
    act(() => void fireEvent.keyDown(window, { key: 'F1' }));
    const dialog = screen.getByRole('dialog', { name: 'About EventDesk' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByTestId('about-version').textContent).toBe('9.8.7');
    expect(screen.getByTestId('about-data-folder').textContent).toBe(info.dataFolder);
    expect(dialog.textContent).toContain('Electron 45.4.1');
  });

  it('shows a startup error with its code and details, and marks the root as failed', async () => {
    renderApp({ ok: false, error: { code: 'internal', message: 'The data folder is not writable.', detail: 'EACCES /data' } });
    expect(await screen.findByText('The data folder is not writable.')).toBeTruthy();
    expect(screen.getByText('Code: internal')).toBeTruthy();
    expect(screen.getByText('EACCES /data')).toBeTruthy();
    expect(document.getElementById('root')!.getAttribute('data-app-state')).toBe('error');
  });
});
