import { useCallback, useEffect, useRef, useState } from 'react';
import { AppError } from '../../base/common/errors.ts';
import type { DiffCounts, DiffEntry, MatchBy } from '../../features/transforms/common/event-diff.ts';
import type { EventDiffAnswer, EventDiffRequest } from './event-diff-protocol.ts';
import EventDiffWorker from './event-diff.worker.ts?worker';

/** What a Worker is to this hook: a test gives it one that answers in process. */
export interface EventDiffPort {
  postMessage(request: EventDiffRequest): void;
  onmessage: ((message: MessageEvent<EventDiffAnswer>) => void) | null;
  terminate(): void;
}

/** Entries are asked of the worker this many at a time. */
export const ENTRIES_PAGE = 100;

export type EventDiffState =
  | { status: 'comparing' }
  | { status: 'failed'; error: AppError }
  | {
      status: 'done';
      counts: DiffCounts;
      /** The entry at `index` once its page has come, else undefined. */
      entry: (index: number) => DiffEntry | undefined;
      /** Asks for the pages of the entries [first, last] not asked for yet. */
      want: (first: number, last: number) => void;
    };

type DiffRequest = Extract<EventDiffRequest, { kind: 'diff' }>;
type DiffAnswer = Extract<EventDiffAnswer, { kind: 'diff' }>;

/**
 * The event diff of two texts, computed and kept in a worker started with the component and
 * ended with it; the entries in view are fetched a page at a time. Only answers to the latest
 * diff count: one to an earlier one (the toggle flipped twice) is dropped.
 */
export function useEventDiff(left: string, right: string, matchBy: MatchBy, startWorker: () => EventDiffPort = () => new EventDiffWorker()): EventDiffState {
  const worker = useRef<EventDiffPort | null>(null);
  const lastId = useRef(0);
  const sent = useRef<DiffRequest | null>(null);
  const asked = useRef(new Set<number>());
  const [answered, setAnswered] = useState<{ request: DiffRequest; answer: DiffAnswer } | null>(null);
  const [pages, setPages] = useState<{ diffId: number; pages: ReadonlyMap<number, DiffEntry[]> }>({ diffId: 0, pages: new Map() });
  const start = useRef(startWorker);

  useEffect(() => {
    const port = start.current();
    worker.current = port;
    port.onmessage = ({ data }) => {
      const request = sent.current;
      if (!request) return;
      if (data.kind === 'diff' && data.id === request.id) setAnswered({ request, answer: data });
      if (data.kind === 'entries' && data.diffId === request.id) {
        setPages((before) => ({ diffId: data.diffId, pages: new Map(before.diffId === data.diffId ? before.pages : []).set(data.from, data.entries) }));
      }
    };
    return () => {
      port.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const request: DiffRequest = { id: ++lastId.current, kind: 'diff', left, right, matchBy };
    sent.current = request;
    asked.current = new Set();
    worker.current?.postMessage(request);
  }, [left, right, matchBy]);

  const want = useCallback((first: number, last: number) => {
    const diffId = sent.current?.id;
    if (diffId === undefined) return;
    for (let page = Math.floor(first / ENTRIES_PAGE) * ENTRIES_PAGE; page <= last; page += ENTRIES_PAGE) {
      if (asked.current.has(page)) continue;
      asked.current.add(page);
      worker.current?.postMessage({ id: ++lastId.current, kind: 'entries', diffId, from: page, count: ENTRIES_PAGE });
    }
  }, []);

  if (!answered || answered.request.left !== left || answered.request.right !== right || answered.request.matchBy !== matchBy) return { status: 'comparing' };
  const { answer, request } = answered;
  if ('error' in answer) return { status: 'failed', error: new AppError(answer.error.code, answer.error.message, answer.error.detail) };
  const shown = pages.diffId === request.id ? pages.pages : null;
  return {
    status: 'done',
    counts: answer.counts,
    entry: (index) => shown?.get(index - (index % ENTRIES_PAGE))?.[index % ENTRIES_PAGE],
    want,
  };
}
