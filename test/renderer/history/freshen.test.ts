import { InfiniteQueryObserver, QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { emptyHistoryFilter, HISTORY_PAGE_SIZE } from '../../../features/history/common/history.ts';
import type { SubmissionSummary } from '../../../features/history/common/submission.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { freshenHistory, historyKey, historyPagesOptions } from '../../../renderer/base/data/history-queries.ts';

const row = (n: number, status: SubmissionSummary['status'] = 'ok'): SubmissionSummary => ({
  id: `s-${String(n).padStart(4, '0')}`,
  environmentId: 'local-sandbox',
  environmentName: 'Local sandbox',
  environmentColor: '#888',
  baseUrl: 'http://127.0.0.1:1',
  headers: {},
  eventCount: 1,
  batchHash: `h${n}`,
  startedAt: new Date(Date.UTC(2026, 10, 24, 0, 0, n)).toISOString(),
  finishedAt: null,
  sendingMs: 0,
  status,
  label: '',
  note: '',
  pseudonymizedFrom: [],
});
/** Rows n down to n - count + 1: newest first, as a page is. */
const rows = (from: number, count: number, status?: SubmissionSummary['status']) => Array.from({ length: count }, (_, k) => row(from - k, status));

const filter = emptyHistoryFilter;
const listKey = [...historyKey, 'list', filter];
type Pages = InfiniteData<SubmissionSummary[], string | null>;

function setUp(pages: SubmissionSummary[][], newest: SubmissionSummary[]) {
  const client = new QueryClient();
  client.setQueryData<Pages>(listKey, { pages, pageParams: pages.map((_, n) => (n === 0 ? null : pages[n - 1]!.at(-1)!.id)) });
  const list = vi.fn(async () => newest);
  return { client, list, api: { history: { list } } as unknown as Api };
}

describe('freshening the history', () => {
  it('reads only the newest page, puts it before the rows already loaded, and keeps every loaded page', async () => {
    // Three pages loaded (300 down to 1); since then 2 new sends (302, 301), and 300 ended failed.
    const { client, list, api } = setUp(
      [rows(300, HISTORY_PAGE_SIZE, 'sending'), rows(200, HISTORY_PAGE_SIZE), rows(100, HISTORY_PAGE_SIZE)],
      [...rows(302, 2), row(300, 'failed'), ...rows(299, HISTORY_PAGE_SIZE - 3, 'sending')],
    );
    freshenHistory(client, api);
    await vi.waitFor(() => expect(client.getQueryData<Pages>(listKey)!.pages[0]![0]!.id).toBe('s-0302'));
    expect(list).toHaveBeenCalledTimes(1);
    expect(list).toHaveBeenCalledWith({ filter, limit: HISTORY_PAGE_SIZE });
    const shown = client.getQueryData<Pages>(listKey)!.pages.flat();
    expect(shown.map((summary) => summary.id)).toEqual(rows(302, 302).map((summary) => summary.id));
    expect(shown.find((summary) => summary.id === 's-0300')!.status).toBe('failed');
    expect(client.getQueryData<Pages>(listKey)!.pageParams).toHaveLength(3);
  });

  it('reads a list of one page again, whole', () => {
    const { client, list, api } = setUp([rows(3, 3)], rows(4, 4));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    freshenHistory(client, api);
    expect(list).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: listKey, exact: true });
  });

  it('drops rows deleted elsewhere, shows each submission once, and still has more to load', async () => {
    // Pages 300..201 and 200..101 loaded, then 300..251 deleted from the command line: the newest
    // page now reaches into the second page (250..151). The second page, as read, was full.
    const { client, list, api } = setUp([rows(300, HISTORY_PAGE_SIZE), rows(200, HISTORY_PAGE_SIZE)], rows(250, HISTORY_PAGE_SIZE));
    const observer = new InfiniteQueryObserver(client, historyPagesOptions(api, client, filter, false));
    const unsubscribe = observer.subscribe(() => undefined);
    freshenHistory(client, api);
    await vi.waitFor(() => expect(observer.getCurrentResult().data!.pages[0]![0]!.id).toBe('s-0250'));
    expect(list).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    const shown = observer
      .getCurrentResult()
      .data!.pages.flat()
      .map((summary) => summary.id);
    expect(shown).toEqual(rows(250, 150).map((summary) => summary.id));
    unsubscribe();
  });
});
