import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApi } from '../base/queries.ts';
import { settledBatchText } from '../base/state/batch-text.ts';
import { useComposer, type Batch } from '../base/state/composer.ts';
import { useNotices } from '../base/state/ui.ts';
import { recentFilesKey } from './opening/opening.ts';

/**
 * Saves a batch to its file (or, with `saveAs` or none yet, to one chosen); true once saved, false
 * when not (said in a notice, or the choice was cancelled).
 */
export function useSaveBatch(): (batch: Batch, saveAs: boolean) => Promise<boolean> {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  return useCallback(
    async (batch, saveAs) => {
      const text = await settledBatchText(batch.id);
      try {
        const result = await api.files.save({ path: saveAs ? null : batch.filePath, suggestedName: batch.filePath ? batch.name : `${batch.name}.json`, text });
        void client.invalidateQueries({ queryKey: recentFilesKey });
        if (!result) return false;
        useComposer.getState().saved(batch.id, result.path, text);
        notify('success', `Saved to ${result.path}.`);
        return true;
      } catch (error) {
        notify('error', `The batch could not be saved: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      }
    },
    [api, client, notify],
  );
}
