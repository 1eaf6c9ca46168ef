import { originOf, type EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { SECRET_VARIABLES, environmentSecretVariables, type SecretVariableNames } from '../../../features/environments/common/secret-variables.ts';
import type { TargetSecrets } from '../../../features/environments/node/target.ts';
import { credentialsFrom, secretProblems, type Variables } from '../shared/target.ts';

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
  const home =
    binding.home === null
      ? `were given for the environment the run was started for, and it has none (no --env, no --base-url, no "defaultEnvironment")`
      : `were given for ${binding.home.origin} (environment "${binding.home.name}")`;
  const instead =
    own === null
      ? `the name "${environment.name}" makes no variables of its own: pass --allow-origin ${origin}`
      : `set ${own.password} and ${own.apiKey} for it, or pass --allow-origin ${origin}`;
  return `${given} ${home}; the environment "${environment.name}" is at ${origin}: ${instead}.`;
}

/** Where an environment's credentials come from: its own variables once any is set, else the command line's where they may go; null: neither may. */
function sourceOf(
  variables: Variables,
  binding: CredentialBinding,
  environment: EnvironmentSettings,
): { origin: string; own: SecretVariableNames | null; names: SecretVariableNames | null } {
  const origin = originOf(environment.baseUrl) ?? environment.baseUrl;
  const own = environmentSecretVariables(environment.name);
  if (own !== null && (variables[own.password] || variables[own.apiKey])) return { origin, own, names: own };
  const allowed = origin === binding.home?.origin || binding.allowed.includes(origin);
  return { origin, own, names: allowed ? SECRET_VARIABLES : null };
}

/** The credentials for an environment a step sends to; throws an AppError saying why when it gets none. */
export function runCredentials(variables: Variables, binding: CredentialBinding): (environment: EnvironmentSettings) => TargetSecrets {
  return (environment) => {
    const { origin, own, names } = sourceOf(variables, binding, environment);
    if (names === null) throw new AppError('secrets-for-another-server', refusal(binding, environment, origin, own));
    return checked(variables, names, environment);
  };
}

const listed = (items: readonly string[]) => (items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Every credential the environments a run sends to lack, said at once before anything is sent
 * (issue 32, item 8), rather than one failed step at a time: "This run needs EVENTDESK_PASSWORD
 * and EVENTDESK_API_KEY (for sandbox), EVENTDESK_STAGING_API_KEY (for staging): set them and run
 * it again." Then what is wrong with those given (a line break, not a key). Empty when nothing.
 */
export function runCredentialProblems(variables: Variables, binding: CredentialBinding, environments: readonly EnvironmentSettings[]): string[] {
  const lacking = new Map<string, { names: string[]; environments: string[] }>();
  const problems: string[] = [];
  for (const environment of environments) {
    const { origin, own, names } = sourceOf(variables, binding, environment);
    const asked = names ?? own;
    if (asked === null) {
      problems.push(
        `The environment "${environment.name}" is at ${origin}, and its name makes no variables of its own: pass --allow-origin ${origin} to give it ${SECRET_VARIABLES.password} and ${SECRET_VARIABLES.apiKey}.`,
      );
      continue;
    }
    const missing = [
      ...(variables[asked.username] || environment.username ? [] : [asked.username]),
      ...[asked.password, asked.apiKey].filter((name) => !variables[name]),
    ];
    if (missing.length === 0) {
      problems.push(...secretProblems(variables, asked));
      continue;
    }
    const key = missing.join(' ');
    const where = names === null ? `${environment.name}, at ${origin}, or pass --allow-origin ${origin}` : environment.name;
    const entry = lacking.get(key) ?? { names: missing, environments: [] };
    entry.environments.push(where);
    lacking.set(key, entry);
  }
  const needs = [...lacking.values()].map((entry) => `${listed(entry.names)} (for ${entry.environments.join('; ')})`);
  const count = [...lacking.values()].reduce((sum, entry) => sum + entry.names.length, 0);
  return [...(needs.length > 0 ? [`This run needs ${needs.join(', ')}: set ${count === 1 ? 'it' : 'them'} and run it again.`] : []), ...problems];
}
