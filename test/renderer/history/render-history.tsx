import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Api } from '../../../renderer/base/api.ts';
import { HistoryScreen } from '../../../renderer/history/HistoryScreen.tsx';
import { ApiContext } from '../../../renderer/base/queries.ts';

/** The History screen alone over a test's api; its query client, to refresh what it shows. */
export function renderHistoryScreen(api: Api): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={client}>
        <HistoryScreen />
      </QueryClientProvider>
    </ApiContext>,
  );
  return client;
}
