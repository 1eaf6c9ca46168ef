// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { problemCounts } from '../../../features/plans/common/plan-diagnostics.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useNotices } from '../../../renderer/base/state/ui.ts';
import { useQuestions } from '../../../renderer/base/widgets/questions.ts';
import { CHECK_WAIT_MS, useSend, type BatchCheck } from '../../../renderer/send/useSend.ts';
import { stubBrowser } from '../app-harness.tsx';

/**
 * A send made while the batch is still being checked (a keystroke ago, or a big batch whose
 * editor is still being made) waits for the check of what it sends: a batch with errors asks
 * first however quickly Send was pressed.
 */

beforeAll(stubBrowser);

const environment = { id: 'env-1', name: 'Staging', production: false, color: '#888' };
const start = vi.fn(async () => ({ started: { id: 'submission-1' } }));
const api = {
  environments: { list: async () => ({ environments: [environment], activeId: environment.id }) },
  send: { start },
  session: { onChanged: () => () => undefined },
} as unknown as Api;

const error: Diagnostic = { severity: 'error', code: 'type', message: 'token is missing.', path: '/0/token', line: 1, column: 1, endLine: 1, endColumn: 2 };
const checkOf = (batchId: string, pending: boolean, diagnostics: Diagnostic[] = []): BatchCheck => ({
  batchId,
  diagnostics,
  counts: problemCounts(diagnostics),
  pending,
});

let sender: ReturnType<typeof useSend>;
function Composer({ check }: { check: BatchCheck }) {
  const batch = useComposer((state) => state.batches.find((each) => each.id === check.batchId) ?? null);
  sender = useSend(batch, check);
  return null;
}

let rerender: (check: BatchCheck) => void;
let batchId: string;
beforeEach(async () => {
  start.mockClear();
  useComposer.setState(useComposer.getInitialState(), true);
  useNotices.setState(useNotices.getInitialState(), true);
  useQuestions.setState({ asked: [] });
  batchId = useComposer.getState().open({ name: 'Batch', text: '[{"svc_id": 1}]' });
  const client = new QueryClient();
  const tree = (check: BatchCheck) => (
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <Composer check={check} />
      </QueryClientProvider>
    </ApiContext>
  );
  const rendered = render(tree(checkOf(batchId, true)));
  rerender = (check) => rendered.rerender(tree(check));
  await waitFor(() => expect(sender.ready).toBe(true));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

describe('Send while the batch is being checked', () => {
  it('waits for the check, then asks about its errors before anything is sent', async () => {
    let sending!: Promise<void>;
    act(() => void (sending = sender.send()));
    await settle();
    expect(sender.checking).toBe(true);
    expect(useQuestions.getState().asked).toEqual([]);

    act(() => rerender(checkOf(batchId, false, [error])));
    await settle();
    expect(useQuestions.getState().asked).toHaveLength(1);
    expect(start).not.toHaveBeenCalled();
    await act(async () => {
      useQuestions.getState().asked[0]!.settle('cancel');
      await sending;
    });
    expect(start).not.toHaveBeenCalled();
    expect(sender.busy).toBe(false);
  });

  it('sends nothing and says why when another batch comes into view before the check answers', async () => {
    const other = useComposer.getState().open({ name: 'Other', text: '[]' });
    let sending!: Promise<void>;
    act(() => void (sending = sender.send()));
    await settle();
    act(() => rerender(checkOf(other, false)));
    await act(async () => await sending);
    expect(start).not.toHaveBeenCalled();
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual([expect.stringContaining('nothing was sent')]);
  });

  it('sends nothing and says why at once when the batch is closed while its check is pending, however long the next one takes', async () => {
    let sending!: Promise<void>;
    act(() => void (sending = sender.send()));
    await settle();
    // No batch in view: its check is pending for ever.
    act(() => rerender({ ...checkOf(batchId, true), batchId: null }));
    await act(async () => await sending);
    expect(start).not.toHaveBeenCalled();
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['The batch left the composer before its check came; nothing was sent.']);
  });

  it('ends the wait, sending nothing, when the composer goes away', async () => {
    let sending!: Promise<void>;
    act(() => void (sending = sender.send()));
    await settle();
    cleanup();
    await act(async () => await sending);
    expect(start).not.toHaveBeenCalled();
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual(['The batch left the composer before its check came; nothing was sent.']);
  });

  it('sends nothing and says so when no answer comes in time', async () => {
    vi.useFakeTimers();
    let sending!: Promise<void>;
    act(() => void (sending = sender.send()));
    await act(async () => await vi.advanceTimersByTimeAsync(CHECK_WAIT_MS));
    await act(async () => await sending);
    expect(start).not.toHaveBeenCalled();
    expect(useNotices.getState().notices.map((notice) => notice.text)).toEqual([expect.stringContaining('still being checked')]);
  });
});
