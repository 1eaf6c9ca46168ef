import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { InputOf } from '../../shared/ipc.ts';
import type { WorkspaceScenario } from '../../shared/runs/run-schemas.ts';
import { environmentsKey } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import { sessionKey } from '../session/queries.ts';
import { useNotices } from '../state/ui.ts';
import { useLiveRun } from './live-run.ts';
import { askRunSecrets, secretsLacking, type SecretsNeed } from './run-secrets.ts';

export type RunRequest = InputOf<'runs:start'>;

/**
 * The environments a run sends to, by name: the one chosen for it, else each scenario's own,
 * else the workspace's default. (A step naming another environment is not foreseen: it fails
 * with the reason a send gives without a login.)
 */
export function environmentsOfRun(request: Pick<RunRequest, 'scenarios' | 'environment'>, scenarios: readonly WorkspaceScenario[], defaultEnvironment: string | null): string[] {
  if (request.environment !== null) return [request.environment];
  const chosen = request.scenarios.length === 0 ? scenarios : scenarios.filter((scenario) => request.scenarios.includes(scenario.file));
  const names = chosen.filter((scenario) => scenario.problem === null).map((scenario) => scenario.environment ?? defaultEnvironment);
  return [...new Set(names.filter((name) => name !== null))];
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts and stops runs. Every step sends as Send does, which needs a login and an API key:
 * before a run starts, every secret its environments lack (a password where nobody is logged
 * in, an API key) is asked for in one dialog, and the run starts once they are entered;
 * cancelling it starts nothing. A refusal is a notice.
 */
export function useRunControl(scenarios: readonly WorkspaceScenario[], defaultEnvironment: string | null) {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const started = useLiveRun((state) => state.started);

  const start = useCallback(
    async function start(request: RunRequest): Promise<void> {
      try {
        // Read afresh: whether a key is set decides what is asked, and a stale list asks for one already given.
        const { environments } = await client.fetchQuery({ queryKey: environmentsKey, queryFn: () => api.environments.list(), staleTime: 0 });
        const needs: SecretsNeed[] = [];
        for (const name of environmentsOfRun(request, scenarios, defaultEnvironment)) {
          // The workspace's environments are listed after the data folder's, which may hold one of the same name.
          const environment = environments.findLast((candidate) => candidate.name === name);
          if (!environment) continue;
          const session = await client.fetchQuery({ queryKey: sessionKey(environment.id), queryFn: () => api.session.status({ environmentId: environment.id }) });
          const need = secretsLacking(environment, session);
          if (need) needs.push(need);
        }
        if (needs.length > 0 && !(await askRunSecrets(needs))) return;
        started((await api.runs.start(request)).runId);
      } catch (error) {
        notify('error', `The run could not start: ${message(error)}`);
      }
    },
    [api, client, defaultEnvironment, notify, scenarios, started],
  );

  const stop = useCallback(
    (runId: string) => api.runs.stop({ runId }).catch((error: unknown) => notify('error', `The run could not be stopped: ${message(error)}`)),
    [api, notify],
  );
  return { start, stop };
}
