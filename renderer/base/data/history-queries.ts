import { infiniteQueryOptions, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppError } from '../../../base/common/errors.ts';
import { HISTORY_PAGE_SIZE, type HistoryFilter, type TimelineUnit } from '../../../features/history/common/history.ts';
import type { SubmissionSummary } from '../../../features/history/common/submission.ts';
import type { Api } from '../api.ts';
import { useApi } from '../queries.ts';

export const historyKey = ['history'] as const;
/** The sends the services found interrupted (a crash, a kill) as a history opened: at start, and as a workspace opened. */
export const interruptedSendsKey = ['submissions', 'interrupted'] as const;

type Pages = InfiniteData<SubmissionSummary[], string | null>;

/**
 * Each submission once, where it first appears: after `freshenHistory`, the newest page may
 * hold rows that a later page, as the server gave it, holds too (rows deleted elsewhere moved
 * the rest up). The pages themselves stay as read, so the end of the list is judged on what
 * the server returned, never on what was left after taking out repeats.
 */
function eachOnce(data: Pages): Pages {
  const seen = new Set<string>();
  const pages = data.pages.map((page) =>
    page.filter((row) => {
      if (seen.has(row.id)) return false;
      seen.add(row.id);
      return true;
    }),
  );
  return { pages, pageParams: data.pageParams };
}

/** The list's query, newest first, a page at a time; apart from the hook so a test can observe it. */
export function historyPagesOptions(api: Api, client: QueryClient, filter: HistoryFilter, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: [...historyKey, 'list', filter],
    queryFn: async ({ pageParam }) => {
      try {
        return await api.history.list({ filter, before: pageParam ?? undefined, limit: HISTORY_PAGE_SIZE });
      } catch (error) {
        // The last row shown was deleted (a delete, retention) as the next page was asked for:
        // the whole list is read again, every page after a row that still exists.
        if (!(error instanceof AppError && error.code === 'history-cursor-gone')) throw error;
        void client.invalidateQueries({ queryKey: [...historyKey, 'list', filter] });
        return [];
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page: SubmissionSummary[]) => (page.length < HISTORY_PAGE_SIZE ? null : (page.at(-1)?.id ?? null)),
    select: eachOnce,
    enabled,
  });
}

/**
 * Newest first, a page at a time as the list scrolls. `enabled` is false until the History
 * screen is first shown: a large history is not read at start for a screen nobody opened.
 */
export function useHistoryPages(filter: HistoryFilter, enabled: boolean) {
  return useInfiniteQuery(historyPagesOptions(useApi(), useQueryClient(), filter, enabled));
}

/**
 * The newest page, then the first loaded page's older rows it does not hold, then the later
 * pages as read. A loaded row as new as the newest page's rows but missing from it was deleted
 * meanwhile (a delete from the command line, retention), and goes.
 */
function withNewest(newest: SubmissionSummary[], loaded: Pages): Pages {
  const fresh = new Set(newest.map((row) => row.id));
  const oldest = newest.at(-1)?.startedAt ?? '';
  const [first = [], ...rest] = loaded.pages;
  const older = first.filter((row) => !fresh.has(row.id) && row.startedAt <= oldest);
  return { pages: [[...newest, ...older], ...rest], pageParams: loaded.pageParams };
}

/**
 * Brings what the history shows up to date (a send started or ended, the screen shown again,
 * a send from the command line) without reading again every page already loaded: a list
 * re-reads its newest page only, put before the rows it had; the count and the timeline are
 * asked again. A list of one page is simply read again.
 */
export function freshenHistory(client: QueryClient, api: Api): void {
  for (const [key, loaded] of client.getQueriesData<Pages>({ queryKey: [...historyKey, 'list'] })) {
    const reread = () => void client.invalidateQueries({ queryKey: key, exact: true });
    if (!loaded || loaded.pages.length <= 1) {
      reread();
      continue;
    }
    api.history
      .list({ filter: key[2] as HistoryFilter, limit: HISTORY_PAGE_SIZE })
      .then((newest) => client.setQueryData<Pages>(key, (current) => current && withNewest(newest, current)), reread);
  }
  void client.invalidateQueries({ queryKey: historyKey, predicate: (query) => query.queryKey[1] !== 'batch' && query.queryKey[1] !== 'list' });
}

export function useHistoryCount(filter: HistoryFilter, enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: [...historyKey, 'count', filter], queryFn: () => api.history.count({ filter }), enabled });
}

export function useTimeline(filter: HistoryFilter, unit: TimelineUnit, enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: [...historyKey, 'timeline', filter, unit], queryFn: () => api.history.timeline({ filter, unit }), enabled });
}

export function useSubmission(id: string | null) {
  const api = useApi();
  return useQuery({ queryKey: [...historyKey, 'detail', id], queryFn: () => api.submissions.get({ id: id! }), enabled: id !== null });
}

/** The batch as sent, pretty-printed. */
export function useBatchText(id: string | null) {
  const api = useApi();
  return useQuery({ queryKey: [...historyKey, 'batch', id], queryFn: () => api.history.batch({ id: id! }), enabled: id !== null, staleTime: Infinity });
}

export function useRetention(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: [...historyKey, 'retention'], queryFn: () => api.history.retention(), enabled });
}

/**
 * Keeps the history current while sends start and end: a submission that appears or changes
 * status refreshes what the history shows (a batch, once sent, never changes, so it stays cached).
 */
export function useHistoryRefresh(): void {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => {
    const statuses = new Map<string, string>();
    return api.send.onProgress((progress) => {
      if (statuses.get(progress.submissionId) === progress.status) return;
      statuses.set(progress.submissionId, progress.status);
      freshenHistory(client, api);
    });
  }, [api, client]);
}
