// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import type { SessionEvent } from '../../../features/environments/common/session.ts';
import type { SendProgress, SubmissionStatus, SubmissionSummary } from '../../../features/history/common/submission.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { useSendState } from '../../../renderer/base/data/send-state.ts';
import { useStartSend } from '../../../renderer/send/useSend.ts';
import { useSessionEvents } from '../../../renderer/base/data/session-queries.ts';
import { useNotices, useUi } from '../../../renderer/base/state/ui.ts';

const environment = { id: 'env-1', name: 'Staging', production: false };

const summary = (id: string): SubmissionSummary => ({
  id,
  environmentId: environment.id,
  environmentName: environment.name,
  environmentColor: '#888',
  baseUrl: 'https://staging.example.com',
  headers: {},
  eventCount: 6,
  batchHash: 'hash',
  startedAt: '2026-11-24T03:00:00.000Z',
  finishedAt: null,
  sendingMs: 0,
  status: 'sending',
  label: '',
  note: '',
  pseudonymizedFrom: [],
});

const progress = (submissionId: string, status: SubmissionStatus): SendProgress => ({
  submissionId,
  environmentId: environment.id,
  environmentName: environment.name,
  chunksDone: 1,
  chunksTotal: 3,
  eventsDone: 2,
  eventsTotal: 6,
  eventsPerSecond: 0,
  etaSeconds: null,
  activity: null,
  status,
  problem: null,
});

let sessionListener: (event: SessionEvent) => void;
let startSend: ReturnType<typeof useStartSend>;
const resume = vi.fn(async ({ submissionId }: { submissionId: string }) => summary(submissionId));
const declineLogin = vi.fn(async () => null);
const api = {
  session: { onChanged: (listener: (event: SessionEvent) => void) => ((sessionListener = listener), () => undefined), declineLogin },
  send: { resume },
} as unknown as Api;

function Window() {
  useSessionEvents();
  startSend = useStartSend();
  return null;
}

beforeEach(() => {
  resume.mockClear();
  declineLogin.mockClear();
  useUi.setState(useUi.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
  useSendState.setState(useSendState.getInitialState(), true);
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <Window />
      </QueryClientProvider>
    </ApiContext>,
  );
});

afterEach(cleanup);

const needsLogin = (message = 'Your login has expired. Log in again to continue.') =>
  act(() => sessionListener({ environmentId: environment.id, session: null, reason: 'needs-login', message }));
