// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBridge } from '../../../app/common/bridge.ts';
import type { PayloadOf } from '../../../app/common/ipc.ts';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { createApi } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { useSendState } from '../../../renderer/base/data/send-state.ts';
import { ServicesNotice } from '../../../renderer/shell/ServicesNotice.tsx';
import { useNotices } from '../../../renderer/base/state/ui.ts';

let stopped: ((payload: PayloadOf<'app:servicesStopped'>) => void) | undefined;
let client: QueryClient;

const progress = (submissionId: string, status: SendProgress['status']): SendProgress => ({
  submissionId,
  environmentId: 'local-sandbox',
  environmentName: 'Local sandbox',
  chunksDone: 1,
  chunksTotal: 4,
  eventsDone: 100,
  eventsTotal: 400,
  eventsPerSecond: 50,
  etaSeconds: 6,
  activity: null,
  status,
  problem: null,
});

beforeEach(() => {
  useNotices.setState(useNotices.getInitialState(), true);
  useSendState.setState(useSendState.getInitialState(), true);
  const api = createApi(
    createBridge(
      async () => ({ ok: true, value: null }),
      (push, listener) => {
        if (push === 'app:servicesStopped') stopped = listener as typeof stopped;
        return () => (stopped = undefined);
      },
    ),
  );
  client = new QueryClient();
  client.setQueryData(['environments'], []);
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <ServicesNotice />
      </QueryClientProvider>
    </ApiContext>,
  );
});

afterEach(cleanup);

const push = (payload: PayloadOf<'app:servicesStopped'>) => act(() => stopped!(payload));
const notices = () => useNotices.getState().notices.map(({ tone, text }) => ({ tone, text }));

describe('the notice that the background services stopped', () => {
  it('says they were restarted and that the send under way was interrupted, drops its progress so its answer is read from History, and reads everything again', () => {
    useSendState.getState().progressed(progress('s-going', 'sending'));
    useSendState.getState().progressed(progress('s-done', 'ok'));
    push({ reason: 'out of memory', restarted: true });
    expect(notices()).toEqual([
      {
        tone: 'warning',
        text: "EventDesk's background services stopped (out of memory) and were restarted. The send under way was interrupted: resume it from History.",
      },
    ]);
    expect(Object.keys(useSendState.getState().progress)).toEqual(['s-done']);
    expect(client.getQueryState(['environments'])?.isInvalidated).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing of sends when none was under way', () => {
    push({ reason: 'exit code 3', restarted: true });
    expect(notices()).toEqual([{ tone: 'warning', text: "EventDesk's background services stopped (exit code 3) and were restarted." }]);
  });

  it('shows a banner that stays, saying what to do, when they stopped too often to be restarted', () => {
    push({ reason: 'out of memory', restarted: false });
    expect(screen.getByRole('alert').textContent).toBe(
      "EventDesk's background services stopped (out of memory) too often and are not restarted again: quit and reopen EventDesk. Sends made so far are kept in History; copy any text typed since, which cannot be saved until then.",
    );
    expect(notices()).toEqual([]);
  });
});
