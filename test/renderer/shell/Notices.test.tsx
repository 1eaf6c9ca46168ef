// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notices } from '../../../renderer/shell/Notices.tsx';
import { useNotices, type Notice } from '../../../renderer/base/state/ui.ts';

const BRIEF_MS = 6000;
const LONG_MS = 14_000;

beforeEach(() => {
  vi.useFakeTimers();
  useNotices.setState(useNotices.getInitialState(), true);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const notify = (tone: Notice['tone'], text: string) => act(() => useNotices.getState().notify(tone, text));
const wait = (milliseconds: number) => act(() => void vi.advanceTimersByTime(milliseconds));
const shown = () => screen.queryAllByRole('listitem').map((item) => item.querySelector('span')!.textContent);

describe('notices', () => {
  it.each([
    ['info', BRIEF_MS],
    ['success', BRIEF_MS],
    ['warning', LONG_MS],
    ['error', LONG_MS],
  ] as const)('closes a %s notice on its own after %i ms, not before', (tone, lifetime) => {
    render(<Notices />);
    notify(tone, 'Saved.');
    wait(lifetime - 1);
    expect(shown()).toEqual(['Saved.']);
    wait(1);
    expect(shown()).toEqual([]);
  });

  it('announces errors as alerts and the rest as status, each once, from a list that is no live region', () => {
    render(<Notices />);
    notify('error', 'Log in to “Local sandbox” first; nothing was sent.');
    notify('success', 'Saved.');
    expect(screen.getByRole('alert').textContent).toBe('Log in to “Local sandbox” first; nothing was sent.');
    expect(screen.getByRole('status').textContent).toBe('Saved.');
    expect(screen.getByRole('list', { name: 'Notifications' }).hasAttribute('aria-live')).toBe(false);
  });

  it('does not close while the pointer is over it, and gets its whole lifetime once the pointer leaves', () => {
    render(<Notices />);
    notify('success', 'Saved.');
    const item = screen.getByRole('listitem');
    wait(BRIEF_MS - 1000);
    fireEvent.pointerEnter(item);
    wait(10 * LONG_MS);
    expect(shown()).toEqual(['Saved.']);
    fireEvent.pointerLeave(item);
    wait(BRIEF_MS - 1);
    expect(shown()).toEqual(['Saved.']);
    wait(1);
    expect(shown()).toEqual([]);
  });

  it('does not close while it holds keyboard focus, and gets its whole lifetime once focus leaves', () => {
    render(<Notices />);
    notify('error', 'The batch could not be saved.');
    const dismiss = screen.getByRole('button', { name: 'Dismiss' });
    act(() => dismiss.focus());
    wait(10 * LONG_MS);
    expect(shown()).toEqual(['The batch could not be saved.']);
    act(() => dismiss.blur());
    wait(LONG_MS - 1);
    expect(shown()).toEqual(['The batch could not be saved.']);
    wait(1);
    expect(shown()).toEqual([]);
  });

  it('shows the same text notified again once, and restarts its timer', () => {
    render(<Notices />);
    notify('error', 'The server refused the batch.');
    wait(LONG_MS - 1000);
    notify('error', 'The server refused the batch.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    wait(LONG_MS - 1);
    expect(shown()).toEqual(['The server refused the batch.']);
    wait(1);
    expect(shown()).toEqual([]);
  });

  it('shows the newest three and folds the older ones into "+N more", which unfolds them from the keyboard', () => {
    render(<Notices />);
    for (const text of ['One.', 'Two.', 'Three.', 'Four.', 'Five.']) notify('error', text);
    expect(shown()).toEqual(['Three.', 'Four.', 'Five.']);
    const more = screen.getByRole('button', { name: '+2 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    act(() => more.focus());
    fireEvent.click(more);
    expect(shown()).toEqual(['One.', 'Two.', 'Three.', 'Four.', 'Five.']);
    fireEvent.click(screen.getByRole('button', { name: 'Show the newest only' }));
    expect(shown()).toEqual(['Three.', 'Four.', 'Five.']);
  });

  it('closes a folded notice on its own like a shown one, and the count follows', () => {
    render(<Notices />);
    notify('info', 'One.');
    wait(1000);
    for (const text of ['Two.', 'Three.', 'Four.']) notify('error', text);
    expect(screen.getByRole('button', { name: '+1 more' })).toBeTruthy();
    wait(BRIEF_MS - 1000);
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    expect(shown()).toEqual(['Two.', 'Three.', 'Four.']);
  });

  it('counts a notice notified again as new when choosing which goes past three', () => {
    render(<Notices />);
    for (const text of ['One.', 'Two.', 'Three.', 'One.', 'Four.']) notify('error', text);
    expect(shown()).toEqual(['One.', 'Three.', 'Four.']);
  });

  it('dismisses with the close button, and leaves no timer behind it or after unmounting', () => {
    const { unmount } = render(<Notices />);
    notify('info', 'The file holds no environments.');
    notify('error', 'The file could not be opened.');
    expect(vi.getTimerCount()).toBe(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(shown()).toEqual(['The file could not be opened.']);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
