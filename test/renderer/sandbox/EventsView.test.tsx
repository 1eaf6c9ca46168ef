// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CapturedEventRow, CapturedEventsQuery, CapturedSelection } from '../../../features/capture/common/capture-events.ts';
import { useEventsUi } from '../../../renderer/sandbox/events/events-ui.ts';
import { useSandboxView } from '../../../renderer/sandbox/events/sandbox-view.ts';
import { FILTER_PLACEHOLDER } from '../../../renderer/base/widgets/FilterInput.tsx';
import { useReplay } from '../../../renderer/base/data/replay-store.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices, useUi } from '../../../renderer/base/state/ui.ts';
import { captureStatus, renderSandboxScreen, sandboxView } from './sandbox-screen.tsx';
import { stubBrowser } from '../app-harness.tsx';

// Clear asks in a <dialog>, which jsdom cannot show.
beforeAll(stubBrowser);

/** The Sandbox tab's Events view over a bridge with canned pages of captured events. */

// Two cores shared by many: a page of rows may take more than a second to come.
configure({ asyncUtilTimeout: 3000 });

const copied: string[] = [];
beforeEach(() => {
  copied.length = 0;
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) } });
  // jsdom lays nothing out: the grid is given a height, so the virtualizer has rows to show.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 900 });
  localStorage.clear();
  useEventsUi.setState({ ...useEventsUi.getInitialState(), attributes: [] }, true);
  useSandboxView.setState(useSandboxView.getInitialState(), true);
  useComposer.setState(useComposer.getInitialState(), true);
  useReplay.setState(useReplay.getInitialState(), true);
  useUi.setState(useUi.getInitialState(), true);
});
afterEach(cleanup);

function row(place: number, changes: Partial<CapturedEventRow> = {}): CapturedEventRow {
  return {
    requestId: 10 + Math.floor(place / 2),
    index: place % 2,
    token: `t-${place + 1}`,
    customerId: `c-${place + 1}`,
    deviceId: 'dev-1',
    createdAt: '2026-11-22 10:00:00',
    failure: null,
    verdict: 'accepted',
    problems: [],
    problemCount: 0,
    violations: [],
    attributes: [],
    ...changes,
  };
}

/** Five events: three accepted (one with a plan warning), one refused for its own fields, one with its request. */
const captured: CapturedEventRow[] = [
  row(0),
  row(1, {
    violations: [
      {
        index: 1,
        kind: 'attribute-unknown',
        severity: 'warning',
        pointer: '/1/attributes/colour',
        expected: 'no such attribute',
        message: 'colour is not in the plan.',
      },
    ],
  }),
  row(2),
  row(3, {
    verdict: 'refused',
    problemCount: 2,
    problems: [
      { field: 'customer_id', message: 'Must be a string, not a number.' },
      { field: 'colour', message: 'Not a field of a user event.' },
    ],
  }),
  row(4, { verdict: 'refused' }),
];

function eventsAnswer(events: CapturedEventRow[]) {
  return (input: unknown) => {
    const query = input as CapturedEventsQuery;
    if (query.where === 'customer_id = (')
      return { ok: false as const, error: { code: 'capture-filter' as const, message: 'The filter cannot be read: column 15: expected a value after “=”.' } };
    const matching = events.filter((event) => query.verdict === 'any' || event.verdict === query.verdict);
    const rows = matching
      .slice(query.offset, query.offset + query.limit)
      .map((event) => ({ ...event, attributes: query.attributes.map((name) => `${name} of ${event.token}`) }));
    return { ok: true as const, value: { rows, total: matching.length, captured: events.length, generation: 3 } };
  };
}

function renderEvents(events = captured, more: Parameters<typeof renderSandboxScreen>[0] = {}) {
  useSandboxView.setState({ view: 'events' });
  return renderSandboxScreen({ 'sandbox:info': { ok: true, value: sandboxView() }, 'capture:events': eventsAnswer(events), ...more });
}

const rowsShown = () => screen.getAllByRole('row').filter((element) => element.hasAttribute('data-place'));

