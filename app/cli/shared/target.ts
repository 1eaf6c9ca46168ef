import { DEFAULT_SETTINGS, LIMITS, checkSecret, checkSettings, type EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import type { Target, TargetSecrets } from '../../../features/environments/node/target.ts';
import { SECRET_VARIABLES, type SecretVariableNames } from '../../../features/environments/common/secret-variables.ts';
import { ENV_USAGE, chooseEnvironment } from './environment-choice.ts';
import { UsageError, wholeNumber } from './flags.ts';

/**
 * Where a command talks to and as whom: an environment (environment-choice.ts) or a bare base URL, with
 * the secrets taken from environment variables only, so they never sit in shell history or in
 * a file that may end up in git. `login` uses it; `send` and `validate` reuse it.
 */

/** The flags of the target, for a command to spread into its own parseArgs options. */
export const TARGET_FLAGS = {
  env: { type: 'string' },
  'env-name': { type: 'string' },
  'base-url': { type: 'string' },
  'time-zone': { type: 'string' },
  timeout: { type: 'string' },
} as const;

export interface TargetFlags {
  env?: string;
  'env-name'?: string;
  'base-url'?: string;
  'time-zone'?: string;
  timeout?: string;
}

export const TARGET_USAGE = `Target: one of --env or --base-url
${ENV_USAGE}
  --base-url URL         The service's address, e.g. https://api.example.com
  --time-zone ZONE       Time zone of the server's date-times: UTC, local or an IANA name
                         (default: the environment's, else ${DEFAULT_SETTINGS.timeZone})
  --timeout MS           Request timeout in milliseconds
                         (default: the environment's, else ${DEFAULT_SETTINGS.requestTimeoutMs})

Credentials, from environment variables only, never from flags
  ${SECRET_VARIABLES.username.padEnd(23)}The username (with --env, the file's username when unset)
  ${SECRET_VARIABLES.password.padEnd(23)}The password
  ${SECRET_VARIABLES.apiKey.padEnd(23)}The application's API key
`;

export type Variables = Readonly<Record<string, string | undefined>>;

/** A password or API key variable: the command line's own, or one environment's (EVENTDESK_<NAME>_PASSWORD, run-credentials.ts). */
const SECRET_VARIABLE = /^EVENTDESK_(?:.+_)?(?:PASSWORD|API_KEY)$/;

/** The secret values the variables hold, to mask in anything printed, even before they are checked. */
export function secretsIn(variables: Variables): string[] {
  return Object.entries(variables).flatMap(([name, value]) => (value && SECRET_VARIABLE.test(name) ? [value] : []));
}

const ID = 'command-line';

/**
 * The settings of the environment that --env and --env-name choose, defaults filled in, for a
 * command that needs no credentials (validate). Throws a UsageError as resolveTarget does.
 */
export async function environmentFromFile(given: string, name: string | undefined): Promise<EnvironmentSettings> {
  return (await chooseEnvironment(given, name)).settings;
}

function hostOf(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).host || null;
  } catch {
    return null;
  }
}

/**
 * The credentials the variables hold for `username` (the variable's own, or the environment's),
 * with each problem named by its variable; `noUsername` says where else a username was looked for.
 * `names` are the variables to read (default: the command line's own). Secrets never appear in a problem.
 */
export function credentialsFrom(
  variables: Variables,
  username: string,
  noUsername = '',
  names: SecretVariableNames = SECRET_VARIABLES,
): { secrets: TargetSecrets; problems: string[] } {
  const problems = username === '' ? [`${names.username} is not set${noUsername}. Set it to the username to log in with.`] : [];
  problems.push(...secretProblems(variables, names));
  return { secrets: { username, password: variables[names.password] ?? '', apiKey: variables[names.apiKey] ?? '' }, problems };
}

/**
 * What is wrong with the password and the API key the variables give (missing, a line break, not a
 * key): the username aside, as each environment may give its own.
 */
