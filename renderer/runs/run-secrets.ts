import { create } from 'zustand';
import type { EnvironmentView } from '../../shared/environment.ts';
import type { SessionView } from '../../shared/session.ts';

/**
 * What a run's environments lack before it can start, asked for in one dialog
 * (RunSecretsDialog): a run that asked for a password and then failed for want of an API key
 * made the user start it three times.
 */

export interface SecretsNeed {
  environment: EnvironmentView;
  /** No login that holds, and no remembered password to renew one with. */
  password: boolean;
  apiKey: boolean;
}

/** What a send to the environment lacks, by the rule Send itself applies (services/sending.ts); null when nothing. */
export function secretsLacking(environment: EnvironmentView, session: SessionView | null): SecretsNeed | null {
  const apiKey = !environment.apiKey.set;
  const canRenew = environment.rememberPassword && environment.passwordRemembered;
  const password = session?.state !== 'active' && !canRenew;
  return apiKey || password ? { environment, password, apiKey } : null;
}

interface Asked {
  needs: SecretsNeed[];
  settle: (entered: boolean) => void;
}

export const useRunSecrets = create<{ asked: Asked | null }>(() => ({ asked: null }));

/** Asks for every secret the needs name at once; true once they are entered (and the logins made), false when cancelled. */
export function askRunSecrets(needs: SecretsNeed[]): Promise<boolean> {
  return new Promise((resolve) => {
    useRunSecrets.getState().asked?.settle(false);
    useRunSecrets.setState({ asked: { needs, settle: resolve } });
  });
}

/** Ends the question: the dialog closes, and the run starts or not. */
export function settleRunSecrets(entered: boolean): void {
  const { asked } = useRunSecrets.getState();
  if (!asked) return;
  useRunSecrets.setState({ asked: null });
  asked.settle(entered);
}
