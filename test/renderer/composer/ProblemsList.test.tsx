// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UNLISTED_CODE } from '../../../features/plans/common/plan-diagnostics.ts';
import type { Diagnostic } from '../../../features/validation/common/validation.ts';
import { ProblemsList } from '../../../renderer/composer/checks/ProblemsList.tsx';

afterEach(cleanup);

const diagnostic = (path: string, message: string): Diagnostic => ({
  severity: 'error',
  code: 'service-id-not-integer',
  message,
  path,
  line: 9,
  column: 15,
  endLine: 9,
  endColumn: 19,
});

describe('the Problems list', () => {
  it('numbers events from 1, as the event list does, with the 0-based pointer beside it', () => {
    render(<ProblemsList diagnostics={[diagnostic('/0/svc_id', 'svc_id must be an integer.'), diagnostic('', 'The batch is empty.')]} pending={false} />);
    const places = screen.getAllByRole('button').map((button) => button.querySelector('.where')?.textContent);
    expect(places).toEqual(['event 1 (/0/svc_id) · Ln 9, Col 15', '/ · Ln 9, Col 15']);
  });

  it('counts every problem exactly, and says where those past the rows shown are', () => {
    const listed = Array.from({ length: 1000 }, (_, index) => diagnostic(`/${index}/token`, 'token names no kind of event in the plan'));
    const unlisted: Diagnostic = {
      ...diagnostic('', '99,000 more plan violations are not listed (99,000 errors): fix those listed and check again.'),
      code: UNLISTED_CODE,
    };
    render(<ProblemsList diagnostics={[...listed, unlisted]} counts={{ errors: 100_000, warnings: 0, unlisted: 99_000 }} pending={false} />);
    expect(screen.getByTestId('problem-counts').textContent).toBe('100,000 errors, 0 warnings');
    expect(screen.getAllByRole('button')).toHaveLength(500);
    expect(screen.getByText(/^Showing the first/).textContent).toBe(
      'Showing the first 500 of 100,000 problems. The editor marks 1,000 (F8 there goes to the next); the other 99,000 plan violations are counted but not listed: fix those listed and check again.',
    );
  });

  it('says what a clean batch was checked against, and that a plan not applied was not', () => {
    const { rerender } = render(<ProblemsList diagnostics={[]} pending={false} />);
    expect(screen.getByText('No problems: the batch matches every rule.')).toBeTruthy();
    rerender(<ProblemsList diagnostics={[]} pending={false} plan="applied" />);
    expect(screen.getByText('No problems: the batch matches every rule and the tracking plan.')).toBeTruthy();
    rerender(<ProblemsList diagnostics={[]} pending={false} plan="not-applied" />);
    expect(screen.getByText('No problems with the service’s rules; the tracking plan was not checked.')).toBeTruthy();
  });

  it('says a clean batch on its heading’s line, with no list below to keep room for', () => {
    render(<ProblemsList diagnostics={[]} pending={false} />);
    const section = screen.getByRole('region', { name: 'Problems' });
    expect(screen.getByText('No problems: the batch matches every rule.').closest('.problems-header')).not.toBeNull();
    expect(section.children).toHaveLength(1);
  });
});
