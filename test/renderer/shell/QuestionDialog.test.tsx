// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuestionDialog } from '../../../renderer/base/widgets/QuestionDialog.tsx';
import { ask, confirm, useQuestions } from '../../../renderer/base/widgets/questions.ts';
import { stubBrowser } from '../app-harness.tsx';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  useQuestions.setState({ asked: [] });
});

function page() {
  render(
    <>
      <button type="button">Delete</button>
      <QuestionDialog />
    </>,
  );
  const opener = screen.getByRole('button', { name: 'Delete' });
  opener.focus();
  return opener;
}

const shown = () => screen.getByRole('alertdialog');
const escape = () => act(() => void shown().dispatchEvent(new Event('close')));

describe('the app’s own question dialog', () => {
  it('is an alert dialog named by its title and described by its message, and starts on Cancel for a destructive action', async () => {
    page();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => void (answer = confirm({ title: 'Delete 3 submissions?', message: 'This cannot be undone.', action: 'Delete', destructive: true })));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 3 submissions?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('question-message');
    expect(document.getElementById('question-message')?.textContent).toBe('This cannot be undone.');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await answer).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('starts on the action when nothing is destroyed, and Escape (the dialog’s cancel) answers Cancel and gives the focus back', async () => {
    const opener = page();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => void (answer = confirm({ title: 'Reload?', message: 'The file changed.', action: 'Reload' })));
    expect(document.activeElement).toBe(within(shown()).getByRole('button', { name: 'Reload' }));
    escape();
    expect(await answer).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('asks one question at a time, in order, each answered by its own promise', async () => {
    page();
    let first: Promise<string> = Promise.resolve('');
    let second: Promise<string> = Promise.resolve('');
    act(() => {
      first = ask({ title: 'First?', message: '', choices: [{ answer: 'one', label: 'One' }], focus: 'one' });
      second = ask({
        title: 'Second?',
        message: '',
        choices: [
          { answer: 'other', label: 'Other' },
          { answer: 'two', label: 'Two' },
        ],
        focus: 'two',
      });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'First?' })).getByRole('button', { name: 'One' }));
    expect(await first).toBe('one');
    const next = screen.getByRole('alertdialog', { name: 'Second?' });
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Other', 'Cancel', 'Two']);
    expect(document.activeElement).toBe(within(next).getByRole('button', { name: 'Two' }));
    fireEvent.click(within(next).getByRole('button', { name: 'Other' }));
    expect(await second).toBe('other');
  });

  it('keeps Tab inside: from the last button to the first', () => {
    page();
    act(() => void confirm({ title: 'Delete?', message: 'Gone for good.', action: 'Delete', destructive: true }));
    const buttons = within(shown()).getAllByRole('button');
    buttons.at(-1)!.focus();
    act(() => void fireEvent.keyDown(document.activeElement!, { key: 'Tab' }));
    expect(document.activeElement).toBe(buttons[0]);
  });
});
