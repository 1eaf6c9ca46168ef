import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createBridge } from '../../../app/common/bridge.ts';
import type { Envelope } from '../../../base/common/errors.ts';
import type { ChannelName, OutputOf, PushName } from '../../../app/common/ipc.ts';
import { NO_FAULTS } from '../../../features/sandbox/common/sandbox.ts';
import { createApi } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { SandboxScreen } from '../../../renderer/sandbox/SandboxScreen.tsx';
import { QuestionDialog } from '../../../renderer/base/widgets/QuestionDialog.tsx';

/** The Sandbox screen over a bridge with canned answers, for component tests. */

/** The embedded sandbox as sandbox:info answers it, at port 4010 unless told otherwise. */
export function sandboxView(changes: Partial<OutputOf<'sandbox:info'>> = {}): OutputOf<'sandbox:info'> {
  return {
    url: 'http://127.0.0.1:4010',
    mode: 'strict',
    serviceIdField: 'svc_id',
    timeZone: 'UTC',
    tokenTtlSeconds: 3600,
    maxBodyBytes: 1024,
    demoUsername: 'demo',
    demoPassword: 'demo-password',
    demoApiKey: 'demo-api-key',
    plan: null,
    port: { port: 4010, requested: 4010, source: 'saved', variable: null, note: null },
    forward: { target: null, notice: null, lastFailure: null },
    ...changes,
  };
}

type Answer = Envelope<unknown> | ((input: unknown) => Envelope<unknown>);

/** What capture:status answers for a capture of `requests` requests that lost nothing. */
export function captureStatus(changes: Partial<OutputOf<'capture:status'>> = {}): OutputOf<'capture:status'> {
  return {
    file: '/data/capture.sqlite',
    capturing: true,
    problem: null,
    requests: 0,
    events: 0,
    notCapturedEvents: 0,
    notCapturedRequests: 0,
    storedBytes: 0,
    retention: { days: 14, megabytes: 256 },
    ...changes,
  };
}

/** Renders the screen; each channel answers as given (an envelope, or one made of the input), else with null; nothing captured and no faults by default. */
export function renderSandboxScreen(answers: Partial<Record<ChannelName, Answer>>) {
  // The question Clear asks is the shell's to show.
  return renderWithBridge(
    <>
      <SandboxScreen />
      <QuestionDialog />
    </>,
    answers,
  );
}

/** Renders `ui` over a bridge whose channels answer as given (see renderSandboxScreen). */
export function renderWithBridge(ui: ReactNode, answers: Partial<Record<ChannelName, Answer>>) {
  const all: Partial<Record<ChannelName, Answer>> = {
    'capture:requests': { ok: true, value: { requests: [], reset: true, more: false, status: captureStatus() } },
    'capture:status': { ok: true, value: captureStatus() },
    'sandbox:faults': { ok: true, value: NO_FAULTS },
    ...answers,
  };
  const calls: [ChannelName, unknown][] = [];
  const listeners = new Map<PushName, (payload: unknown) => void>();
  const bridge = createBridge(
    async (channel, input) => {
      calls.push([channel, input]);
      const answer = all[channel];
      return typeof answer === 'function' ? answer(input) : (answer ?? { ok: true, value: null });
    },
    (push, listener) => {
      listeners.set(push, listener);
      return () => listeners.delete(push);
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = createApi(bridge);
  const rendered = render(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={client}>
        <ApiContext.Provider value={api}>{children}</ApiContext.Provider>
      </QueryClientProvider>
    ),
  });
  return { rerender: rendered.rerender, calls, push: (name: PushName, payload: unknown) => act(() => listeners.get(name)?.(payload)) };
}
