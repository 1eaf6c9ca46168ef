// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SandboxRequestRecord } from '../../../shared/sandbox.ts';
import { TrafficList } from '../../../renderer/sandbox/TrafficList.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const body = (text: string) => ({ text, bytes: text.length, truncated: false });
const record = (id: number): SandboxRequestRecord => ({
  id,
  time: '2026-11-24T03:00:00.000Z',
  durationMs: 3,
  method: 'POST',
  path: '/user/events',
  headers: { 'content-type': 'application/json' },
  body: body(JSON.stringify([{ token: `t-${id}`, customer_id: 'c-42' }])),
  response: { status: 202, headers: {}, body: body('{"accepted":1}') },
  fault: null,
  plan: null,
});

describe('the sandbox traffic list', () => {
  it('formats a request body only when its row is opened, and reads only the new answer at a new request', async () => {
    let records = Array.from({ length: 50 }, (_, n) => record(50 - n));
    const { rerender } = render(<TrafficList records={records} />);
    const parse = vi.spyOn(JSON, 'parse');
    records = [record(51), ...records];
    rerender(<TrafficList records={records} />);
    // The new row's answer, read once for its reason ("accepted 1 event").
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockClear();
    expect(screen.queryByText(/"customer_id": "c-42"/)).toBeNull();

    const rows = screen.getAllByRole('listitem');
    fireEvent.click(rows[0]!.querySelector('summary')!);
    expect(await screen.findByText(/"token": "t-51"/)).toBeTruthy();
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('marks each event with its plan violations, in words and a sign, when a plan checked the request', async () => {
    const violation = (index: number, kind: 'attribute-value' | 'attribute-unknown', severity: 'error' | 'warning', pointer: string, text: string) => ({ index, kind, severity, pointer, expected: 'x', message: `event ${index + 1} (${pointer}): ${text}` });
    const checked: SandboxRequestRecord = {
      ...record(2),
      response: { status: 422, headers: {}, body: body('{}') },
      plan: {
        plan: 'shop v3',
        violations: [violation(1, 'attribute-value', 'error', '/1/attributes/currency', 'expected one of "EUR", saw "YEN"'), violation(1, 'attribute-unknown', 'warning', '/1/attributes/coupon', 'not planned')],
        unlisted: 0,
      },
    };
    const warned: SandboxRequestRecord = { ...record(1), plan: { plan: 'shop v3', violations: [violation(0, 'attribute-unknown', 'warning', '/0/attributes/coupon', 'not planned')], unlisted: 0 } };
    render(<TrafficList records={[checked, warned, record(3)]} />);
    const [refused, passed, unchecked] = screen.getAllByRole('listitem');
    expect(refused!.querySelector('summary')!.textContent).toContain('✕ 1 plan error');
    expect(passed!.querySelector('summary')!.textContent).toContain('⚠ 1 plan warning');
    expect(unchecked!.querySelector('summary')!.textContent).not.toContain('plan');

    fireEvent.click(refused!.querySelector('summary')!);
    const event = await screen.findByRole('group', { name: 'Event 2' });
    const marks = [...event.querySelectorAll('li')].map((item) => item.textContent);
    expect(marks).toEqual(['✕ error attribute-value /1/attributes/currency: expected one of "EUR", saw "YEN"', '⚠ warning attribute-unknown /1/attributes/coupon: not planned']);
    expect(screen.getByRole('region', { name: 'Plan violations (shop v3)' }).textContent).toContain('Plan shop v3: 1 event with violations');
  });
});
