import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import type { Api } from '../../../renderer/api.ts';
import { ImportExport } from '../../../renderer/composer/ImportExport.tsx';
import { ApiContext } from '../../../renderer/queries.ts';

/** The services the composer's Import and Export ask of: no environments, no app info. */
const api = { environments: { list: async () => ({ environments: [], activeId: null, notice: null }) }, app: { info: async () => null } } as unknown as Api;

/** The composer's Import and Export menu on an open batch that has no file. */
export function renderImportExport(): void {
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <ImportExport batch={{ id: 'open', name: 'Open batch', filePath: null }} dropTarget={createRef()} />
      </QueryClientProvider>
    </ApiContext>,
  );
}
