import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { OpenedFile } from '../../shared/files.ts';
import { batchFromNdjson, isNdjsonName } from '../../shared/formats/batch-file.ts';
import { useApi } from '../queries.ts';
import { useComposer } from '../state/composer.ts';
import { baseName } from './importing.ts';
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
      useUi.getState().show('composer');
      if (!isNdjsonName(file.name)) {
        useComposer.getState().openFile(file);
        return;
      }
      // One event a line is no batch the editor can show: it opens as the JSON array of its
      // events, a new batch, so Save never writes a JSON array into the .ndjson file.
      const batch = batchFromNdjson(file.text);
      if (!batch.ok) {
        notify('error', `${file.name} could not be opened as NDJSON: ${batch.message}`);
        return;
      }
      useComposer.getState().open({ name: baseName(file.name), text: batch.text });
      notify('info', `${file.name} is NDJSON: its ${batch.events.toLocaleString('en')} ${batch.events === 1 ? 'event' : 'events'} opened as a new batch; Save writes a .json file.`);
    },
    [client, notify],
  );
  const fail = (error: unknown) => notify('error', `The file could not be opened: ${error instanceof Error ? error.message : String(error)}`);

  return {
    opened,
    open: () => api.files.open().then(opened, fail),
    openRecent: (path: string) => api.files.openRecent({ path }).then(opened, fail),
  };
}
