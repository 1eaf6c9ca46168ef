// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../shared/submission.ts';
import { StatusBadge } from '../../../renderer/history/StatusBadge.tsx';
import { useSendState } from '../../../renderer/send/state.ts';

afterEach(cleanup);
beforeEach(() => useSendState.setState(useSendState.getInitialState(), true));

const progress = (waitingForLogin: boolean): SendProgress => ({
  submissionId: 's1',
  environmentId: 'env-1',
  environmentName: 'Staging',
  chunksDone: 3,
  chunksTotal: 6,
  eventsDone: 6,
  eventsTotal: 12,
  eventsPerSecond: 0,
  etaSeconds: null,
  activity: null,
  status: 'sending',
  problem: null,
  waitingForLogin,
});

describe("a submission's status badge", () => {
  it('says a send waits for the login while it does, then its status again', () => {
    render(<StatusBadge submission={{ id: 's1', status: 'sending' }} />);
    expect(screen.getByText('sending')).toBeTruthy();
    act(() => useSendState.getState().progressed(progress(true)));
    expect(screen.getByText('waiting for you to log in')).toBeTruthy();
    act(() => useSendState.getState().progressed(progress(false)));
    expect(screen.getByText('sending')).toBeTruthy();
  });

  it('shows the recorded status of a send that has ended, whatever its last progress said', () => {
    act(() => useSendState.getState().progressed(progress(true)));
    render(<StatusBadge submission={{ id: 's1', status: 'partial' }} />);
    expect(screen.getByText('partial')).toBeTruthy();
  });
});
