import { z } from 'zod';
import { EnvironmentViewSchema, type EnvironmentView } from '../../environments/common/environment.ts';
import type { SessionView } from '../../environments/common/session.ts';

/**
 * What the environments of a run lack before it can start (issue 32, item 8): a run that asked
 * for a password and then failed for want of an API key made the user start it three times.
 * The runs service refuses a run that lacks any (run-secrets-missing) and says what; the Runs
 * view asks for all of it in one dialog.
 */

export const RunSecretsNeedSchema = z.object({
  environment: EnvironmentViewSchema,
  /** No login that holds, and no remembered password to renew one with. */
  password: z.boolean(),
  apiKey: z.boolean(),
});
export type RunSecretsNeed = z.infer<typeof RunSecretsNeedSchema>;

/** What a send to the environment lacks, by the rule Send itself applies (services/sending.ts); null when nothing. */
export function secretsLacking(environment: EnvironmentView, session: SessionView | null): RunSecretsNeed | null {
  const apiKey = !environment.apiKey.set;
  const canRenew = environment.rememberPassword && environment.passwordRemembered;
  const password = session?.state !== 'active' && !canRenew;
  return apiKey || password ? { environment, password, apiKey } : null;
}

/** One sentence naming every environment and what it lacks: “sandbox” a login and an API key, “staging” an API key. */
export function lackingText(needs: readonly RunSecretsNeed[]): string {
  const each = needs.map(
    ({ environment, password, apiKey }) => `“${environment.name}” ${[password && 'a login', apiKey && 'an API key'].filter(Boolean).join(' and ')}`,
  );
  return `The run needs, before it starts: ${each.join('; ')}. Enter them, and start it again.`;
}
