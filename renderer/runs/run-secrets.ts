import { create } from 'zustand';
import type { RunSecretsNeed } from '../../features/runs/common/run-secrets.ts';

/**
 * The question a run asks before it starts: every secret its environments lack (the runs
 * service says which: features/runs/common/run-secrets.ts), answered in one dialog (RunSecretsDialog).
 */

interface Asked {
  needs: RunSecretsNeed[];
  settle: (entered: boolean) => void;
}

export const useRunSecrets = create<{ asked: Asked | null }>(() => ({ asked: null }));

/** Asks for every secret the needs name at once; true once they are entered (and the logins made), false when cancelled. */
export function askRunSecrets(needs: RunSecretsNeed[]): Promise<boolean> {
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
