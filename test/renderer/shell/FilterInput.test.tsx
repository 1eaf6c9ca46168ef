// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FILTER_PLACEHOLDER, FilterInput, FilterStatus } from '../../../renderer/base/widgets/FilterInput.tsx';
import { EventFilter } from '../../../renderer/composer/form/EventFilter.tsx';

afterEach(cleanup);

/** The box as both its users hold it: its text in state, the problem in the status it names. */
function Filter({ problem }: { problem: string | null }) {
  const [value, setValue] = useState('customer_id = (');
  return (
    <>
      <FilterInput label="Filter things" value={value} onChange={setValue} invalid={problem !== null} statusId="status" />
      <FilterStatus id="status" problem={problem !== null}>
        {problem ?? 'All things'}
      </FilterStatus>
    </>
  );
}

describe('the filter language’s box', () => {
  it('shows an example, clears on Escape, and marks an expression it cannot read invalid, naming the status that says why', () => {
    render(<Filter problem="column 15: expected a value after “=”" />);
    const box = screen.getByRole('searchbox', { name: 'Filter things' }) as HTMLInputElement;
    expect(box.placeholder).toBe(FILTER_PLACEHOLDER);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('status');
    const status = document.getElementById('status')!;
    expect([status.textContent, status.className, status.getAttribute('aria-live')]).toEqual([
      'column 15: expected a value after “=”',
      'filter-status problem',
      'polite',
    ]);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
  });

  it('is valid when there is no problem', () => {
    render(<Filter problem={null} />);
    expect(screen.getByRole('searchbox').hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('status')!.className).toBe('filter-status muted');
  });

  it('is the very box the composer’s event list filters with', () => {
    render(
      <EventFilter
        expression="x"
        onChange={() => undefined}
        state={{ kind: 'none' }}
        total={3}
        inputRef={null}
        onSelect={() => undefined}
        onKeep={() => undefined}
        onDelete={() => undefined}
      />,
    );
    const box = screen.getByRole('searchbox', { name: 'Filter events' }) as HTMLInputElement;
    expect([box.className, box.placeholder]).toEqual(['filter-input', FILTER_PLACEHOLDER]);
  });
});
