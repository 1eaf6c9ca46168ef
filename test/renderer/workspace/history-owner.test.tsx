// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SubmissionView } from '../../../features/history/common/submission.ts';
import type { WorkspaceListing } from '../../../features/workspace/common/workspace.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

vi.mock('../../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => <div data-testid="batch-editor" />,
  BatchViewer: () => null,
  CompareEditor: () => null,
}));

beforeAll(stubBrowser);
afterEach(cleanup);

const listing: WorkspaceListing = {
  root: '/work/shop',
  manifest: { format: 'eventdesk.workspace', version: 1, name: 'Shop events', defaultEnvironment: null, plan: null },
  files: [],
  problems: [],
};

const history = {
  'history:list': { ok: true, value: [] },
  'history:count': { ok: true, value: 0 },
  'history:timeline': { ok: true, value: [] },
  'history:retention': { ok: true, value: { retention: { keep: 'all' }, usage: { submissions: 0, storedBytes: 0, fileBytes: 0 } } },
} as const;

describe('the History screen', () => {
  it("says it shows the open workspace's sends, or those made without one, and reads the history again when the workspace changes", async () => {
    const { push, calls } = renderApp(history);
    await screen.findByRole('heading', { name: 'Batch' });
    act(() => void fireEvent.keyDown(window, { key: '2', code: 'Digit2', ctrlKey: true }));
    expect((await screen.findByTestId('history-owner')).textContent).toBe('Sends made without a workspace');
    const counted = () => calls.filter((call) => call.channel === 'history:count').length;
    await waitFor(() => expect(counted()).toBe(1));
    push('workspace:changed', { listing, changed: [] });
    await waitFor(() => expect(screen.getByTestId('history-owner').textContent).toBe('Sends of the workspace Shop events'));
    await waitFor(() => expect(counted()).toBe(2));
  });
});

describe('the offer to resume interrupted sends', () => {
  it("asks again when a workspace opens, and offers the sends a kill left in the workspace's history", async () => {
    const interrupted: SubmissionView = {
      id: 's-killed',
      environmentId: 'qa',
      environmentName: 'QA',
      environmentColor: '#336699',
      baseUrl: 'https://qa.example.com',
      headers: {},
      eventCount: 20,
      batchHash: 'hash',
      startedAt: '2026-11-20T10:00:00.000Z',
      finishedAt: '2026-11-20T10:00:05.000Z',
      sendingMs: 5000,
      status: 'interrupted',
      label: '',
      note: '',
      pseudonymizedFrom: [],
      chunks: [],
    };
    let opened = false;
    const { push } = renderApp({ ...history, 'submissions:interrupted': () => ({ ok: true, value: opened ? [interrupted] : [] }) });
    await screen.findByRole('heading', { name: 'Batch' });
    expect(screen.queryByRole('status', { name: 'Interrupted sends' })).toBeNull();
    opened = true;
    push('workspace:changed', { listing, changed: [] });
    expect((await screen.findByRole('status', { name: 'Interrupted sends' })).textContent).toContain('A send to QA was interrupted');
  });
});
