import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CapturedEventsFilter, CapturedEventsPage } from '../../../features/capture/common/capture-events.ts';
import { useApi } from '../../base/queries.ts';

/** Rows asked for at once: a few screens' worth. */
export const EVENTS_PAGE_SIZE = 200;
const eventsKey = ['capture', 'events'] as const;

/** Keeps the Events view live: each capture:eventsChanged push reads the pages in view again. */
export function useCapturedEventsLive() {
  const api = useApi();
  const client = useQueryClient();
  useEffect(() => api.capture.onEventsChanged(() => void client.invalidateQueries({ queryKey: eventsKey })), [api, client]);
}

/**
 * The pages of the filter's list that the rows in view fall in (the last one answered stays
 * shown while each comes), and the filter's newest page of all: its count holds while the pages
 * in view are on their way, so the list keeps its length as it scrolls.
 */
export function useEventPages(filter: CapturedEventsFilter, attributes: readonly string[], pages: readonly number[]) {
  const api = useApi();
  const client = useQueryClient();
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...eventsKey, filter.where, filter.verdict, attributes, page],
      queryFn: (): Promise<CapturedEventsPage> =>
        api.capture.events({ ...filter, attributes: [...attributes], offset: page * EVENTS_PAGE_SIZE, limit: EVENTS_PAGE_SIZE }),
      placeholderData: keepPreviousData,
      // Read again whenever the view comes back: the capture may have been cleared meanwhile, which no push tells.
      staleTime: 0,
      retry: false,
    })),
  });
  const newest = client
    .getQueryCache()
    .findAll({ queryKey: [...eventsKey, filter.where, filter.verdict] })
    .filter((query) => query.state.data !== undefined)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  return { results, newest: newest?.state.data as CapturedEventsPage | undefined };
}

/** One event as it arrived, and its request, for the detail panel. */
export function useCapturedEvent(place: { requestId: number; index: number } | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['capture', 'event', place?.requestId, place?.index],
    queryFn: () => api.capture.event(place!),
    enabled: place !== null,
    staleTime: Infinity,
    retry: false,
  });
}
