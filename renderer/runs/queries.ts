import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../base/queries.ts';
import { useLiveRun } from './live-run.ts';

export const runsKey = ['runs'] as const;
const scenariosKey = [...runsKey, 'scenarios'] as const;
const keptKey = [...runsKey, 'kept'] as const;

/** The open workspace's scenarios, as they stand on disk. */
export function useWorkspaceScenarios(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: scenariosKey, queryFn: () => api.runs.scenarios(), enabled });
}

/** The open workspace's kept runs, newest first. */
export function useKeptRuns(enabled: boolean) {
  const api = useApi();
  return useQuery({ queryKey: keptKey, queryFn: () => api.runs.list(), enabled });
}

/** A kept run, whole (kept runs do not change). */
export function useKeptRun(id: string | null) {
  const api = useApi();
  return useQuery({ queryKey: [...keptKey, id], queryFn: () => api.runs.get({ id: id! }), enabled: id !== null, staleTime: Infinity });
}

/**
 * Listens from app start: every runs:progress feeds the live run (seen whichever screen is open),
 * a run's end refreshes the kept runs, and the workspace opened, closed or changed on disk reads
 * its scenarios and runs again (opened or closed, the last run shown was another workspace's).
 */
export function useRunEvents(): void {
  const api = useApi();
  const client = useQueryClient();
  const progressed = useLiveRun((state) => state.progressed);
  const forget = useLiveRun((state) => state.forget);
  useEffect(
    () =>
      api.runs.onProgress((event) => {
        progressed(event);
        if (event.kind === 'run-ended') void client.invalidateQueries({ queryKey: keptKey });
      }),
    [api, client, progressed],
  );
  useEffect(
    () =>
      api.workspace.onChanged((change) => {
        if (change.changed.length === 0) forget();
        void client.invalidateQueries({ queryKey: runsKey });
      }),
    [api, client, forget],
  );
}
