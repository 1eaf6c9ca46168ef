import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createBridge } from '../../../shared/bridge.ts';
import type { Envelope } from '../../../shared/errors.ts';
import type { ChannelName, OutputOf, PushName } from '../../../shared/ipc.ts';
import { NO_FAULTS } from '../../../shared/sandbox.ts';
import { createApi } from '../../../renderer/api.ts';
import { ApiContext } from '../../../renderer/queries.ts';
import { SandboxScreen } from '../../../renderer/sandbox/SandboxScreen.tsx';

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

/** Renders the screen; each channel answers as given (an envelope, or one made of the input), else with null; no traffic and no faults by default. */
export function renderSandboxScreen(answers: Partial<Record<ChannelName, Answer>>) {
  const all: Partial<Record<ChannelName, Answer>> = { 'sandbox:traffic': { ok: true, value: [] }, 'sandbox:faults': { ok: true, value: NO_FAULTS }, ...answers };
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
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiContext.Provider value={createApi(bridge)}>
        <SandboxScreen />
      </ApiContext.Provider>
    </QueryClientProvider>,
  );
  return { calls, push: (name: PushName, payload: unknown) => act(() => listeners.get(name)?.(payload)) };
}
