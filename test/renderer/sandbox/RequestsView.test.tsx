// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxRequestRecord } from '../../../shared/sandbox.ts';
import { RequestsView } from '../../../renderer/sandbox/RequestsView.tsx';

afterEach(cleanup);

const body = (text: string) => ({ text, bytes: text.length, truncated: false });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function request(id: number, path: string, status: number | null, answer: unknown, age = 0, fault: SandboxRequestRecord['fault'] = null): SandboxRequestRecord {
  return {
    id,
    time: minutesAgo(age),
    durationMs: 2,
    method: 'POST',
    path,
    headers: {},
    body: body('[]'),
    response: status === null ? null : { status, headers: {}, body: body(JSON.stringify(answer)) },
    fault,
    plan: null,
  };
}

const traffic = [
  request(6, '/user/events', 503, { error: 'service-unavailable', message: 'Forced.' }, 0, 'fail-sequence'),
  request(5, '/user/events', 422, { error: 'invalid-events', message: '3 problems in the events.', errors: [] }),
  request(4, '/user/events', 401, { error: 'unknown-token', message: 'Unknown token.' }),
  request(3, '/user/events?debug=1', 202, { accepted: 2 }, 30),
  request(2, '/oauth2/login', 200, { access_token: 'x' }, 90),
  request(1, '/user/events', null, null, 120),
];

const rows = () => screen.getAllByRole('listitem').map((row) => row.querySelector('summary')!.textContent);
const reasons = () => screen.getAllByRole('listitem').map((row) => row.querySelector('.reason')!.textContent);

describe('the sandbox requests view', () => {
  it('gives each request its reason, and filters by status, path and age, together', () => {
    render(<RequestsView records={traffic} />);
    expect(reasons()).toEqual(['service-unavailable', 'invalid-events: 3 problems', 'bad token', 'accepted 2 events', 'logged in', 'no answer: the connection was reset or dropped']);
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

  it('says so when nothing matches, and shows a new matching request as it arrives', () => {
    const { rerender } = render(<RequestsView records={traffic} />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'server' } });
    expect(screen.getByText('No request matches the filters. New ones that do will appear here.')).toBeTruthy();
    rerender(<RequestsView records={[request(7, '/user/events', 500, { error: 'internal-error', message: 'Oops.' }), ...traffic]} />);
    expect(reasons()).toEqual(['internal-error']);
  });

  it('lets a request leave a filter by age as it ages', () => {
    vi.useFakeTimers();
    try {
      render(<RequestsView records={[request(2, '/user/events', 202, { accepted: 1 }, 59.9), request(1, '/user/events', 202, { accepted: 1 }, 120)]} />);
      fireEvent.change(screen.getByLabelText('Time'), { target: { value: '60' } });
      expect(rows()).toHaveLength(1);
      act(() => vi.advanceTimersByTime(20_000));
      expect(screen.getByText('No request matches the filters. New ones that do will appear here.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
