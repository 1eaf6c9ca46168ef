import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AppError } from '../../base/common/errors.ts';
import { useApi } from '../base/queries.ts';
import { ErrorNotice } from '../base/widgets/ErrorNotice.tsx';
import { useNotices } from '../base/state/ui.ts';
import { historyKey } from '../base/data/history-queries.ts';

/**
 * Why the history cannot be read. A damaged file (history-corrupt) can be set aside, kept under
 * a name with the time in it, for a fresh history; `onSetAside` gets where it went.
 */
export function HistoryUnreadable({ error, onSetAside }: { error: unknown; onSetAside: (movedTo: string) => void }) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const setAside = useMutation({
    mutationFn: () => api.history.setAside(),
    onSuccess: ({ movedTo }) => {
      onSetAside(movedTo);
      void client.invalidateQueries({ queryKey: historyKey });
    },
    onError: (failure) => notify('error', failure.message),
  });
  const damaged = error instanceof AppError && error.code === 'history-corrupt';
  return (
    <ErrorNotice title="The history could not be read" error={error}>
      {damaged && (
        <p className="inline wrap">
          <button type="button" className="small" disabled={setAside.isPending} onClick={() => setAside.mutate()}>
            Set the damaged file aside and start a fresh history
          </button>
          <span>The damaged file is kept, renamed, in the data folder.</span>
        </p>
      )}
    </ErrorNotice>
  );
}
