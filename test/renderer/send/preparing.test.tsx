// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Api } from '../../../renderer/base/api.ts';
import { ApiContext } from '../../../renderer/base/queries.ts';
import { ResponsePanel } from '../../../renderer/send/ResponsePanel.tsx';
import { useSendState } from '../../../renderer/base/data/send-state.ts';
import { useComposer } from '../../../renderer/base/state/composer.ts';

afterEach(cleanup);
beforeEach(() => {
  useSendState.setState(useSendState.getInitialState(), true);
  useComposer.setState(useComposer.getInitialState(), true);
});

const api = { submissions: { interrupted: async () => [] } } as unknown as Api;

describe('the response panel while a send is prepared', () => {
  it('shows the send at once, before the services have answered, and gives way when they have', () => {
    const batchId = useComposer.getState().open({ name: 'Big batch', text: '[]' });
    render(
      <ApiContext value={api}>
        <QueryClientProvider client={new QueryClient()}>
          <ResponsePanel />
        </QueryClientProvider>
      </ApiContext>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => useSendState.getState().prepare(batchId, { environmentName: 'Staging' }));
    expect(screen.getByRole('progressbar', { name: 'Preparing the send' })).toBeTruthy();
    expect(screen.getByText(/Preparing the batch for/).textContent).toContain('Staging');

    act(() => useSendState.getState().prepare(batchId, null));
    expect(screen.queryByRole('progressbar', { name: 'Preparing the send' })).toBeNull();
  });
});