describe("the Sandbox tab's Events view", () => {
  it('lists every captured event with its key fields, its verdict in words and signs, and its request', async () => {
    renderEvents();
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    expect(screen.getByTestId('events-count').textContent).toMatch(/^5 of 5 events/);
    const cells = rowsShown().map((element) =>
      within(element)
        .getAllByRole('gridcell')
        .map((cell) => cell.textContent),
    );
    // The verdict and the request first after the place: triage's columns, in view however narrow the table.
    expect(cells[0]).toEqual(['1', '✓ accepted', '#10', 't-1', 'c-1', 'dev-1', '2026-11-22 10:00:00']);
    expect(cells[1]![1]).toBe('✓ accepted⚠ 1 plan warning');
    expect(cells[3]![1]).toBe('✕ refused: 2 problems');
    expect(cells[4]![1]).toBe('✕ refused with its request');

    // The request an event came in: the Requests view, with its id.
    fireEvent.click(within(rowsShown()[3]!).getByRole('button', { name: 'Show request #11' }));
    expect(await screen.findByRole('tab', { name: 'Requests', selected: true })).toBeTruthy();
    expect(screen.getByText('Captured request #11 is not among the requests listed; eventdesk capture show 11 prints it.').getAttribute('role')).toBe('status');
  });

  it('shows the events a forwarding sandbox could not deliver as not delivered, with why, and picks exactly them', async () => {
    renderEvents([
      ...captured,
      row(5, { verdict: 'undelivered', failure: 'upstream-timeout' }),
      row(6, { verdict: 'undelivered', failure: 'upstream-unreachable' }),
    ]);
    await waitFor(() => expect(rowsShown()).toHaveLength(7));
    const verdicts = () => rowsShown().map((element) => within(element).getAllByRole('gridcell')[1]!.textContent);
    expect(verdicts().slice(5)).toEqual(['⊘ not delivered: upstream timed out', '⊘ not delivered: upstream unreachable']);
    fireEvent.change(screen.getByLabelText('Verdict'), { target: { value: 'undelivered' } });
    await waitFor(() => expect(rowsShown()).toHaveLength(2));
    expect(screen.getByRole('option', { name: 'Not delivered' })).toBeTruthy();
    expect(verdicts()).toEqual(['⊘ not delivered: upstream timed out', '⊘ not delivered: upstream unreachable']);
  });

  it('clears the capture from the Events view too, asking with the requests and the events that go, and says why it cannot when nothing is captured', async () => {
    let status = captureStatus({ requests: 3, events: 5 });
    const { calls } = renderEvents(captured, {
      'capture:status': () => ({ ok: true, value: status }),
      'capture:clear': () => {
        status = captureStatus();
        return { ok: true, value: { requests: 3, events: 5 } };
      },
    });
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    const clear = screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement;
    await waitFor(() => expect(clear.disabled).toBe(false));
    fireEvent.click(clear);
    const question = await screen.findByRole('alertdialog', { name: 'Clear the capture?' });
    expect(question.textContent).toContain('Clear 3 captured requests and 5 events? They cannot be brought back.');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some(([channel]) => channel === 'capture:clear')).toBe(false);
    await waitFor(() => expect(clear.disabled).toBe(false));
    fireEvent.click(clear);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Clear the capture?' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(calls.filter(([channel]) => channel === 'capture:clear')).toHaveLength(1));
    await waitFor(() => expect(clear.disabled).toBe(true));
    expect(clear.title).toBe('Nothing captured to clear.');
  });

  it('opens the request an event came in, in the Requests view', async () => {
    const listed = (id: number) => ({
      id,
      receivedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 2,
      method: 'POST',
      path: '/user/events',
      status: 422,
      reason: 'invalid-events: 2 problems',
      eventCount: 2,
      fault: null,
      plan: null,
    });
    renderEvents(captured, { 'capture:requests': { ok: true, value: { requests: [listed(12), listed(11), listed(10)], reset: true } } });
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.click(within(rowsShown()[3]!).getByRole('button', { name: 'Show request #11' }));
    expect(await screen.findByText('Captured request #11, opened below, is the one the event came in.')).toBeTruthy();
    const requests = within(screen.getByRole('list', { name: 'Requests, newest first' }))
      .getAllByRole('listitem')
      .map((item) => item.querySelector('details')!);
    await waitFor(() => expect(requests.map((details) => details.open)).toEqual([false, true, false]));
    expect(document.activeElement).toBe(requests[1]!.querySelector('summary'));
  });

  it('opens an event: its problems, its request and the event as it arrived', async () => {
    renderEvents(captured, {
      'capture:event': {
        ok: true,
        value: {
          text: '{\n  "token": "t-4"\n}',
          request: { id: 11, receivedAt: '2026-11-22T10:00:00.000Z', path: '/user/events', status: 422, reason: 'invalid-events: 2 problems' },
        },
      },
    });
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.click(rowsShown()[3]!);
    const detail = await screen.findByRole('region', { name: 'Event detail' });
    expect(within(detail).getByRole('heading').textContent).toBe('Event 2 of request #11');
    expect(within(detail).getByRole('list', { name: 'Problems' }).textContent).toBe(
      'customer_id Must be a string, not a number.colour Not a field of a user event.',
    );
    await waitFor(() => expect(within(detail).getByText(/"token": "t-4"/)).toBeTruthy());
    expect(detail.textContent).toContain('/user/events, 422 invalid-events: 2 problems');
  });

  it('selects by click, Shift-click and Ctrl-click, Ctrl+A for all that match, and takes the selection out', async () => {
    const taken: CapturedSelection[] = [];
    const { calls } = renderEvents(captured, {
      'capture:eventsText': (input) => {
        taken.push(input as CapturedSelection);
        return { ok: true, value: { text: '[\n  {"token": "t-1"}\n]\n', count: 3, source: '3 captured events (refused)' } };
      },
      'capture:saveEvents': { ok: true, value: { path: '/tmp/out.ndjson', count: 3 } },
    });
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.click(rowsShown()[0]!);
    fireEvent.click(rowsShown()[2]!, { shiftKey: true });
    expect(screen.getByTestId('events-selected').textContent).toBe('3 events selected');
    expect(rowsShown().map((element) => element.getAttribute('aria-selected'))).toEqual(['true', 'true', 'true', 'false', 'false']);
    fireEvent.click(rowsShown()[1]!, { ctrlKey: true });
    expect(screen.getByTestId('events-selected').textContent).toBe('2 events selected');
    fireEvent.click(rowsShown()[4]!, { ctrlKey: true });

    const bar = screen.getByRole('toolbar', { name: 'Selected events' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(copied).toEqual(['[\n  {"token": "t-1"}\n]\n']));
    expect(taken.at(-1)).toEqual({
      where: '',
      verdict: 'any',
      generation: 3,
      ranges: [
        [0, 1],
        [2, 3],
        [4, 5],
      ],
    });

    fireEvent.keyDown(screen.getByRole('grid', { name: 'Captured events' }), { key: 'a', ctrlKey: true });
    expect(screen.getByTestId('events-selected').textContent).toBe('5 events selected');

    fireEvent.click(within(bar).getByRole('button', { name: 'Save as NDJSON…' }));
    await waitFor(() =>
      expect(calls.find(([channel]) => channel === 'capture:saveEvents')?.[1]).toEqual({
        selection: { where: '', verdict: 'any', generation: 3, ranges: [[0, 5]] },
        format: 'ndjson',
      }),
    );
    await waitFor(() => expect(useNotices.getState().notices.map((notice) => notice.text)).toContain('Saved 3 events to /tmp/out.ndjson.'));

    fireEvent.click(within(bar).getByRole('button', { name: 'Replay…' }));
    await waitFor(() =>
      expect(useReplay.getState().request).toEqual({ eventsText: '[\n  {"token": "t-1"}\n]\n', count: 3, source: '3 captured events (refused)' }),
    );

    fireEvent.click(within(bar).getByRole('button', { name: 'Open in composer' }));
    await waitFor(() => expect(useUi.getState().screen).toBe('composer'));
    const batch = useComposer.getState().batches.at(-1)!;
    // Named by the minute on the locale's clock, as every time the app shows.
    expect(batch.name).toMatch(/^Captured \d{1,2}:\d\d( [AP]M)? \(3 events\)$/);
    expect(useComposer.getState().activeId).toBe(batch.id);
    expect(useNotices.getState().notices.map((notice) => notice.text)).toContain('Opened 3 captured events as a new batch.');
  });

  it('moves with the arrows, selects with Space and opens with Enter', async () => {
    renderEvents(captured, {
      'capture:event': {
        ok: true,
        value: { text: '{}', request: { id: 10, receivedAt: '2026-11-22T10:00:00.000Z', path: '/user/events', status: 202, reason: 'accepted 2 events' } },
      },
    });
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    const grid = screen.getByRole('grid', { name: 'Captured events' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    fireEvent.keyDown(grid, { key: ' ' });
    expect(screen.getByTestId('events-selected').textContent).toBe('1 event selected');
    expect(rowsShown()[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(within(await screen.findByRole('region', { name: 'Event detail' })).getByRole('heading').textContent).toBe('Event 2 of request #10');
  });

  it('filters by verdict, says what a bad expression gets wrong, and stays live', async () => {
    const events = [...captured];
    const { calls, push } = renderEvents(events);
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.change(screen.getByLabelText('Verdict'), { target: { value: 'refused' } });
    await waitFor(() => expect(rowsShown().map((element) => within(element).getAllByRole('gridcell')[3]!.textContent)).toEqual(['t-4', 't-5']));
    expect(screen.getByTestId('events-count').textContent).toMatch(/^2 of 5 events/);

    events.push(row(5, { verdict: 'refused' }));
    push('capture:eventsChanged', { events: 6 });
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    expect(screen.getByTestId('events-count').textContent).toMatch(/^3 of 6 events/);
    expect(calls.filter(([channel]) => channel === 'capture:events').length).toBeGreaterThanOrEqual(3);

    const box = screen.getByRole('searchbox', { name: 'Filter captured events' });
    // One name, one element: the search landmark around it is named apart.
    expect(screen.getAllByLabelText('Filter captured events')).toHaveLength(1);
    expect(screen.getByRole('search', { name: 'Find captured events' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'customer_id = (' } });
    await waitFor(() => expect(screen.getByTestId('events-count').textContent).toBe('The filter cannot be read: column 15: expected a value after “=”.'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // The composer's own box (FilterInput): its example, and Escape clears.
    expect([box.className, box.getAttribute('placeholder')]).toEqual(['filter-input', FILTER_PLACEHOLDER]);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
  });

  it("sends the filter as typed, so a problem's column is the column in the box, as eventdesk capture --where counts it", async () => {
    const { calls } = renderEvents();
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter captured events' }), { target: { value: '  customer_id = ' } });
    await waitFor(() =>
      expect(calls.some(([channel, query]) => channel === 'capture:events' && (query as CapturedEventsQuery).where === '  customer_id = ')).toBe(true),
    );
  });

  it('adds attribute columns by name and remembers them; says when nothing is captured and when nothing matches', async () => {
    renderEvents();
    await waitFor(() => expect(rowsShown()).toHaveLength(5));
    fireEvent.change(screen.getByRole('textbox', { name: 'Attribute column' }), { target: { value: 'attributes.plan' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add column' }));
    expect(screen.getByRole('columnheader', { name: 'plan' })).toBeTruthy();
    await waitFor(() => expect(within(rowsShown()[0]!).getAllByRole('gridcell').at(-1)!.textContent).toBe('plan of t-1'));
    expect(JSON.parse(localStorage.getItem('eventdesk.capture.attributeColumns')!)).toEqual(['plan']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the plan column' }));
    expect(screen.queryByRole('columnheader', { name: 'plan' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('eventdesk.capture.attributeColumns')!)).toEqual([]);
    cleanup();

    renderEvents([]);
    expect(await screen.findByText('Nothing captured yet.')).toBeTruthy();
    expect(screen.getByText(/in the Connection panel beside/)).toBeTruthy();
    cleanup();

    renderEvents(captured.slice(0, 3));
    await waitFor(() => expect(rowsShown()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Verdict'), { target: { value: 'refused' } });
    expect(await screen.findByText('No captured event matches the filter. New ones that do will appear here.')).toBeTruthy();
  });

  it('keeps its length while the pages scrolled to are on their way: 100 000 rows scroll without a render loop', async () => {
    const answered: number[] = [];
    renderEvents(captured, {
      'capture:events': (input) => {
        const query = input as CapturedEventsQuery;
        answered.push(query.offset);
        const rows = Array.from({ length: Math.min(query.limit, 100_000 - query.offset) }, (_, at) => row(query.offset + at));
        return { ok: true, value: { rows, total: 100_000, captured: 100_000, generation: 0 } };
      },
    });
    const grid = await screen.findByRole('grid', { name: 'Captured events' });
    for (const top of [300_000, 1_500_000, 2_999_000]) {
      await act(async () => {
        grid.scrollTop = top;
        fireEvent.scroll(grid);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    }
    await waitFor(() => expect(within(grid).getByText('t-100000')).toBeTruthy());
    expect(screen.getByTestId('events-count').textContent).toMatch(/^100,000 of 100,000 events/);
    // Only the pages in view were asked for, not the 500 pages of the list.
    expect(new Set(answered).size).toBeLessThan(12);
  });
});
