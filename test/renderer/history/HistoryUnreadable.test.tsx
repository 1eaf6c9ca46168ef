// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { RecentSubmissions } from '../../../renderer/history/RecentSubmissions.tsx';
import { useHistory } from '../../../renderer/base/data/history-state.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { useNotices, useUi } from '../../../renderer/base/state/ui.ts';
import { renderHistoryScreen } from './render-history.tsx';

afterEach(cleanup);
beforeEach(() => {
  useUi.setState(useUi.getInitialState(), true);
  useHistory.setState(useHistory.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
});

const MOVED_TO = '/home/qa/.config/EventDesk/submissions.damaged-2026-11-23T21-30-05-123Z.sqlite';
const corrupt = new AppError(
  'history-corrupt',
  'The history file is damaged and cannot be read; nothing was changed in it.',
  '/home/qa/.config/EventDesk/submissions.sqlite: database disk image is malformed',
);

/** The History screen over an api whose history is unreadable (with `failure`) until set aside; each setAside call recorded. */
function showHistory(failure: AppError, setAside: () => Promise<{ movedTo: string }> = async () => ({ movedTo: MOVED_TO })) {
  let readable = false;
  const calls: string[] = [];
  const read = async <T,>(value: T): Promise<T> => {
    if (!readable) throw failure;
    return value;
  };
  const api = {
    environments: { list: async () => ({ environments: [], activeId: null, notice: null }) },
    history: {
      list: () => read([]),
      // As the real damaged file does: its count and timeline come from an index that still reads.
      count: async () => (readable ? 0 : 12),
      timeline: async () => (readable ? [] : [{ bucket: '2026-11-01', counts: { ok: 12 } }]),
      retention: () => read({ retention: { keep: 'all' }, usage: { submissions: 0, storedBytes: 0, fileBytes: 0 } }),
      setAside: async () => {
        calls.push('setAside');
        const result = await setAside();
        readable = true;
        return result;
      },
    },
  } as unknown as Api;
  useUi.setState({ screen: 'history' });
  renderHistoryScreen(api);
  return { calls };
}

const SET_ASIDE = 'Set the damaged file aside and start a fresh history';

describe('a history that cannot be read', () => {
  it('offers to set a damaged file aside, says where it went, and shows the fresh history', async () => {
    const { calls } = showHistory(corrupt);
    const notice = await screen.findByText('The history could not be read');
    expect(notice.closest('[role="alert"]')?.textContent).toMatch(/The history file is damaged/);
    expect(screen.getByText('Code: history-corrupt')).toBeTruthy();
    // No half picture: no count or timeline of rows that cannot be read.
    expect(screen.getByTestId('history-count').textContent).toBe('');
    expect(screen.queryByTestId('timeline')).toBeNull();
    expect((screen.getByRole('button', { name: 'Delete all matching' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: SET_ASIDE }));
    const status = await screen.findByRole('status');
    expect(calls).toEqual(['setAside']);
    expect(status.textContent).toBe(`The damaged history file was moved to ${MOVED_TO}. This is a fresh history.`);
    expect((await screen.findByTestId('history-empty')).textContent).toMatch(/Nothing sent yet/);
    expect(screen.queryByRole('button', { name: SET_ASIDE })).toBeNull();
    expect(screen.getByTestId('history-count').textContent).toBe('0 submissions');

    // Said until the screen is left.
    act(() => useUi.setState({ screen: 'composer' }));
    expect(screen.queryByText(/was moved to/)).toBeNull();
  });

  it('offers nothing to set aside when the history is unreadable for another reason', async () => {
    showHistory(new AppError('history-newer', 'The history was written by a newer version of EventDesk. Update EventDesk to open it; nothing was changed.'));
    expect(await screen.findByText(/written by a newer version/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SET_ASIDE })).toBeNull();
  });

  it('says so when the file could not be moved, and keeps the offer', async () => {
    showHistory(corrupt, async () => {
      throw new AppError('history-set-aside', 'The damaged history file could not be moved aside.');
    });
    fireEvent.click(await screen.findByRole('button', { name: SET_ASIDE }));
    await waitFor(() =>
      expect(useNotices.getState().notices.map((notice) => [notice.tone, notice.text])).toEqual([
        ['error', 'The damaged history file could not be moved aside.'],
      ]),
    );
    expect(screen.getByRole('button', { name: SET_ASIDE })).toBeTruthy();
    expect(screen.queryByText(/was moved to/)).toBeNull();
  });
});

describe('the recent sends beside the composer', () => {
  it('say the history cannot be read, not that nothing was sent', async () => {
    const api = { history: { list: async () => Promise.reject(corrupt) } } as unknown as Api;
    render(
      <ApiContext value={api}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RecentSubmissions />
        </QueryClientProvider>
      </ApiContext>,
    );
    expect((await screen.findByText(/The history cannot be read/)).textContent).toMatch(/^The history cannot be read; the History .* says why\.$/);
    expect(screen.queryByText(/Nothing sent yet/)).toBeNull();
  });
});
