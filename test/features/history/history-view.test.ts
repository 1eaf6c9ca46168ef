import { describe, expect, it } from 'vitest';
import { emptyHistoryFilter } from '../../../features/history/common/history.ts';
import { createHistoryView } from '../../../features/history/node/history-view.ts';
import type { SubmissionStore } from '../../../features/history/node/submissions.ts';
import { historyFilePerTest } from '../../support/history-file.ts';
import { codeOf, input, threeChunks } from '../../support/submissions-fixtures.ts';

const history = historyFilePerTest('eventdesk-history-view-');
const KEY = 'sk-live-0123456789abcdef';

/** A view over a real history file, with the environment's current API key in a vault of one. */
function viewOf(store: SubmissionStore, interrupted: string[] = []) {
  const vault = { get: (id: string) => (id === 'env-staging' ? { apiKey: KEY } : {}) };
  return createHistoryView({ submissions: store, vault, interruptedAtOpening: () => interrupted });
}

describe('the history as the window reads it', () => {
  it('masks every row it answers with the environment’s current secrets, even one written raw', () => {
    const store = history.openStore();
    const { id } = store.createSubmission(input({ headers: { apiKey: KEY } }), threeChunks);
    const view = viewOf(store);
    const [row] = view.list({ filter: emptyHistoryFilter, limit: 10 });
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(JSON.stringify(view.submission(id))).not.toContain(KEY);
    expect(JSON.stringify(view.annotate({ id, label: `key ${KEY}`, note: '' }))).not.toContain(KEY);
    expect(view.submission('no-such-id')).toBeNull();
  });

  it('answers a batch pretty-printed, and a submission that is gone as gone', () => {
    const store = history.openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    const view = viewOf(store);
    expect(view.batch(id)).toBe(JSON.stringify(JSON.parse(input().batch), null, 2));
    expect(codeOf(() => view.batch('no-such-id'))).toBe('submission-not-found');
  });

  it('answers a batch that does not parse as the text it was recorded as, as the command line prints it', () => {
    const store = history.openStore();
    const { id } = store.createSubmission(input({ batch: '[{"token":"a"},{]' }), threeChunks);
    expect(viewOf(store).batch(id)).toBe('[{"token":"a"},{]');
  });

  it('keeps a new retention and applies it at once, saying how many went', () => {
    const store = history.openStore();
    store.createSubmission(input({ startedAt: '2020-01-01T00:00:00.000Z' }), threeChunks);
    store.markInterrupted();
    const view = viewOf(store);
    const changed = view.setRetention({ keep: 'days', days: 7 });
    expect(changed).toMatchObject({ retention: { keep: 'days', days: 7 }, deleted: 1, usage: { submissions: 0 } });
    expect(view.retention()).toEqual({ retention: changed.retention, usage: changed.usage });
  });

  it('offers to resume only the sends found unfinished at opening that still are', () => {
    const store = history.openStore();
    const first = store.createSubmission(input(), threeChunks);
    const second = store.createSubmission(input(), threeChunks);
    const unfinished = store.markInterrupted();
    expect(unfinished.sort()).toEqual([first.id, second.id].sort());
    store.delete([second.id]);
    expect(
      viewOf(store, unfinished)
        .interrupted()
        .map((view) => view.id),
    ).toEqual([first.id]);
  });

  it('deletes by ids or by a filter', () => {
    const store = history.openStore();
    const { id } = store.createSubmission(input(), threeChunks);
    store.createSubmission(input(), threeChunks);
    store.markInterrupted();
    const view = viewOf(store);
    expect(view.delete({ ids: [id] })).toEqual({ deleted: 1 });
    expect(view.delete({ filter: emptyHistoryFilter })).toEqual({ deleted: 1 });
    expect(view.count({ filter: emptyHistoryFilter })).toBe(0);
  });
});
