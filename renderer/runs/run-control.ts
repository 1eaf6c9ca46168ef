import { useCallback } from 'react';
import type { EnvironmentView } from '../../shared/environment.ts';
import { AppError } from '../../shared/errors.ts';
import type { InputOf } from '../../shared/ipc.ts';
import { useEnvironments } from '../environments/queries.ts';
import { useApi } from '../queries.ts';
import { useNotices, useUi } from '../state/ui.ts';
import { useLiveRun } from './live-run.ts';

export type RunRequest = InputOf<'runs:start'>;

/**
 * The environment a run that needs a login waits for: the one its message names, else the one
 * the run was started with, else the workspace's default (all by name, as the workspace knows them).
 */
export function loginTarget(message: string, names: readonly (string | null)[], environments: readonly Pick<EnvironmentView, 'id' | 'name'>[]): string | null {
  const named = environments.filter((environment) => message.includes(`"${environment.name}"`) || message.includes(`“${environment.name}”`));
  const longest = named.sort((a, b) => b.name.length - a.name.length)[0];
  if (longest) return longest.id;
  for (const name of names) {
    const found = name === null ? undefined : environments.find((environment) => environment.name === name);
    if (found) return found.id;
  }
  return null;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts and stops runs. A start refused for a login opens the login dialog for that environment,
 * and the run starts once the login succeeds; any other refusal is a notice.
 */
export function useRunControl(defaultEnvironment: string | null) {
  const api = useApi();
  const notify = useNotices((state) => state.notify);
  const askLogin = useUi((state) => state.askLogin);
  const environments = useEnvironments().data?.environments;
  const started = useLiveRun((state) => state.started);

  const start = useCallback(
    async function start(request: RunRequest): Promise<void> {
      try {
        started((await api.runs.start(request)).runId);
      } catch (error) {
        const target = error instanceof AppError && error.code === 'needs-login' ? loginTarget(error.message, [request.environment, defaultEnvironment], environments ?? []) : null;
        if (target) askLogin(target, () => void start(request), error instanceof Error ? error.message : undefined);
        else notify('error', `The run could not start: ${message(error)}`);
      }
    },
    [api, askLogin, defaultEnvironment, environments, notify, started],
  );

  const stop = useCallback(
    (runId: string) => api.runs.stop({ runId }).catch((error: unknown) => notify('error', `The run could not be stopped: ${message(error)}`)),
    [api, notify],
  );
  return { start, stop };
}
