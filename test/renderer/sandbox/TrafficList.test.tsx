// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CapturedRequest, CapturedRequestSummary } from '../../../shared/capture.ts';
import type { CapturedRequestDetail } from '../../../shared/capture-requests.ts';
import { PAGE_SIZE, TrafficList } from '../../../renderer/sandbox/TrafficList.tsx';
import { renderWithBridge } from './sandbox-screen.tsx';

afterEach(cleanup);

const summary = (id: number, changes: Partial<CapturedRequestSummary> = {}): CapturedRequestSummary => ({
  id,
  receivedAt: '2026-11-24T03:00:00.000Z',
  durationMs: 3,
  method: 'POST',
  path: '/user/events',
  status: 202,
  reason: 'accepted 1 event',
  eventCount: 1,
  fault: null,
  plan: null,
  ...changes,
});

function detail(request: Partial<CapturedRequest>, rest: Partial<Omit<CapturedRequestDetail, 'request'>> = {}): CapturedRequestDetail {
  return {
    request: {
      ...summary(1),
      headers: { 'content-type': 'application/json', authorization: 'Bearer ••••' },
      body: JSON.stringify([{ token: 't-1', customer_id: 'c-42' }]),
      bodyBytes: 40,
      bodyTruncated: false,
      response: { status: 202, headers: {}, body: '{"accepted":1}' },
      serviceIdField: 'svc_id',
      upstream: null,
      ...request,
    },
    accepted: 1,
    refused: 0,
    refusedEvents: [],
    violations: [],
    unlisted: 0,
    ...rest,
  };
}

const open = (row: HTMLElement) => fireEvent.click(row.querySelector('summary')!);

describe('the captured requests list', () => {
  it("reads a request's detail only when its row is opened: headers, body and answer as kept, and the upstream a forwarded one went to", async () => {
    const upstream = { url: 'https://staging.example.com/user/events', status: 201, headers: { 'x-upstream': 'yes' }, body: '{"accepted":1}', error: null, durationMs: 41.6 };
    const { calls } = renderWithBridge(<TrafficList records={[summary(2), summary(1)]} />, { 'capture:request': { ok: true, value: detail({ id: 2, upstream }) } });
    expect(calls.some(([channel]) => channel === 'capture:request')).toBe(false);
    open(screen.getAllByRole('listitem')[0]!);
    const forwarded = await screen.findByRole('region', { name: 'Forwarded' });
    expect(forwarded.textContent).toContain('Upstreamhttps://staging.example.com/user/events');
    expect(forwarded.textContent).toContain('It answered201');
    expect(forwarded.textContent).toContain('Took41.6 ms');
    expect(screen.getByText(/"customer_id": "c-42"/)).toBeTruthy();
    expect(screen.getByText('Bearer ••••')).toBeTruthy();
    expect(calls.filter(([channel]) => channel === 'capture:request')).toEqual([['capture:request', { id: 2 }]]);
  });

  it('says why a forwarded request got no answer from the upstream', async () => {
    const upstream = { url: 'http://127.0.0.1:9/user/events', status: null, headers: {}, body: '', error: 'the upstream did not answer within 5000 ms', durationMs: 5000 };
    renderWithBridge(<TrafficList records={[summary(1, { status: 502, reason: 'upstream-unreachable' })]} />, { 'capture:request': { ok: true, value: detail({ status: 502, upstream }) } });
    open(screen.getByRole('listitem'));
    expect((await screen.findByRole('region', { name: 'Forwarded' })).textContent).toContain('No answerthe upstream did not answer within 5000 ms');
  });

  it("sums up its events' verdicts, with each refused event's problems and the plan's violations", async () => {
    const violation = { index: 1, kind: 'attribute-value' as const, severity: 'error' as const, pointer: '/1/attributes/currency', expected: 'x', message: 'event 2 (/1/attributes/currency): expected one of "EUR", saw "YEN"' };
    const refused = detail(
      { status: 422, reason: 'invalid-events: 2 problems', plan: 'shop v3' },
      { accepted: 0, refused: 2, refusedEvents: [{ index: 0, problems: [{ field: 'svc_id', message: 'must be a whole number' }], problemCount: 3 }], violations: [violation], unlisted: 4 },
    );
    renderWithBridge(<TrafficList records={[summary(1, { status: 422, plan: 'shop v3' })]} />, { 'capture:request': { ok: true, value: refused } });
    open(screen.getByRole('listitem'));
    const verdicts = await screen.findByRole('region', { name: 'Event verdicts' });
    expect(within(verdicts).getByRole('heading').textContent).toBe('Events: 0 accepted · 2 refused');
    expect(within(verdicts).getByRole('listitem').textContent).toBe('Event 1: svc_id: must be a whole number (and 2 more problems)');
    const plan = screen.getByRole('region', { name: 'Plan violations (shop v3)' });
    expect(within(plan).getByRole('group', { name: 'Event 2' }).textContent).toContain('✕ error attribute-value /1/attributes/currency: expected one of "EUR", saw "YEN"');
    expect(plan.textContent).toContain('4 more violations not listed.');
  });

  it('says so when a request opened is no longer in the capture', async () => {
    renderWithBridge(<TrafficList records={[summary(1)]} />, { 'capture:request': { ok: false, error: { code: 'capture-request-gone', message: 'That request is no longer in the capture: it was cleared, or the retention dropped it.' } } });
    open(screen.getByRole('listitem'));
    expect((await screen.findByRole('alert')).textContent).toContain('That request is no longer in the capture');
  });

  it('shows a page of requests at a time, and how many the capture holds beyond those listed', () => {
    const records = Array.from({ length: PAGE_SIZE + 20 }, (_, n) => summary(PAGE_SIZE + 20 - n));
    renderWithBridge(<TrafficList records={records} kept={5000} />, {});
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 older' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE + 20);
    expect(screen.getByText(/The capture holds 5,000 requests; the newest 320 are listed here/)).toBeTruthy();
  });
});
