// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useCommandKeys } from '../../../renderer/commands/keyboard.ts';
import { availabilityOf, runCommand, useCommand } from '../../../renderer/base/state/command-registry.ts';
import { renderApp, stubBrowser } from '../app-harness.tsx';

vi.mock('../../../renderer/shell/editors.ts', () => ({ BatchEditor: () => null, BatchViewer: () => null, CompareEditor: () => null }));

beforeAll(stubBrowser);
afterEach(cleanup);

function Keys() {
  useCommandKeys();
  return null;
}

function NewBatchHandler({ run, enabled = true }: { run: () => void; enabled?: boolean }) {
  useCommand('batch.new', run, { enabled, reason: 'Not now' });
  return null;
}

/** fireEvent answers false when a listener prevented the default: the key was taken. */
const pressCtrl = (key: string, target: Element | Window = window) => fireEvent.keyDown(target, { key, code: `Key${key.toUpperCase()}`, ctrlKey: true });

describe('the command registry', () => {
  it('runs a command once for its shortcut and once for runCommand, through the same handler', () => {
    const run = vi.fn();
    render(
      <>
        <Keys />
        <NewBatchHandler run={run} />
      </>,
    );
    expect(pressCtrl('n')).toBe(false);
    expect(run).toHaveBeenCalledTimes(1);
    expect(runCommand('batch.new')).toBe(true);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a command that cannot run, leaves its keys to others, and says why', () => {
    const run = vi.fn();
    render(
      <>
        <Keys />
        <NewBatchHandler run={run} enabled={false} />
      </>,
    );
    expect(pressCtrl('n')).toBe(true);
    expect(runCommand('batch.new')).toBe(false);
    expect(run).not.toHaveBeenCalled();
    expect(availabilityOf('batch.new')).toEqual({ enabled: false, reason: 'Not now' });
  });

  it('says why a command no component offers cannot run', () => {
    expect(availabilityOf('batch.save')).toEqual({ enabled: false, reason: 'No batch is open' });
    expect(availabilityOf('session.logout')).toEqual({ enabled: false, reason: 'No environment is active' });
    expect(availabilityOf('events.keepMatching')).toEqual({ enabled: false, reason: 'Filter the events in the Form view first' });
    expect(runCommand('batch.save')).toBe(false);
  });

  it('lets the newest handler win, and the earlier one take over again when it goes', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(
      <>
        <NewBatchHandler run={first} />
        <NewBatchHandler run={second} />
      </>,
    );
    runCommand('batch.new');
    rerender(<NewBatchHandler run={first} />);
    runCommand('batch.new');
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('runs nothing behind an open dialog, but takes the keys so the page does not act either', () => {
    const run = vi.fn();
    render(
      <>
        <Keys />
        <NewBatchHandler run={run} />
        <dialog open>
          <input aria-label="Inside" />
        </dialog>
      </>,
    );
    expect(pressCtrl('n', screen.getByLabelText('Inside'))).toBe(false);
    expect(run).not.toHaveBeenCalled();
  });

  it('leaves a shortcut that could type a character to the text field', () => {
    const format = vi.fn();
    function Format() {
      useCommand('batch.format', format);
      return null;
    }
    render(
      <>
        <Keys />
        <Format />
        <input aria-label="Name" />
      </>,
    );
    const shiftAltF = { key: 'Ï', code: 'KeyF', shiftKey: true, altKey: true };
    expect(fireEvent.keyDown(screen.getByLabelText('Name'), shiftAltF)).toBe(true);
    expect(format).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(document.body, shiftAltF)).toBe(false);
    expect(format).toHaveBeenCalledTimes(1);
  });

  it('leaves Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z to a text field, in a dialog too, and takes them elsewhere', () => {
    const undo = vi.fn();
    const redo = vi.fn();
    function Undo() {
      useCommand('edit.undo', undo);
      useCommand('edit.redo', redo);
      return null;
    }
    render(
      <>
        <Keys />
        <Undo />
        <input aria-label="Token" />
        <button type="button">Delete</button>
        <dialog open>
          <input aria-label="In a dialog" />
        </dialog>
      </>,
    );
    expect(pressCtrl('z', screen.getByLabelText('Token'))).toBe(true);
    expect(fireEvent.keyDown(screen.getByLabelText('In a dialog'), { key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(undo).not.toHaveBeenCalled();
    expect(pressCtrl('z', screen.getByRole('button', { name: 'Delete' }))).toBe(false);
    expect(fireEvent.keyDown(document.body, { key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true })).toBe(false);
    expect([undo.mock.calls.length, redo.mock.calls.length]).toEqual([1, 1]);
  });
});

describe('requests from main', () => {
  it('runs a menu command through the same handler as its shortcut, once each', async () => {
    const app = renderApp();
    await screen.findByRole('tab', { name: 'Batch 1' });
    expect(app.listening('app:command')).toBe(true);
    act(() => void pressCtrl('n'));
    expect(screen.getByRole('tab', { name: 'Batch 2' }).getAttribute('aria-selected')).toBe('true');
    app.push('app:command', { command: 'batch.new' });
    expect(screen.getByRole('tab', { name: 'Batch 3' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tablist', { name: 'Open batches' }).querySelectorAll('[role="tab"]')).toHaveLength(3);

    app.push('app:command', { command: 'view.history' });
    expect(screen.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    // Nothing is sending: the command does nothing, and says nothing.
    app.push('app:command', { command: 'send.cancel' });
    expect(app.calls.some((call) => call.channel === 'send:cancel')).toBe(false);
  });

  it('opens a file the OS hands over as a tab, and brings its tab forward the next time', async () => {
    const given = { path: '/home/qa/launch.json', name: 'launch.json', text: '[]' };
    const app = renderApp({ 'files:takeOpened': { ok: true, value: [given] } });
    // Taken only after the drafts are back, which would otherwise replace it.
    expect((await screen.findByRole('tab', { name: 'launch.json' })).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(app.listening('files:opened')).toBe(true));

    const file = { path: '/home/qa/orders.json', name: 'orders.json', text: '[{"token":"a"}]' };
    app.push('app:command', { command: 'view.history' });
    app.push('files:opened', file);
    expect(screen.getByRole('tab', { name: 'orders.json' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Composer' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'launch.json' }));
    app.push('files:opened', file);
    expect(screen.getAllByRole('tab', { name: 'orders.json' })).toHaveLength(1);
    expect(screen.getByRole('tab', { name: 'orders.json' }).getAttribute('aria-selected')).toBe('true');
  });

  it('switches the appearance from a menu command, remembers it, and tells main', async () => {
    const app = renderApp();
    await screen.findByRole('heading', { name: 'Batch' });
    app.push('app:command', { command: 'view.theme.dark' });
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('eventdesk.appearance')).toBe('dark');
    expect((screen.getByLabelText('Appearance') as HTMLSelectElement).value).toBe('dark');
    await waitFor(() => expect(app.calls.filter((call) => call.channel === 'app:setTheme').at(-1)?.input).toEqual({ theme: 'dark' }));
    app.push('app:command', { command: 'view.theme.system' });
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});
