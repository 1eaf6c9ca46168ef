import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createRef } from 'react';
import type { Api } from '../../../renderer/base/api.ts';
import { ImportExport, type ImportTarget } from '../../../renderer/composer/import/ImportExport.tsx';
import { ApiContext } from '../../../renderer/base/queries.ts';

/** The services the composer's Import and Export ask of: no environments, no app info. */
const api = { environments: { list: async () => ({ environments: [], activeId: null, notice: null }) }, app: { info: async () => null } } as unknown as Api;

/**
 * The open batch's text as far as an import reads it before the user chooses (Monaco stays out of
 * jsdom): what it holds and its version, never an edit.
 */
export function openBatchText(text: string): ImportTarget['target'] {
  return { batchId: 'open', model: { getValue: () => text, getVersionId: () => 1 } as unknown as ImportTarget['target']['model'] };
}

/** The composer's Import and Export menu on an open batch that has no file (and no events, unless `into` says otherwise). */
export function renderImportExport(into: ImportTarget = { target: openBatchText('[]'), selectedEvent: () => null }): void {
  render(
    <ApiContext value={api}>
      <QueryClientProvider client={new QueryClient()}>
        <ImportExport batch={{ id: 'open', name: 'Open batch', filePath: null }} dropTarget={createRef()} into={into} />
      </QueryClientProvider>
    </ApiContext>,
  );
}
