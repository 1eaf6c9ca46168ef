// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventDiffResponder, type EventDiffAnswer, type EventDiffRequest } from '../../../renderer/compare/event-diff-protocol.ts';
import { ENTRIES_PAGE, useEventDiff, type EventDiffPort } from '../../../renderer/compare/useEventDiff.ts';

afterEach(cleanup);

const event = (n: number, plan = 'pro') => ({ token: `t-${n}`, customer_id: 'c', created_at: '2026-11-22 10:00:00', attributes: { plan } });
const textOf = (events: unknown[]) => JSON.stringify(events);

/** The worker's responder answering in process, a turn later as a worker would, keeping what it was asked. */
function inProcessWorker() {
  const respond = createEventDiffResponder();
  const requests: EventDiffRequest[] = [];
  const port: EventDiffPort & { terminated: boolean } = {
    onmessage: null,
    terminated: false,
    postMessage(request) {
      requests.push(request);
      setTimeout(() => port.onmessage?.({ data: respond(request) } as MessageEvent<EventDiffAnswer>));
    },
    terminate() {
      port.terminated = true;
    },
  };
  return { port, requests };
}

describe('the event diff worker', () => {
  it('answers a diff with its counts, then the entries asked for a page at a time', () => {
    const respond = createEventDiffResponder();
    const left = textOf([event(1), event(2), event(3)]);
    const right = textOf([event(2, 'free'), event(3)]);
    expect(respond({ id: 1, kind: 'diff', left, right, matchBy: 'key' })).toMatchObject({ kind: 'diff', counts: { onlyLeft: 1, onlyRight: 0, differing: 1 } });
    expect(respond({ id: 2, kind: 'entries', diffId: 1, from: 0, count: 1 })).toEqual({
      id: 2,
      kind: 'entries',
      diffId: 1,
      from: 0,
      entries: [{ kind: 'differs', event: { left: 2, right: 1, fields: [{ path: ['attributes', 'plan'], left: 'pro', right: 'free' }] } }],
    });
    // A newer diff replaces the one kept: entries of the older one are no longer there.
    respond({ id: 3, kind: 'diff', left, right, matchBy: 'position' });
    expect(respond({ id: 4, kind: 'entries', diffId: 1, from: 0, count: 10 })).toMatchObject({ entries: [] });
  });

  it('says why a side cannot be compared, as an error the page can show', () => {
    const respond = createEventDiffResponder();
    expect(respond({ id: 1, kind: 'diff', left: '[]', right: '{"token":', matchBy: 'key' })).toMatchObject({
      error: { code: 'compare-not-json', message: expect.stringContaining('The right batch is not valid JSON') },
    });
  });
});

describe('useEventDiff', () => {
  it('shows the counts, fetches only the pages in view, and ends its worker with the component', async () => {
    const { port, requests } = inProcessWorker();
    const many = Array.from({ length: ENTRIES_PAGE * 3 }, (_, n) => event(n));
    const { result, unmount } = renderHook(() =>
      useEventDiff(textOf(many), textOf(many.map((one) => ({ ...one, attributes: { plan: 'free' } }))), 'key', () => port),
    );
    await waitFor(() => expect(result.current.status).toBe('done'));
    const done = result.current;
    if (done.status !== 'done') throw new Error('not done');
    expect(done.counts).toMatchObject({ differing: ENTRIES_PAGE * 3, onlyLeft: 0, onlyRight: 0 });
    expect(done.entry(ENTRIES_PAGE + 5)).toBeUndefined();
    done.want(ENTRIES_PAGE + 5, ENTRIES_PAGE + 20);
    done.want(ENTRIES_PAGE + 30, ENTRIES_PAGE + 40);
    await waitFor(() =>
      expect(result.current.status === 'done' && result.current.entry(ENTRIES_PAGE + 5)).toMatchObject({ kind: 'differs', event: { left: ENTRIES_PAGE + 6 } }),
    );
    const asked = requests.filter((request) => request.kind === 'entries');
    expect(asked).toEqual([expect.objectContaining({ from: ENTRIES_PAGE, count: ENTRIES_PAGE })]);
    expect(result.current.status === 'done' && result.current.entry(0)).toBeUndefined();
    unmount();
    expect(port.terminated).toBe(true);
  });

  it('fails with the worker’s error, code and message, when a side is not a batch', async () => {
    const { port } = inProcessWorker();
    const { result } = renderHook(() => useEventDiff('[]', '{"token": "a"}', 'key', () => port));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.status === 'failed' && result.current.error).toMatchObject({
      code: 'compare-not-array',
      message: expect.stringContaining('The right batch is not an array of events'),
    });
  });

  it('drops the answer to a diff asked for before the latest one', () => {
    // A worker whose answers the test hands over one at a time, as a slow worker would give them.
    const respond = createEventDiffResponder();
    const waiting: EventDiffAnswer[] = [];
    const port: EventDiffPort = { onmessage: null, postMessage: (request) => void waiting.push(respond(request)), terminate: () => {} };
    const deliver = () => act(() => port.onmessage?.({ data: waiting.shift()! } as MessageEvent<EventDiffAnswer>));
    const left = textOf([event(1), event(2)]);
    const right = textOf([event(2), event(1)]);
    const { result, rerender } = renderHook(({ matchBy }: { matchBy: 'key' | 'position' }) => useEventDiff(left, right, matchBy, () => port), {
      initialProps: { matchBy: 'key' },
    });
    rerender({ matchBy: 'position' });
    expect(waiting).toHaveLength(2);
    deliver();
    expect(result.current.status).toBe('comparing');
    deliver();
    expect(result.current.status === 'done' && result.current.counts.differing).toBe(2);
  });
});
