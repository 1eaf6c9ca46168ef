// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../../../renderer/base/api.ts';
import { HistoryFilters } from '../../../renderer/history/HistoryFilters.tsx';
import { useHistory } from '../../../renderer/base/data/history-state.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';

afterEach(cleanup);
beforeEach(() => useHistory.setState(useHistory.getInitialState(), true));

function renderFilters(): void {
  const api = { environments: { list: async () => ({ environments: [], activeId: null }) } } as unknown as Api;
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <HistoryFilters searchRef={createRef()} />
      </QueryClientProvider>
    </ApiContext>,
  );
}

describe('the history filters', () => {
  it('keep the search and the environment in view, and fold dates and statuses behind More filters', () => {
    renderFilters();
    expect(screen.getByRole('searchbox', { name: /Search submissions/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Environment' })).toBeTruthy();
    expect(screen.getByLabelText('From').closest('[hidden]')).not.toBeNull();
    expect(screen.queryByRole('group', { name: 'Status' })).toBeNull();
    const more = screen.getByRole('button', { name: 'More filters' });
    expect(more.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByLabelText('From').closest('[hidden]')).toBeNull();
    expect(screen.getByRole('group', { name: 'Status' })).toBeTruthy();
  });

  it('counts the folded filters that are set on the button, so a filter out of sight is not forgotten', () => {
    renderFilters();
    act(() => useHistory.getState().setFilter({ statuses: ['failed', 'partial'], from: '2026-01-01T00:00:00.000Z' }));
    expect(screen.getByRole('button', { name: 'More filters (3)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('button', { name: 'More filters' })).toBeTruthy();
  });

  it('describes the search box with how it matches even while the help is folded away', () => {
    renderFilters();
    const search = screen.getByRole('searchbox', { name: /Search submissions/ });
    expect(document.getElementById(search.getAttribute('aria-describedby')!)?.textContent).toMatch(/7781 finds cust-7781/);
  });
});