const progressed = (submissionId: string, status: SubmissionStatus) => act(() => useSendState.getState().progressed(progress(submissionId, status)));
const logIn = () => act(() => useUi.getState().closeLogin(true));
/** Lets the promises of a resume run: the wait for the send's end, then the call. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));
const noticeTexts = () => useNotices.getState().notices.map((notice) => notice.text);

describe('"Log in first; nothing was sent"', () => {
  const refused = () => Promise.reject(new AppError('needs-login', 'Log in to “Staging” first; nothing was sent.'));

  it('goes once the send it refused goes on after the login, and other notices stay', async () => {
    let retried: Promise<unknown> | undefined;
    await act(async () => void (await startSend(environment, refused, () => (retried = startSend(environment, async () => ({ started: summary('s1') }))))));
    act(() => useNotices.getState().notify('success', 'Saved.'));
    expect(noticeTexts()).toEqual(['Log in to “Staging” first; nothing was sent.', 'Saved.']);
    expect(useUi.getState().loginFor).toBe(environment.id);

    logIn();
    await act(async () => void (await retried));
    expect(noticeTexts()).toEqual(['Saved.']);
  });

  it('goes when a later send there starts, however the login came', async () => {
    await act(async () => void (await startSend(environment, refused)));
    act(() => useUi.getState().closeLogin(false));
    expect(noticeTexts()).toEqual(['Log in to “Staging” first; nothing was sent.']);
    await act(async () => void (await startSend(environment, async () => ({ started: summary('s1') }))));
    expect(noticeTexts()).toEqual([]);
  });

  it('stays while nothing was sent: the login cancelled, or the send declined', async () => {
    await act(async () => void (await startSend(environment, refused)));
    act(() => useUi.getState().closeLogin(false));
    await act(async () => void (await startSend({ ...environment, id: 'env-2' }, async () => ({ started: { ...summary('s2'), environmentId: 'env-2' } }))));
    expect(noticeTexts()).toEqual(['Log in to “Staging” first; nothing was sent.']);
  });
});

describe('a login that ends', () => {
  it('with no send under way, opens no dialog: the session bar says so and the focus stays', () => {
    needsLogin('Your login is about to expire. Log in again to keep working.');
    expect(useUi.getState().loginFor).toBeNull();
    progressed('s0', 'ok');
    act(() => useSendState.getState().progressed({ ...progress('s1', 'sending'), environmentId: 'env-2' }));
    needsLogin();
    expect(useUi.getState().loginFor).toBeNull();
  });

  it('in the middle of a send asks for the login; the send waits for it in main and goes on by itself', async () => {
    progressed('s1', 'sending');
    needsLogin();
    expect(useUi.getState()).toMatchObject({
      loginFor: environment.id,
      loginReason: 'A send here needs a new login: once you log in, it goes on where it left off. Cancel stops it there.',
    });
    logIn();
    await settle();
    expect(resume).not.toHaveBeenCalled();
    expect(declineLogin).not.toHaveBeenCalled();
  });

  it('cancelled, tells main, which stops the waiting send there', async () => {
    progressed('s1', 'sending');
    needsLogin('Your login is about to expire. Log in again to keep working.');
    needsLogin();
    act(() => useUi.getState().closeLogin(false));
    await settle();
    expect(declineLogin).toHaveBeenCalledWith({ environmentId: environment.id });
    expect(resume).not.toHaveBeenCalled();
  });

  it('renewed automatically, says when, as main tells it', () => {
    act(() =>
      sessionListener({
        environmentId: environment.id,
        session: null,
        reason: 'renewed',
        message: 'Your login had expired: EventDesk logged in again with the remembered password.',
      }),
    );
    expect(noticeTexts()).toEqual(['Your login had expired: EventDesk logged in again with the remembered password.']);
  });
});

describe('an automatic renewal that fails', () => {
  const renewalFailed = () =>
    act(() => sessionListener({ environmentId: environment.id, session: null, reason: 'renewal-failed', message: 'The password was refused.' }));

  it('waits for a send still under way at the login, and resumes it only when it stopped short', async () => {
    progressed('s1', 'sending');
    progressed('s2', 'sending');
    renewalFailed();
    logIn();
    await settle();
    expect(resume).not.toHaveBeenCalled();
    progressed('s1', 'ok');
    progressed('s2', 'failed');
    await settle();
    expect(resume).toHaveBeenCalledExactlyOnceWith({ submissionId: 's2' });
  });

  it('asked for by a refused send and then by a stopped one, goes on with both after one login', async () => {
    const retry = vi.fn();
    await act(async () => void (await startSend(environment, () => Promise.reject(new AppError('needs-login', 'Log in first.')), retry)));
    progressed('s1', 'sending');
    renewalFailed();
    progressed('s1', 'partial');
    logIn();
    await settle();
    expect(retry).toHaveBeenCalledOnce();
    expect(resume).toHaveBeenCalledExactlyOnceWith({ submissionId: 's1' });
  });

  it('says why when the resume is refused', async () => {
    resume.mockRejectedValueOnce(new AppError('resume-unanswered', 'Events 3–4 went out without an answer.'));
    progressed('s1', 'sending');
    renewalFailed();
    progressed('s1', 'failed');
    logIn();
    await settle();
    expect(noticeTexts()).toContain('Events 3–4 went out without an answer.');
  });
});
