// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapturedRequest } from '../../../features/capture/common/capture.ts';
import type { CapturedRequestDetail, ListedRequest } from '../../../features/capture/common/capture-requests.ts';
import { PAGE_SIZE, TrafficList } from '../../../renderer/sandbox/TrafficList.tsx';
import { renderWithBridge } from './sandbox-screen.tsx';

afterEach(cleanup);

const summary = (id: number, changes: Partial<ListedRequest> = {}): ListedRequest => ({
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
  upstream: null,
  planErrors: 0,
  planWarnings: 0,
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
    undelivered: 0,
    refusedEvents: [],
    violations: [],
    unlisted: 0,
    ...rest,
  };
}

const open = (row: HTMLElement) => fireEvent.click(row.querySelector('summary')!);

describe('the captured requests list', () => {
  it("reads a request's detail only when its row is opened: headers, body and answer as kept, and the upstream a forwarded one went to", async () => {
    const upstream = {
      url: 'https://staging.example.com/user/events',
      status: 201,
      headers: { 'x-upstream': 'yes' },
      body: '{"accepted":1}',
      error: null,
      durationMs: 41.6,
    };
    const { calls } = renderWithBridge(<TrafficList records={[summary(2), summary(1)]} />, {
      'capture:request': { ok: true, value: detail({ id: 2, upstream }) },
    });
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
    const upstream = {
      url: 'http://127.0.0.1:9/user/events',
      status: null,
      headers: {},
      body: '',
      error: 'the upstream did not answer within 5000 ms',
      durationMs: 5000,
    };
    renderWithBridge(<TrafficList records={[summary(1, { status: 502, reason: 'upstream-unreachable' })]} />, {
      'capture:request': { ok: true, value: detail({ status: 502, upstream }) },
    });
    open(screen.getByRole('listitem'));
    expect((await screen.findByRole('region', { name: 'Forwarded' })).textContent).toContain('No answerthe upstream did not answer within 5000 ms');
  });

  it('counts the events a forwarding sandbox could not deliver apart from the refused', async () => {
    renderWithBridge(<TrafficList records={[summary(1, { status: 502, reason: 'upstream-unreachable' })]} />, {
      'capture:request': { ok: true, value: detail({ status: 502, eventCount: 2 }, { accepted: 0, refused: 0, undelivered: 2 }) },
    });
    open(screen.getByRole('listitem'));
    const verdicts = await screen.findByRole('region', { name: 'Event verdicts' });
    expect(within(verdicts).getByRole('heading').textContent).toBe('Events: 0 accepted · 0 refused · 2 not delivered');
  });

  it("sums up its events' verdicts, with each refused event's problems and the plan's violations", async () => {
    const violation = {
      index: 1,
      kind: 'attribute-value' as const,
      severity: 'error' as const,
      pointer: '/1/attributes/currency',
      expected: 'x',
      message: 'event 2 (/1/attributes/currency): expected one of "EUR", saw "YEN"',
    };
    const refused = detail(
      { status: 422, reason: 'invalid-events: 2 problems', plan: 'shop v3' },
      {
        accepted: 0,
        refused: 2,
        refusedEvents: [{ index: 0, problems: [{ field: 'svc_id', message: 'must be a whole number' }], problemCount: 3 }],
        violations: [violation],
        unlisted: 4,
      },
    );
    renderWithBridge(<TrafficList records={[summary(1, { status: 422, plan: 'shop v3' })]} />, { 'capture:request': { ok: true, value: refused } });
    open(screen.getByRole('listitem'));
    const verdicts = await screen.findByRole('region', { name: 'Event verdicts' });
    expect(within(verdicts).getByRole('heading').textContent).toBe('Events: 0 accepted · 2 refused');
    expect(within(verdicts).getByRole('listitem').textContent).toBe('Event 1: svc_id: must be a whole number (and 2 more problems)');
    const plan = screen.getByRole('region', { name: 'Plan violations (shop v3)' });
    expect(within(plan).getByRole('group', { name: 'Event 2' }).textContent).toContain(
      '✕ error attribute-value /1/attributes/currency: expected one of "EUR", saw "YEN"',
    );
    expect(plan.textContent).toContain('4 more violations not listed.');
  });

  it('says so when a request opened is no longer in the capture', async () => {
    renderWithBridge(<TrafficList records={[summary(1)]} />, {
      'capture:request': {
        ok: false,
        error: { code: 'capture-request-gone', message: 'That request is no longer in the capture: it was cleared, or the retention dropped it.' },
      },
    });
    open(screen.getByRole('listitem'));
    expect((await screen.findByRole('alert')).textContent).toContain('That request is no longer in the capture');
  });

  it('shows a page of requests at a time, then offers to load older ones from the capture', () => {
    const records = Array.from({ length: PAGE_SIZE + 20 }, (_, n) => summary(PAGE_SIZE + 20 - n));
    const load = vi.fn();
    renderWithBridge(<TrafficList records={records} older={{ load, loading: false }} />, {});
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    expect(screen.queryByRole('button', { name: 'Load 1,000 older' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show 20 older' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE + 20);
    fireEvent.click(screen.getByRole('button', { name: 'Load 1,000 older' }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shows each request's number, where a forwarded one went and what the upstream said, and the plan with what it found", () => {
    renderWithBridge(
      <TrafficList
        records={[
          summary(12, { plan: 'shop v3', planErrors: 0, planWarnings: 2, upstream: { status: 201, failed: false } }),
          summary(11, { status: 502, reason: 'upstream-unreachable', upstream: { status: null, failed: true } }),
          summary(10, { plan: 'shop v3', planErrors: 1, planWarnings: 0 }),
        ]}
      />,
      {},
    );
    const marks = screen.getAllByRole('listitem').map((row) => [row.querySelector('.request-number')?.textContent, row.querySelector('.marks')?.textContent]);
    expect(marks).toEqual([
      ['#12', '→ upstream 201plan: shop v3 · 2 warnings'],
      ['#11', '→ upstream no answer'],
      ['#10', 'plan: shop v3 · 1 error'],
    ]);
  });

  it('is one Tab stop: arrows, Home, End, PageUp and PageDown move the active row, the only one reached by Tab', () => {
    renderWithBridge(<TrafficList records={Array.from({ length: 30 }, (_, n) => summary(30 - n))} />, {});
    const tabStops = () =>
      [...document.querySelectorAll<HTMLElement>('.traffic summary')]
        .filter((row) => row.tabIndex === 0)
        .map((row) => row.querySelector('.request-number')!.textContent);
    const focused = () => document.activeElement?.querySelector('.request-number')?.textContent;
    expect(tabStops()).toEqual(['#30']);
    const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });
    document.querySelector<HTMLElement>('.traffic summary')!.focus();
    press('ArrowDown');
    press('ArrowDown');
    expect(focused()).toBe('#28');
    press('ArrowUp');
    expect(focused()).toBe('#29');
    press('End');
    expect(focused()).toBe('#1');
    press('PageUp');
    expect(focused()).toBe('#11');
    press('Home');
    expect(focused()).toBe('#30');
    press('PageDown');
    press('ArrowDown');
    expect(focused()).toBe('#19');
    expect(tabStops()).toEqual(['#19']);
  });

  it('says a request refused from its headers had its body left unread, so it has no events', async () => {
    const refused = detail(
      {
        status: 401,
        reason: 'bad API key',
        body: '',
        bodyBytes: 375,
        eventCount: 0,
        response: { status: 401, headers: {}, body: '{"error":"unknown-api-key"}' },
      },
      { accepted: 0, refused: 0 },
    );
    renderWithBridge(<TrafficList records={[summary(1, { status: 401, reason: 'bad API key', eventCount: 0 })]} />, {
      'capture:request': { ok: true, value: refused },
    });
    open(screen.getByRole('listitem'));
    expect(await screen.findByText(/^Refused from its headers \(bad API key\): its body was not read, so it has no events here\./)).toBeTruthy();
    expect(screen.getByText('(not read: 375 bytes declared)')).toBeTruthy();
  });

  it('does not say so of a refused request whose body was read (forwarded, or refused for its content)', async () => {
    const upstream = {
      url: 'https://staging.example.com/user/events',
      status: 401,
      headers: {},
      body: '{"error":"unknown-api-key"}',
      error: null,
      durationMs: 4,
    };
    const forwarded = detail({ status: 401, reason: 'bad API key', upstream, eventCount: 1 });
    renderWithBridge(<TrafficList records={[summary(1, { status: 401, reason: 'bad API key' })]} />, { 'capture:request': { ok: true, value: forwarded } });
    open(screen.getByRole('listitem'));
    await screen.findByRole('region', { name: 'Forwarded' });
    expect(screen.queryByText(/Refused from its headers/)).toBeNull();
  });
});
