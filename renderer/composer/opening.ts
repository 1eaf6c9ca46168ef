import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OpenedFile } from '../../shared/files.ts';
import { useApi } from '../queries.ts';
import { useComposer } from '../state/composer.ts';
import { useNotices, useUi } from '../state/ui.ts';

export const recentFilesKey = ['files', 'recent'] as const;

/**
 * Opening batch files: chosen in the dialog, picked from the recent ones, or handed over by the
 * OS (`files:opened`). Each comes forward in the composer, in the tab that already holds it if any.
 */
export function useFileOpening() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);

  const opened = useCallback(
    (file: OpenedFile | null) => {
      void client.invalidateQueries({ queryKey: recentFilesKey });
      if (!file) return;
      useComposer.getState().openFile(file);
      useUi.getState().show('composer');
    },
    [client],
  );
  const fail = (error: unknown) => notify('error', `The file could not be opened: ${error instanceof Error ? error.message : String(error)}`);

  return {
    opened,
    open: () => api.files.open().then(opened, fail),
    openRecent: (path: string) => api.files.openRecent({ path }).then(opened, fail),
  };
}
