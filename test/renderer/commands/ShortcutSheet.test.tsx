// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { commandIds, commands, keysLabel } from '../../../app/common/commands.ts';
import { editorKeys } from '../../../renderer/commands/ShortcutSheet.tsx';
import { renderApp, stubBrowser } from '../app-harness.tsx';

vi.mock('../../../renderer/shell/editors.ts', () => ({ BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null }));

beforeAll(stubBrowser);
afterEach(cleanup);

describe('the keyboard-shortcut sheet', () => {
  it('opens with Ctrl+/ and lists every command that has a shortcut, under its group', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    act(() => void fireEvent.keyDown(window, { key: '/', code: 'Slash', ctrlKey: true }));
    const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(sheet.hasAttribute('open')).toBe(true);
    const withKeys = commandIds.filter((id) => commands[id].keys);
    expect(withKeys.length).toBeGreaterThan(10);
    for (const id of withKeys) {
      const group = within(sheet).getByRole('region', { name: commands[id].group });
      const row = within(group).getByText(commands[id].title).closest('div')!;
      expect(row.querySelector('kbd')!.textContent).toBe(keysLabel(commands[id].keys!, false));
    }
    expect(within(sheet).queryByText('Documentation')).toBeNull();
  });

  it('adds the editor’s own keys, which no command takes', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    act(() => void fireEvent.keyDown(window, { key: '/', code: 'Slash', ctrlKey: true }));
    const editor = screen.getByRole('region', { name: 'In the JSON editor' });
    const quickFix = within(editor)
      .getByText(/Quick fix/)
      .closest('div')!;
    expect(quickFix.querySelector('kbd')!.textContent).toBe('Ctrl+.');
    for (const row of editorKeys) expect(commandIds.filter((id) => commands[id].keys === row.keys)).toEqual([]);
    expect(within(editor).getByText('Find in the editor').closest('div')!.querySelector('kbd')!.textContent).toBe('Ctrl+F');
    expect(
      within(editor)
        .getByText(/Tab moves the focus/)
        .closest('div')!
        .querySelector('kbd')!.textContent,
    ).toBe('Ctrl+M');
  });
});
