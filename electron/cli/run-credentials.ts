import { originOf, type EnvironmentSettings } from '../../shared/environment.ts';
import { AppError } from '../../shared/errors.ts';
import { SECRET_VARIABLES, environmentSecretVariables, type SecretVariableNames } from '../../shared/secret-variables.ts';
import { credentialsFrom, type TargetSecrets, type Variables } from './target.ts';

/**
 * Who `eventdesk run` logs in as, where. A workspace is untrusted (a cloned repository, a pull
 * request run by CI): any of its environments may point anywhere. So EVENTDESK_PASSWORD and
 * EVENTDESK_API_KEY are bound to an origin, as the app binds an environment's secrets to the
 * origin they were entered for (vault.ts, `secrets-for-another-server`): they go to the origin of
 * the environment the run was started for, and to the origins --allow-origin names. An
 * environment elsewhere logs in only with variables of its own (EVENTDESK_<NAME>_PASSWORD...);
 * without them its steps fail, saying why, and its server hears nothing.
 */

export interface CredentialBinding {
  /** The environment the run was started for (--env, --base-url, else the workspace's default); null when there is none. */
  home: { name: string; origin: string } | null;
  /** Origins --allow-origin gives the command line's own variables to as well. */
  allowed: readonly string[];
}

function checked(variables: Variables, names: SecretVariableNames, environment: EnvironmentSettings): TargetSecrets {
  const username = variables[names.username] || environment.username;
  const { secrets, problems } = credentialsFrom(variables, username, `, and the environment "${environment.name}" has no username`, names);
  if (problems.length > 0) throw new AppError('run-credentials', problems.join(' '));
  return secrets;
}

function refusal(binding: CredentialBinding, environment: EnvironmentSettings, origin: string, own: SecretVariableNames | null): string {
  const given = `${SECRET_VARIABLES.password} and ${SECRET_VARIABLES.apiKey}`;
  const home = binding.home === null ? `were given for the environment the run was started for, and it has none (no --env, no --base-url, no "defaultEnvironment")` : `were given for ${binding.home.origin} (environment "${binding.home.name}")`;
  const instead = own === null ? `the name "${environment.name}" makes no variables of its own: pass --allow-origin ${origin}` : `set ${own.password} and ${own.apiKey} for it, or pass --allow-origin ${origin}`;
  return `${given} ${home}; the environment "${environment.name}" is at ${origin}: ${instead}.`;
}

/** The credentials for an environment a step sends to; throws an AppError saying why when it gets none. */
export function runCredentials(variables: Variables, binding: CredentialBinding): (environment: EnvironmentSettings) => TargetSecrets {
  return (environment) => {
    const origin = originOf(environment.baseUrl) ?? environment.baseUrl;
    const own = environmentSecretVariables(environment.name);
    if (own !== null && (variables[own.password] || variables[own.apiKey])) return checked(variables, own, environment);
    if (origin === binding.home?.origin || binding.allowed.includes(origin)) return checked(variables, SECRET_VARIABLES, environment);
    throw new AppError('secrets-for-another-server', refusal(binding, environment, origin, own));
  };
}
