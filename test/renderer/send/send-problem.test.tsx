// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { SendAnswer } from '../../../renderer/send/ResponsePanel.tsx';
import { useSendState } from '../../../renderer/base/data/send-state.ts';

/** A send its history could not record (a full disk): the window says why it stopped. */

const PROBLEM =
  'The history could not be written: the disk holding it is full. This batch (3.1 MB) could not be recorded, so nothing was sent: free about 6.1 MB and send it again.';

const stopped: SendProgress = {
  submissionId: 's-full',
  environmentId: 'env-1',
  environmentName: 'Staging',
  chunksDone: 0,
  chunksTotal: 40,
  eventsDone: 0,
  eventsTotal: 20_000,
  eventsPerSecond: 0,
  etaSeconds: null,
  activity: null,
  status: 'failed',
  problem: PROBLEM,
};

/** The answer to the stopped send, as the Response panel shows it. */
function renderAnswer(api: Api): void {
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <SendAnswer submissionId="s-full" />
      </QueryClientProvider>
    </ApiContext>,
  );
}

afterEach(() => {
  cleanup();
  useSendState.setState(useSendState.getInitialState(), true);
});

describe('a send stopped because its record could not be written', () => {
  it('says why, even when nothing of it was kept to show', async () => {
    // The submission went with its batch: the history has nothing to show of it.
    const api = { submissions: { get: async () => null } } as unknown as Api;
    act(() => useSendState.getState().progressed(stopped));
    renderAnswer(api);
    expect((await screen.findByRole('alert')).textContent).toBe(PROBLEM);
    expect(screen.queryByText('Loading the answer…')).toBeNull();
  });

  it('shows no chunks as pending when the full disk kept its record from being dropped', async () => {
    // The record, not live, reads "interrupted" until the next start drops it: none of its chunks went out.
    const recorded = {
      id: 's-full',
      environmentId: 'env-1',
      environmentName: 'Staging',
      environmentColor: '#888',
      baseUrl: 'https://staging.example.com',
      headers: {},
      eventCount: 20_000,
      batchHash: 'hash',
      startedAt: '2026-11-24T09:00:00.000Z',
      finishedAt: null,
      sendingMs: 0,
      status: 'interrupted',
      label: '',
      note: '',
      chunks: [
        {
          firstEvent: 0,
          eventCount: 500,
          status: 'pending',
          statusCode: null,
          responseHeaders: {},
          responseBody: null,
          responseTruncated: false,
          attempts: 0,
          durationMs: 0,
          error: null,
          wentOut: false,
          attemptLog: [],
        },
      ],
    };
    let read = false;
    const api = { submissions: { get: async () => ((read = true), recorded) } } as unknown as Api;
    act(() => useSendState.getState().progressed(stopped));
    renderAnswer(api);
    await waitFor(() => expect(read).toBe(true));
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toBe(PROBLEM);
    expect(screen.queryByTestId('send-outcome')).toBeNull();
  });
});