export function secretProblems(variables: Variables, names: SecretVariableNames = SECRET_VARIABLES): string[] {
  const problems: string[] = [];
  const password = variables[names.password] ?? '';
  if (password === '') {
    problems.push(`${names.password} is not set. EventDesk reads the password only from this environment variable.`);
  } else if (/[\r\n]/.test(password)) {
    // Spaces may be part of a password; a line break cannot be typed into a login form.
    problems.push(`${names.password}: The password contains a line break. Was it read from a file with its newline?`);
  }
  const apiKey = variables[names.apiKey] ?? '';
  if (apiKey === '') {
    problems.push(`${names.apiKey} is not set. EventDesk reads the API key only from this environment variable.`);
  } else {
    const problem = checkSecret(apiKey, 'API key');
    if (problem) problems.push(`${names.apiKey}: ${problem}`);
  }
  return problems;
}

/**
 * Resolves the flags and the variables into the environment to use and its secrets, or throws
 * a UsageError listing every problem found, each named by the flag, variable or file field it
 * came from. Secrets never appear in a message. Without `credentials` (a dry run logs in
 * nowhere) the secrets are neither asked for nor checked, and come back empty.
 */
export async function resolveTarget(
  flags: TargetFlags,
  variables: Variables = process.env,
  { credentials = true }: { credentials?: boolean } = {},
): Promise<Target> {
  const file = flags.env;
  const baseUrlFlag = flags['base-url'];
  if ((file === undefined) === (baseUrlFlag === undefined)) {
    throw new UsageError(file === undefined ? 'Say where to connect: --env ENV or --base-url URL.' : 'Give --env or --base-url, not both.');
  }
  if (flags['env-name'] !== undefined && file === undefined) throw new UsageError('--env-name picks an environment of an --env file; there is none.');

  const problems: string[] = [];
  let timeoutMs: number | undefined;
  try {
    timeoutMs = wholeNumber('--timeout', flags.timeout);
  } catch (error) {
    problems.push((error as Error).message);
  }

  const chosen = file === undefined ? null : await chooseEnvironment(file, flags['env-name']);
  const usernameVariable = variables[SECRET_VARIABLES.username] || undefined;
  const username = usernameVariable || chosen?.settings.username || '';
  const base: EnvironmentSettings = chosen
    ? chosen.settings
    : { ...DEFAULT_SETTINGS, name: (hostOf(baseUrlFlag!) ?? 'command line').slice(0, LIMITS.name), baseUrl: baseUrlFlag! };
  const settings: EnvironmentSettings = {
    ...base,
    username,
    timeZone: flags['time-zone'] ?? base.timeZone,
    requestTimeoutMs: timeoutMs ?? base.requestTimeoutMs,
  };

  const overriddenBy: Record<string, string | undefined> = {
    baseUrl: baseUrlFlag === undefined ? undefined : '--base-url',
    timeZone: flags['time-zone'] === undefined ? undefined : '--time-zone',
    requestTimeoutMs: flags.timeout === undefined ? undefined : '--timeout',
    username: usernameVariable === undefined ? undefined : SECRET_VARIABLES.username,
  };
  const sourceOf = (field: string) => overriddenBy[field] ?? `${chosen?.source}, ${field}`;
  for (const problem of checkSettings(settings)) problems.push(`${sourceOf(problem.field)}: ${problem.message}`);

  const environment = { ...settings, baseUrl: settings.baseUrl.replace(/\/+$/, ''), id: ID, embeddedSandbox: false };
  if (!credentials) {
    if (problems.length > 0) throw new UsageError(problems.join('\n'));
    return { environment, secrets: { username, password: '', apiKey: '' } };
  }
  const { secrets, problems: secretProblems } = credentialsFrom(
    variables,
    username,
    chosen ? `, and "${chosen.settings.name}" in ${chosen.source} has no username` : '',
  );
  problems.push(...secretProblems);
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return { environment, secrets };
}
