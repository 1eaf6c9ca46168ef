// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedRequest } from '../../../features/capture/common/capture-requests.ts';
import { OLDER_PAGE, REQUESTS_HELD, REQUESTS_LISTED } from '../../../features/capture/common/capture-requests.ts';
import { RequestsView } from '../../../renderer/sandbox/RequestsView.tsx';
import { withNewer, withOlder, type TrafficWindow } from '../../../renderer/base/data/sandbox-queries.ts';
import { captureStatus, renderWithBridge } from './sandbox-screen.tsx';
import { stubBrowser } from '../app-harness.tsx';

// Clear asks in a <dialog>, which jsdom cannot show.
beforeAll(stubBrowser);

afterEach(cleanup);

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function request(id: number, path: string, status: number | null, reason: string, age = 0, fault: string | null = null): ListedRequest {
  return {
    id,
    receivedAt: minutesAgo(age),
    durationMs: 2,
    method: 'POST',
    path,
    status,
    reason,
    eventCount: 1,
    fault,
    plan: null,
    upstream: null,
    planErrors: 0,
    planWarnings: 0,
  };
}

const traffic = [
  request(6, '/user/events', 503, 'service-unavailable', 0, 'fail-sequence'),
  request(5, '/user/events', 422, 'invalid-events: 3 problems'),
  request(4, '/user/events', 401, 'bad token'),
  request(3, '/user/events?debug=1', 202, 'accepted 2 events', 30),
  request(2, '/oauth2/login', 200, 'logged in', 90),
  request(1, '/user/events', null, 'no answer: the connection was reset or dropped', 120),
];

const rows = () => screen.getAllByRole('listitem').map((row) => row.querySelector('summary')!.textContent);
const reasons = () => screen.getAllByRole('listitem').map((row) => row.querySelector('.reason')!.textContent);
const classes = () => screen.getAllByRole('listitem').map((row) => row.querySelector('.status')!.className);

