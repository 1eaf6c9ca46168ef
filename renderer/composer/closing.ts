import { useCallback } from 'react';
import { ask, confirm } from '../base/widgets/questions.ts';
import { batchText } from '../base/state/batch-text.ts';
import { starterBatch, useComposer } from '../base/state/composer.ts';
import { useSaveBatch } from './saving.ts';

/**
 * Closes an open batch, asking first when it holds work that would be gone: a batch with a
 * file offers Save, Don't save or Cancel (Save first, as closing an editor does); one kept in
 * no file asks whether to close it, starting on Cancel. A failed or cancelled save closes nothing.
 */
export function useCloseBatch(): (id: string) => Promise<void> {
  const saveBatch = useSaveBatch();
  return useCallback(
    async (id) => {
      const { batches, close } = useComposer.getState();
      const batch = batches.find((candidate) => candidate.id === id);
      if (!batch) return;
      const text = batchText(id);
      const untouched = text === starterBatch || text.trim() === '';
      if (untouched || (batch.filePath && text === batch.savedText)) {
        close(id);
        return;
      }
      if (batch.filePath) {
        const chosen = await ask({
          title: `Save “${batch.name}” before closing it?`,
          message: `Changes since it was last saved to ${batch.filePath} will be gone unless you save them.`,
          choices: [
            { answer: 'discard', label: 'Don’t save' },
            { answer: 'save', label: 'Save' },
          ],
          focus: 'save',
        });
        if (chosen === 'cancel' || (chosen === 'save' && !(await saveBatch(batch, false)))) return;
        close(id);
        return;
      }
      if (await confirm({ title: `Close “${batch.name}”?`, message: 'Its text is kept in no file and will be gone.', action: 'Close', destructive: true }))
        close(id);
    },
    [saveBatch],
  );
}
