// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepVerdict } from '../../../features/history/common/step-verdict.ts';
import type { ChunkRecord, SubmissionView } from '../../../features/history/common/submission.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { Outcome } from '../../../renderer/send/ResponsePanel.tsx';

afterEach(cleanup);

const chunk = (firstEvent: number, status: ChunkRecord['status'], statusCode: number | null): ChunkRecord => ({
  firstEvent,
  eventCount: 1,
  status,
  statusCode,
  responseHeaders: {},
  responseBody: '',
  responseTruncated: false,
  attempts: status === 'pending' ? 0 : 1,
  durationMs: 5,
  error: status === 'failed' ? 'The server refused the chunk (422).' : null,
  wentOut: false,
  attemptLog: [],
});

/** A send a step made whose second chunk was refused and whose third was never sent. */
const refused = (stepVerdict?: StepVerdict): SubmissionView => ({
  id: 's1',
  environmentId: 'env-1',
  environmentName: 'Sandbox',
  environmentColor: '#888',
  baseUrl: 'http://127.0.0.1:8787',
  headers: {},
  eventCount: 3,
  batchHash: 'hash',
  startedAt: '2026-11-24T03:00:00.000Z',
  finishedAt: '2026-11-24T03:00:01.000Z',
  sendingMs: 1000,
  status: 'partial',
  label: 'Smoke · step 2',
  note: '',
  pseudonymizedFrom: [],
  chunks: [chunk(0, 'ok', 202), chunk(1, 'failed', 422), chunk(2, 'pending', null)],
  ...(stepVerdict && { stepVerdict }),
});

const show = (submission: SubmissionView) =>
  render(
    <ApiContext.Provider value={{} as Api}>
      <Outcome submission={submission} />
    </ApiContext.Provider>,
  );

describe("the outcome of a send a scenario's step made", () => {
  it('offers no retry of a refusal the step expected, and says why', () => {
    show(refused({ passed: true, expectedStatus: 422, endStatus: 422, reason: null }));
    expect(screen.queryByRole('button', { name: /Retry|Resume/ })).toBeNull();
    expect(screen.getByText('The refusal was what the step expected.').className).toBe('muted');
  });

  it('offers the retry when the step failed, as for any send', () => {
    show(refused({ passed: false, expectedStatus: 201, endStatus: 422, reason: 'status: expected 201, the send ended with 422' }));
    expect(screen.getByRole('button', { name: 'Retry the failed chunks and send the rest' })).toBeTruthy();
    expect(screen.queryByText('The refusal was what the step expected.')).toBeNull();
  });

  it('offers the retry of a send no step made', () => {
    show(refused());
    expect(screen.getByRole('button', { name: 'Retry the failed chunks and send the rest' })).toBeTruthy();
  });
});
