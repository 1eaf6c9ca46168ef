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
  it('formats a request body only when its row is opened, not at every new request', async () => {
    const parse = vi.spyOn(JSON, 'parse');
    let records = Array.from({ length: 50 }, (_, n) => record(50 - n));
    const { rerender } = render(<TrafficList records={records} />);
    records = [record(51), ...records];
    rerender(<TrafficList records={records} />);
    expect(parse).not.toHaveBeenCalled();
    expect(screen.queryByText(/"customer_id": "c-42"/)).toBeNull();

    const rows = screen.getAllByRole('listitem');
    fireEvent.click(rows[0]!.querySelector('summary')!);
    expect(await screen.findByText(/"token": "t-51"/)).toBeTruthy();
    expect(parse).toHaveBeenCalledTimes(2);
  });
});
