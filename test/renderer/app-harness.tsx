import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createBridge } from '../../app/common/bridge.ts';
import type { Envelope } from '../../base/common/errors.ts';
import type { AppInfo, ChannelName, PayloadOf, PushName } from '../../app/common/ipc.ts';
import { createApi } from '../../renderer/base/api.ts';
import { App } from '../../renderer/App.tsx';
import { ApiContext } from '../../renderer/base/queries.ts';
import { useComposer } from '../../renderer/base/state/composer.ts';
import { useUi } from '../../renderer/base/state/ui.ts';
import { useAppearance } from '../../renderer/base/theme.ts';

/**
 * The whole renderer over a fake bridge: canned answers per channel, every call recorded, and
 * pushes sent by hand. Monaco is left out (the e2e tests cover it): a test file mocks
 * renderer/shell/editors.ts itself, since vi.mock only applies to the file that calls it.
 */

export const info: AppInfo = {
  name: 'EventDesk',
  version: '9.8.7',
  platform: 'linux',
  arch: 'x64',
  runtime: { electron: '45.4.1', chrome: '142.0.0.0', node: '22.20.0' },
  dataFolder: '/home/qa/.config/EventDesk',
  secretStorage: { backend: 'basic_text', encryptionAvailable: true, protectsSecrets: false, summary: 'Secrets stay in memory only: no keyring.' },
};

/** What jsdom lacks: matchMedia, the methods of <dialog>, scrollIntoView, ResizeObserver (nothing is laid out, so nothing resizes). */
export function stubBrowser(): void {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Element.prototype.scrollIntoView = () => undefined;
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const done: Envelope<unknown> = { ok: true, value: null };

export const defaultAnswers: Partial<Record<ChannelName, Envelope<unknown>>> = {
  'app:info': { ok: true, value: info },
  'app:setTheme': done,
  'environments:list': { ok: true, value: { environments: [], activeId: null, notice: null } },
  'drafts:list': { ok: true, value: { drafts: [], activeId: null } },
  'drafts:save': done,
  'drafts:saveEdits': done,
  'drafts:saveOrigins': done,
  'drafts:activate': done,
  'drafts:close': done,
  'files:takeOpened': { ok: true, value: [] },
  'workspace:current': { ok: true, value: null },
};

/** A channel's canned answer: the same every time, or one per input (runs:get of one run or another). */
type Answer = Envelope<unknown> | ((input: unknown) => Envelope<unknown>);

export function renderApp(answers: Partial<Record<ChannelName, Answer>> = {}) {
  document.body.innerHTML = '<div id="root" data-app-state="loading"></div>';
  // The stores live as long as the module: each test starts from a fresh app, following the system.
  useUi.setState(useUi.getInitialState(), true);
  useComposer.setState(useComposer.getInitialState(), true);
  useAppearance.getState().choose('system');
  const calls: { channel: ChannelName; input: unknown }[] = [];
  const listeners = new Map<PushName, Set<(payload: unknown) => void>>();
  const all = { ...defaultAnswers, ...answers };
  const api = createApi(
    createBridge(
      async (channel, input) => {
        calls.push({ channel, input });
        const answer = all[channel];
        if (typeof answer === 'function') return answer(input);
        return answer ?? { ok: false, error: { code: 'unknown-channel', message: `not answered in this test: ${channel}` } };
      },
      (push, listener) => {
        if (!listeners.has(push)) listeners.set(push, new Set());
        listeners.get(push)!.add(listener);
        return () => listeners.get(push)!.delete(listener);
      },
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <App />
      </QueryClientProvider>
    </ApiContext>,
    { container: document.getElementById('root')! },
  );
  return {
    calls,
    /** Sends a push as main would, to whoever listens now. */
    push<P extends PushName>(name: P, payload: PayloadOf<P>) {
      act(() => listeners.get(name)?.forEach((listener) => listener(payload)));
    },
    listening: (name: PushName) => (listeners.get(name)?.size ?? 0) > 0,
  };
}
