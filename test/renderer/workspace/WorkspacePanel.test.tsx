// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { batchText, setBatchText } from '../../../renderer/base/state/batch-text.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';
import { useUi } from '../../../renderer/base/state/ui.ts';
import type { WorkspaceListing } from '../../../features/workspace/common/workspace.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

vi.mock('../../../renderer/shell/editors.ts', () => ({
  BatchEditor: () => <div data-testid="batch-editor" />,
  BatchViewer: () => null,
  CompareEditor: () => null,
}));

beforeAll(() => {
  stubBrowser();
  // Opening a file waits two frames for the editor to paint.
  window.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 0) as unknown as number;
});
afterEach(cleanup);

const listing: WorkspaceListing = {
  root: '/work/shop',
  manifest: { format: 'eventdesk.workspace', version: 1, name: 'Shop events', defaultEnvironment: 'sandbox', plan: 'plans/shop.plan.json' },
  files: [
    { kind: 'environment', path: 'environments/sandbox.env.json', title: 'sandbox' },
    { kind: 'batch', path: 'batches/purchase.json', title: 'purchase' },
    { kind: 'batch', path: 'batches/refunds/late.json', title: 'late' },
    { kind: 'plan', path: 'plans/shop.plan.json', title: 'shop' },
  ],
  problems: [{ path: 'environments/qa.env.json', line: 4, column: 3, message: '/chunkSize: expected a number, saw "500"; correct the value.' }],
};

const purchase = { path: '/work/shop/batches/purchase.json', name: 'purchase.json', text: '[]\n' };

describe('the workspace in the sidebar', () => {
  it('shows nothing without a workspace', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    expect(screen.queryByTestId('workspace-panel')).toBeNull();
  });

  it('lists the environments, the batches by folder, the plans (the workspace’s marked), an empty group with what to add, and the problems with file and place', async () => {
    renderApp({ 'workspace:current': { ok: true, value: listing } });
    const tree = await screen.findByRole('tree', { name: 'Files of the workspace Shop events' });
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((item) => `${item.getAttribute('aria-level')} ${item.textContent}`),
    ).toEqual([
      '1 ▾Environments (1)',
      '2 sandbox',
      '1 ▾Batches (2)',
      '2 purchase',
      '2 ▾refunds',
      '3 late',
      '1 ▾Plans (1)',
      '2 shop',
      '1 ▾Scenarios (0)',
      '2 No scenarios yet: add scenarios/*.scenario.json',
    ]);
    expect(screen.getByRole('treeitem', { name: 'shop' }).title).toBe(
      "Plan: plans/shop.plan.json · the workspace's plan (eventdesk.json), for the environments that name none",
    );
    expect(screen.getByRole('region', { name: '1 problem' }).textContent).toContain('environments/qa.env.json:4:3: /chunkSize: expected a number');
  });

  it('walks the tree with the arrow keys, folds a folder, and opens a batch with Enter as that file', async () => {
    const { calls } = renderApp({ 'workspace:current': { ok: true, value: listing }, 'workspace:openFile': { ok: true, value: purchase } });
    const tree = await screen.findByRole('tree');
    const items = () => within(tree).getAllByRole('treeitem');
    expect(items().filter((item) => item.tabIndex === 0)).toHaveLength(1);
    items()[0]!.focus();
    for (let step = 0; step < 4; step++) fireEvent.keyDown(tree, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('▾refunds');
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(items().map((item) => item.textContent)).not.toContain('late');
    fireEvent.keyDown(tree, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('purchase');
    fireEvent.keyDown(tree, { key: 'Enter' });
    await waitFor(() => expect(useComposer.getState().batches.map((batch) => batch.filePath)).toContain('/work/shop/batches/purchase.json'));
    expect(calls.filter((call) => call.channel === 'workspace:openFile').map((call) => call.input)).toEqual([{ path: 'batches/purchase.json' }]);
    await waitFor(() => expect(screen.getByRole('treeitem', { name: 'purchase' }).getAttribute('aria-selected')).toBe('true'));
  });

  it('shows a scenario in the Runs screen when it is chosen', async () => {
    const withScenario = { ...listing, files: [...listing.files, { kind: 'scenario' as const, path: 'scenarios/smoke.scenario.json', title: 'Smoke' }] };
    renderApp({ 'workspace:current': { ok: true, value: withScenario } });
    const smoke = await screen.findByRole('treeitem', { name: 'Smoke' });
    expect(smoke.title).toBe('Scenario: scenarios/smoke.scenario.json · Enter shows it in Runs');
    fireEvent.click(smoke);
    await waitFor(() => expect(useUi.getState().screen).toBe('runs'));
  });

  it('follows the workspace opened and closed by main', async () => {
    const { push } = renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    push('workspace:changed', { listing, changed: [] });
    expect(await screen.findByRole('heading', { name: 'Workspace Shop events' })).toBeTruthy();
    push('workspace:changed', { listing: null, changed: [] });
    await waitFor(() => expect(screen.queryByTestId('workspace-panel')).toBeNull());
  });
});

describe('a batch whose file changed on disk', () => {
  async function openedPurchase(answers: Parameters<typeof renderApp>[0]) {
    const harness = renderApp({ 'workspace:current': { ok: true, value: listing }, ...answers });
    await screen.findByRole('tree');
    act(() => useComposer.getState().openFile(purchase));
    return harness;
  }

  /** The batch open with edits of its own, and its file changed on disk: the question is asked. */
  async function editedThenChanged() {
    const { push } = await openedPurchase({ 'workspace:openFile': { ok: true, value: { ...purchase, text: '[{"token":"pulled"}]\n' } } });
    const id = useComposer.getState().activeId!;
    setBatchText(id, '[{"token":"mine"}]\n');
    push('workspace:changed', { listing, changed: ['batches/purchase.json'] });
    return { id, push, dialog: await screen.findByRole('dialog', { name: 'batches/purchase.json changed on disk' }) };
  }

  it('takes the new text at once when it has no unsaved edits', async () => {
    const { push } = await openedPurchase({ 'workspace:openFile': { ok: true, value: { ...purchase, text: '[{"token":"pulled"}]\n' } } });
    const id = useComposer.getState().activeId!;
    push('workspace:changed', { listing, changed: ['batches/purchase.json'] });
    await waitFor(() => expect(batchText(id)).toBe('[{"token":"pulled"}]\n'));
    expect(await screen.findByText('batches/purchase.json changed on disk and was reloaded.')).toBeTruthy();
  });

  it('asks when it has unsaved edits: keep mine leaves them, load theirs takes the file', async () => {
    const { id, push, dialog } = await editedThenChanged();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(batchText(id)).toBe('[{"token":"mine"}]\n');
    expect(useComposer.getState().batches.find((batch) => batch.id === id)!.savedText).toBe('[{"token":"pulled"}]\n');

    push('workspace:changed', { listing, changed: ['batches/purchase.json'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The file says what was noted already: nothing to ask.
    expect(batchText(id)).toBe('[{"token":"mine"}]\n');
  });

  it('loads theirs when asked to', async () => {
    const { id, dialog } = await editedThenChanged();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Load theirs' }));
    expect(batchText(id)).toBe('[{"token":"pulled"}]\n');
  });
});
