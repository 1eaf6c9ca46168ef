// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchComparison } from '../../../renderer/compare/BatchComparison.tsx';
import type { EventDiffAnswer, EventDiffRequest } from '../../../renderer/compare/event-diff-protocol.ts';

// The diff worker answering in process, a turn later as a worker would: jsdom has no workers.
vi.mock('../../../renderer/compare/event-diff.worker.ts?worker', async () => {
  const { createEventDiffResponder } = await import('../../../renderer/compare/event-diff-protocol.ts');
  return {
    default: class InProcessWorker {
      onmessage: ((message: MessageEvent<EventDiffAnswer>) => void) | null = null;
      private respond = createEventDiffResponder();
      postMessage(request: EventDiffRequest) {
        setTimeout(() => this.onmessage?.({ data: this.respond(request) } as MessageEvent<EventDiffAnswer>));
      }
      terminate() {}
    },
  };
});
vi.mock('../../../renderer/shell/editors.ts', () => ({ CompareEditor: () => null }));

afterEach(cleanup);

const event = (n: number, createdAt: string) => ({ token: `evt-${n}`, customer_id: 'cust-7781', created_at: createdAt, attributes: { plan: 'pro' } });
const before = JSON.stringify([event(1, '2026-11-20 10:00:00'), event(2, '2026-11-20 10:05:00')]);
// "Shift times" moved every created_at: no event keeps its key.
const shifted = JSON.stringify([event(1, '2026-11-24 09:00:00'), event(2, '2026-11-24 09:05:00')]);

describe('BatchComparison', () => {
  it('says when no event matches by key, and matches by position from a button beside it; with some matching, it offers no button', async () => {
    const oneMoved = JSON.stringify([event(1, '2026-11-20 10:00:00'), event(2, '2026-11-24 09:05:00')]);
    const { unmount } = render(<BatchComparison left={before} right={oneMoved} label="Batches" sides={['left', 'right']} />);
    await vi.waitFor(() => expect(screen.getByRole('status').textContent).toBe('≠ 1 event only left, 1 only right'));
    expect(screen.queryByRole('button', { name: 'Match by position' })).toBeNull();
    unmount();

    render(<BatchComparison left={before} right={shifted} label="Batches" sides={['left', 'right']} />);
    const summary = screen.getByRole('status');
    await vi.waitFor(() => expect(summary.textContent).toBe('≠ No event matches by token, customer_id and created_at: 2 events only left, 2 only right'));
    fireEvent.click(screen.getByRole('button', { name: 'Match by position' }));
    await vi.waitFor(() => expect(summary.textContent).toBe('≠ 2 events differ'));
    expect(screen.queryByRole('button', { name: 'Match by position' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Match by position' })).toHaveProperty('checked', true);
  });
});
