import { useEffect, useRef, useState } from 'react';
import { AppError } from '../../shared/errors.ts';
import type { EventDiff, MatchBy } from '../../shared/events/event-diff.ts';
import type { EventDiffAnswer, EventDiffRequest } from './event-diff-protocol.ts';
import EventDiffWorker from './event-diff.worker.ts?worker';

/** What a Worker is to this hook: a test gives it one that answers in process. */
export interface EventDiffPort {
  postMessage(request: EventDiffRequest): void;
  onmessage: ((message: MessageEvent<EventDiffAnswer>) => void) | null;
  terminate(): void;
}

export type EventDiffState = { status: 'comparing' } | { status: 'done'; diff: EventDiff; milliseconds: number } | { status: 'failed'; error: AppError };

/**
 * The event diff of two texts, computed in a worker started with the component and ended with
 * it. Only the answer to the latest request counts: one to an earlier one (the toggle flipped
 * twice) is dropped.
 */
export function useEventDiff(left: string, right: string, matchBy: MatchBy, startWorker: () => EventDiffPort = () => new EventDiffWorker()): EventDiffState {
  const worker = useRef<EventDiffPort | null>(null);
  const sent = useRef<EventDiffRequest | null>(null);
  const [answered, setAnswered] = useState<{ request: EventDiffRequest; answer: EventDiffAnswer } | null>(null);
  const start = useRef(startWorker);

  useEffect(() => {
    const port = start.current();
    worker.current = port;
    port.onmessage = (message) => {
      const request = sent.current;
      if (request && message.data.id === request.id) setAnswered({ request, answer: message.data });
    };
    return () => {
      port.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const request = { id: (sent.current?.id ?? 0) + 1, left, right, matchBy };
    sent.current = request;
    worker.current?.postMessage(request);
  }, [left, right, matchBy]);

  if (!answered || answered.request.left !== left || answered.request.right !== right || answered.request.matchBy !== matchBy) return { status: 'comparing' };
  const { answer } = answered;
  if ('error' in answer) return { status: 'failed', error: new AppError(answer.error.code, answer.error.message, answer.error.detail) };
  return { status: 'done', diff: answer.diff, milliseconds: answer.milliseconds };
}
