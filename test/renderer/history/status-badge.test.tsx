// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SendProgress } from '../../../features/history/common/submission.ts';
import { StatusBadge } from '../../../renderer/send/StatusBadge.tsx';
import { useSendState } from '../../../renderer/base/data/send-state.ts';

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

describe("the status badge of a send a scenario's step made", () => {
  it("shows a refusal the step expected as the server's answer beside the step's verdict, never as a red failure", () => {
    render(<StatusBadge submission={{ id: 's1', status: 'failed', stepVerdict: { passed: true, expectedStatus: 422, endStatus: 422, reason: null } }} />);
    expect(screen.getByText('failed').className).toBe('badge outcome expected');
    expect(screen.getByText('expected refusal · passed').className).toBe('badge verdict passed');
  });

  it('says why a step failed on a send the server accepted, its reason on hover', () => {
    const reason = 'status: expected 422, the send ended with 201 (answers: 201)';
    render(<StatusBadge submission={{ id: 's1', status: 'ok', stepVerdict: { passed: false, expectedStatus: 422, endStatus: 201, reason } }} />);
    expect(screen.getByText('ok').className).toBe('badge outcome ok');
    const verdict = screen.getByText('step failed: expected 422, got 201');
    expect(verdict.className).toBe('badge verdict failed');
    expect(verdict.getAttribute('title')).toBe(reason);
  });

  it('shows a failure no step expected in red, with no verdict beside it', () => {
    render(<StatusBadge submission={{ id: 's1', status: 'failed' }} />);
    expect(screen.getByText('failed').className).toBe('badge outcome failed');
    expect(screen.queryByText(/step|expected/)).toBeNull();
  });
});