describe('the sandbox requests view', () => {
  it('lists captured requests, each coloured by the class its status and fault give, and filters by status, path and age, together', () => {
    renderWithBridge(<RequestsView records={traffic} />, {});
    expect(reasons()).toEqual([
      'service-unavailable',
      'invalid-events: 3 problems',
      'bad token',
      'accepted 2 events',
      'logged in',
      'no answer: the connection was reset or dropped',
    ]);
    expect(classes()).toEqual([
      'status outcome-fault',
      'status outcome-invalid',
      'status outcome-auth',
      'status outcome-accepted',
      'status outcome-accepted',
      'status outcome-no-answer',
    ]);
    const filters = screen.getByRole('group', { name: 'Filter requests' });

    const status = within(filters).getByLabelText('Status');
    expect(within(status).getByRole('option', { name: '4xx refused content (400, 413, 415, 422) (1)' })).toBeTruthy();
    fireEvent.change(status, { target: { value: 'invalid' } });
    expect(reasons()).toEqual(['invalid-events: 3 problems']);
    expect(screen.getByTestId('request-filter-count').textContent).toBe('1 of 6 requests');

    fireEvent.change(status, { target: { value: '' } });
    fireEvent.change(within(filters).getByLabelText('Path'), { target: { value: '/user/events' } });
    expect(rows()).toHaveLength(5);
    fireEvent.change(within(filters).getByLabelText('Time'), { target: { value: '60' } });
    expect(reasons()).toEqual(['service-unavailable', 'invalid-events: 3 problems', 'bad token', 'accepted 2 events']);

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(rows()).toHaveLength(6);
  });

  it('tells the 2xx that sent events from logins in the status filter, rather than calling every 2xx accepted', () => {
    renderWithBridge(<RequestsView records={traffic} />, {});
    const status = within(screen.getByRole('group', { name: 'Filter requests' })).getByLabelText('Status');
    expect(within(status).getByRole('option', { name: '2xx (2: 1 to /user/events, 1 other)' })).toBeTruthy();
  });

  it('says so when nothing matches, and shows a new matching request as it arrives', () => {
    const { rerender } = renderWithBridge(<RequestsView records={traffic} />, {});
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'server' } });
    expect(screen.getByText('No request matches the filters. New ones that do will appear here.')).toBeTruthy();
    rerender(<RequestsView records={[request(7, '/user/events', 500, 'internal-error'), ...traffic]} />);
    expect(reasons()).toEqual(['internal-error']);
  });

  it('lets a request leave a filter by age as it ages', () => {
    vi.useFakeTimers();
    try {
      renderWithBridge(
        <RequestsView records={[request(2, '/user/events', 202, 'accepted 1 event', 59.9), request(1, '/user/events', 202, 'accepted 1 event', 120)]} />,
        {},
      );
      fireEvent.change(screen.getByLabelText('Time'), { target: { value: '60' } });
      expect(rows()).toHaveLength(1);
      act(() => vi.advanceTimersByTime(20_000));
      expect(screen.getByText('No request matches the filters. New ones that do will appear here.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports the requests the filters let through as HAR, and says where the file went', async () => {
    const { calls } = renderWithBridge(<RequestsView records={traffic} />, {
      'capture:exportHar': ({ ids }: { ids: number[] }) => ({ ok: true, value: { path: '/tmp/refused.har', count: ids.length } }),
    } as never);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'auth' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export HAR…' }));
    expect(await screen.findByText('Saved 1 request to /tmp/refused.har')).toBeTruthy();
    expect(calls.filter(([channel]) => channel === 'capture:exportHar')).toEqual([['capture:exportHar', { ids: [4] }]]);
  });
});

describe("the capture's status line", () => {
  const statusLine = async (status: ReturnType<typeof captureStatus>) => {
    renderWithBridge(<RequestsView records={[]} />, { 'capture:status': { ok: true, value: status } });
    const line = await screen.findByRole('status', { name: 'Capture' });
    return [...line.querySelectorAll('p')].map((paragraph) => paragraph.textContent);
  };

  it('says what is kept, where, and within which limits', async () => {
    expect(await statusLine(captureStatus({ requests: 1234, events: 56789, storedBytes: 3.5 * 1024 * 1024 }))).toEqual([
      'Kept: 1,234 requests, 56,789 events, 3.5 MB in capture.sqlite (14 days / 256 MB)',
    ]);
  });

  it('says how many events a flood left out', async () => {
    expect(await statusLine(captureStatus({ requests: 10, events: 500, storedBytes: 2048, notCapturedEvents: 4000, notCapturedRequests: 8 }))).toEqual([
      'Kept: 10 requests, 500 events, 2.0 KB in capture.sqlite (14 days / 256 MB)',
      '4,000 events received but not captured (a flood faster than the capture could write, or requests too large for its size limit), in 8 requests',
    ]);
  });

  it('says a damaged file was set aside, and where to', async () => {
    const problem =
      'The capture file could not be read, so it was set aside as /data/capture.damaged-2026.sqlite and a fresh capture started. (file is not a database)';
    const lines = await statusLine(captureStatus({ problem }));
    expect(lines[1]).toBe(`capture.sqlite was damaged and set aside; a fresh one is in use. ${problem}`);
  });

  it('says capture is off when the file cannot be used', async () => {
    const lines = await statusLine(
      captureStatus({
        capturing: false,
        problem: 'The capture file was written by a newer version of EventDesk: capture is off, and nothing was changed in it.',
      }),
    );
    expect(lines).toEqual([
      'Capture is off: nothing the sandbox receives is kept. The capture file was written by a newer version of EventDesk: capture is off, and nothing was changed in it.',
    ]);
  });
});

describe('the captured requests in the Sandbox screen', () => {
  it('lists what the capture holds, adds what is written after each request the sandbox answers, and clears the capture only once asked', async () => {
    const { renderSandboxScreen } = await import('./sandbox-screen.tsx');
    let written = [request(1, '/user/events', 202, 'accepted 1 event')];
    let statusAnswer = captureStatus({ requests: 1 });
    const { calls, push } = renderSandboxScreen({
      'capture:requests': ({ after }: { after: { id: number } | null }) => ({
        ok: true,
        value: {
          requests: written.filter((one) => after === null || one.id > after.id),
          reset: after === null,
          more: false,
          status: captureStatus({ requests: written.length }),
        },
      }),
      // Counts read apart from the list lag behind it: the status line must take those each read of the list brings.
      'capture:status': () => ({ ok: true, value: statusAnswer }),
      'capture:clear': () => ({ ok: true, value: { requests: written.length, events: written.length } }),
    } as never);
    await waitFor(() => expect(reasons()).toEqual(['accepted 1 event']));

    written = [request(2, '/user/events', 401, 'bad token'), ...written];
    push('sandbox:request', { id: 99, fault: null });
    await waitFor(() => expect(reasons()).toEqual(['bad token', 'accepted 1 event']));
    // The status line changes with the list, not a second later.
    expect(screen.getByTestId('capture-kept').textContent).toContain('Kept: 2 requests');
    expect(calls.filter(([channel]) => channel === 'capture:requests').at(-1)).toEqual([
      'capture:requests',
      { after: { id: 1, receivedAt: written[1]!.receivedAt } },
    ]);

    // Clear asks with the counts read when it is pressed.
    statusAnswer = captureStatus({ requests: written.length, events: written.length });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    const question = await screen.findByRole('alertdialog', { name: 'Clear the capture?' });
    expect(question.textContent).toContain('Clear 2 captured requests and 2 events? They cannot be brought back.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some(([channel]) => channel === 'capture:clear')).toBe(false);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Clear the capture?' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(screen.getByText(/No requests yet/)).toBeTruthy());
    expect(calls.filter(([channel]) => channel === 'capture:clear')).toHaveLength(1);
  });

  it('reads the requests older than those held with "Load older", and goes back to the newest from a window of older ones', async () => {
    const { renderSandboxScreen } = await import('./sandbox-screen.tsx');
    const newest = Array.from({ length: 3 }, (_, n) => request(1003 - n, '/user/events', 202, `accepted ${1003 - n}`));
    const older = Array.from({ length: 2 }, (_, n) => request(1000 - n, '/user/events', 202, `accepted ${1000 - n}`));
    const { calls } = renderSandboxScreen({
      'capture:requests': ({ before }: { before?: number }) =>
        before === undefined
          ? { ok: true, value: { requests: newest, reset: true, more: true, status: captureStatus({ requests: 5 }) } }
          : { ok: true, value: { requests: older, reset: false, more: false, status: captureStatus({ requests: 5 }) } },
    } as never);
    fireEvent.click(await screen.findByRole('button', { name: 'Load 1,000 older' }));
    await waitFor(() => expect(reasons()).toEqual(['accepted 1003', 'accepted 1002', 'accepted 1001', 'accepted 1000', 'accepted 999']));
    expect(calls.filter(([channel]) => channel === 'capture:requests').at(-1)).toEqual(['capture:requests', { after: null, before: 1001 }]);
    expect(screen.queryByRole('button', { name: 'Load 1,000 older' })).toBeNull();
  });
});

describe('the window of requests the tab holds', () => {
  const read = (ids: number[], more: boolean, reset = false) => ({
    requests: ids.map((id) => request(id, '/user/events', 202, 'accepted 1 event')),
    reset,
    more,
    status: captureStatus(),
  });
  const ids = (window: TrafficWindow) => [window.rows[0]?.id, window.rows.at(-1)?.id, window.rows.length];

  it('walks the whole capture a page at a time, never holding more than REQUESTS_HELD: the newest go, and the window stops following new requests', () => {
    const kept = REQUESTS_HELD + 2 * OLDER_PAGE;
    let window = withNewer({ rows: [], more: false, detached: false }, read(range(kept, kept - REQUESTS_LISTED + 1), true, true));
    while (window.more)
      window = withOlder(
        window,
        read(range(window.rows.at(-1)!.id - 1, Math.max(1, window.rows.at(-1)!.id - OLDER_PAGE)), window.rows.at(-1)!.id - OLDER_PAGE > 1),
      );
    expect(ids(window)).toEqual([REQUESTS_HELD, 1, REQUESTS_HELD]);
    expect(window.detached).toBe(true);
    // Detached, new requests are not put on top; coming back reads the newest anew.
    expect(withNewer(window, read([kept + 1], false)).rows.length).toBe(REQUESTS_HELD);
    expect(ids(withNewer(window, read([kept + 1], true, true)))).toEqual([kept + 1, kept + 1, 1]);
  });

  it('lets the oldest go when new requests would take the list past REQUESTS_HELD', () => {
    const window = withNewer({ rows: [], more: false, detached: false }, read(range(REQUESTS_HELD, 1), false, true));
    const after = withNewer(window, read([REQUESTS_HELD + 2, REQUESTS_HELD + 1], false));
    expect(ids(after)).toEqual([REQUESTS_HELD + 2, 3, REQUESTS_HELD]);
    expect(after.more).toBe(true);
  });
});

/** The ids from `from` down to `to`, newest first. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, n) => from - n);
