import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AppError } from '../../base/common/errors.ts';
import type { InputOf } from '../../app/common/ipc.ts';
import { environmentsKey } from '../base/data/environment-queries.ts';
import { useApi } from '../base/queries.ts';
import { useNotices } from '../base/state/ui.ts';
import { useLiveRun } from './live-run.ts';
import { askRunSecrets } from './run-secrets.ts';

export type RunRequest = InputOf<'runs:start'>;

/** Times a start refused for want of secrets asks for them: entered secrets that do not hold (a login that expires at once) end in a notice, not a loop. */
const ASKS = 3;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Starts and stops runs. Every step sends as Send does, which needs a login and an API key: the
 * services refuse a run whose environments (each step's own included) lack any
 * (run-secrets-missing), so every secret they name is asked for in one dialog, and the run
 * starts once they are entered; cancelling it starts nothing. A refusal is a notice.
 */
export function useRunControl() {
  const api = useApi();
  const client = useQueryClient();
  const notify = useNotices((state) => state.notify);
  const started = useLiveRun((state) => state.started);

  const start = useCallback(
    async function start(request: RunRequest): Promise<void> {
      try {
        for (let asked = 0; ; asked += 1) {
          try {
            started((await api.runs.start(request)).runId);
            return;
          } catch (error) {
            if (!(error instanceof AppError && error.code === 'run-secrets-missing') || asked === ASKS) throw error;
          }
          const needs = await api.runs.secretsNeeded({ scenarios: request.scenarios, environment: request.environment });
          if (needs.length > 0 && !(await askRunSecrets(needs))) return;
          // The API keys just entered show as set in the environments' editor.
          await client.invalidateQueries({ queryKey: environmentsKey });
        }
      } catch (error) {
        notify('error', `The run could not start: ${message(error)}`);
      }
    },
    [api, client, notify, started],
  );

  const stop = useCallback(
    (runId: string) => api.runs.stop({ runId }).catch((error: unknown) => notify('error', `The run could not be stopped: ${message(error)}`)),
    [api, notify],
  );
  return { start, stop };
}
