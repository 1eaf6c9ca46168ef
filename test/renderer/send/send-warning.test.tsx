// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { problemCounts, UNLISTED_CODE } from '../../../features/plans/common/plan-diagnostics.ts';
import { VIOLATION_KINDS } from '../../../features/plans/common/plan.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { confirmErrors } from '../../../renderer/send/useSend.ts';
import { QuestionDialog } from '../../../renderer/base/widgets/QuestionDialog.tsx';
import { useQuestions } from '../../../renderer/base/widgets/questions.ts';
import { stubBrowser } from '../app-harness.tsx';

beforeAll(stubBrowser);
afterEach(() => {
  cleanup();
  useQuestions.setState({ asked: [] });
});

const problem = (severity: Diagnostic['severity'], path: string, message: string, code = 'type'): Diagnostic => ({
  severity,
  code,
  message,
  path,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 2,
});

// A warning first in text order: the errors, which are why it asks, still come first.
const diagnostics = [
  problem('warning', '/0/attributes/plan', 'Unusual value.'),
  problem('error', '/1/token', 'token is missing.'),
  problem('error', '/2/svc_id', 'svc_id must be a number.'),
  problem('error', '/3/attributes/screen', 'Not in the tracking plan.', VIOLATION_KINDS[0]),
  problem('error', '/4/created_at', 'Not a date-time.'),
  problem('error', '/5/token', 'token is missing.'),
  problem('error', '/6/token', 'token is missing.'),
  problem('warning', '/7/attributes/email', 'Looks like personal data.'),
];

function asking(showProblems?: () => void, listed: readonly Diagnostic[] = diagnostics, counts = problemCounts(listed)) {
  render(<QuestionDialog />);
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => void (answer = confirmErrors(listed, counts, showProblems)));
  return { answer: () => answer, dialog: screen.getByRole('alertdialog', { name: 'Send a batch with errors?' }) };
}

describe('the question a send with errors asks', () => {
  it('counts the errors and the warnings, and lists the first problems, errors first, with their event and path', () => {
    const { dialog } = asking();
    expect(within(dialog).getByTestId('send-warning-counts').textContent).toBe('The batch has 6 errors (1 against the tracking plan) and 2 warnings.');
    const listed = within(within(dialog).getByRole('list', { name: 'First problems' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual([
      'error event 2 (/1/token): token is missing.',
      'error event 3 (/2/svc_id): svc_id must be a number.',
      'error event 4 (/3/attributes/screen): Not in the tracking plan.',
      'error event 5 (/4/created_at): Not a date-time.',
      'error event 6 (/5/token): token is missing.',
    ]);
    expect(within(dialog).getByText('…and 3 more in the Problems list.')).toBeTruthy();
  });

  it('counts the plan violations past the caps too, exactly, as the Problems header does', () => {
    const check = { unreported: 20_000, unreportedErrors: 19_000 };
    const listed = [
      ...diagnostics,
      problem('error', '', '20,000 more plan violations are not listed (19,000 errors): fix those listed and check again.', UNLISTED_CODE),
    ];
    const { dialog } = asking(undefined, listed, problemCounts(listed, check));
    expect(within(dialog).getByTestId('send-warning-counts').textContent).toBe(
      'The batch has 19,006 errors (19,001 against the tracking plan) and 1,002 warnings.',
    );
    expect(within(dialog).getByText('…and 20,003 more in the Problems list.')).toBeTruthy();
  });

  it('starts on Cancel, and Send anyway sends', async () => {
    const { dialog, answer } = asking();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Send anyway']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send anyway' }));
    expect(await answer()).toBe(true);
  });

  it('offers Show in Problems where there is a Problems list: it sends nothing and goes there once the dialog has closed', async () => {
    const shownWith: (Element | null)[] = [];
    const { dialog, answer } = asking(() => shownWith.push(document.querySelector('dialog')));
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Show in Problems', 'Cancel', 'Send anyway']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show in Problems' }));
    expect(await answer()).toBe(false);
    expect(shownWith).toEqual([null]);
  });

  it('asks nothing when there are only warnings', async () => {
    const answer = await confirmErrors(
      diagnostics.filter((diagnostic) => diagnostic.severity === 'warning'),
      undefined,
      vi.fn(),
    );
    expect(answer).toBe(true);
    expect(useQuestions.getState().asked).toEqual([]);
  });
});
