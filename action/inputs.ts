import path from 'node:path';

/**
 * The inputs of the EventDesk GitHub Action (action.yml), read from INPUT_* variables as action.yml
 * passes them, so the same script runs on a laptop with the variables set by hand.
 */

export interface SandboxInputs {
  port: number;
  /** Absolute path of the tracking plan the sandbox checks events against, or null. */
  plan: string | null;
  /** How long to wait for the sandbox to answer, in milliseconds. */
  timeoutMs: number;
}

export interface ActionInputs {
  /** What npm installs: `eventdesk@<exact version>`, or a tarball's path or URL. */
  packageSpec: string;
  /** Absolute path of the workspace; `eventdesk run` runs in it. */
  workspace: string;
  /** Scenario files or folders, relative to the workspace; none runs them all. */
  scenarios: string[];
  /** `eventdesk run`'s flags for where to send: --env or --base-url, or none. */
  target: string[];
  bail: boolean;
  sandbox: SandboxInputs | null;
  /** Absolute path of the folder the reports go into. */
  reportDir: string;
}

/** An input the action cannot use: said as one line, and the step fails before installing anything. */
export class InputError extends Error {}

const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Pins the install: an exact version, or a tarball (a local build, a file a release attached);
 * never a range, a tag such as `latest`, or nothing, which would change under a workflow unseen.
 * Empty means the version of the action itself, so `uses: …@v0.2.0` installs eventdesk 0.2.0.
 */
export function packageSpec(version: string, actionVersion: string, cwd: string): string {
  const given = version.trim() || actionVersion;
  if (EXACT_VERSION.test(given)) return `eventdesk@${given}`;
  if (given.endsWith('.tgz')) return URL_SCHEME.test(given) ? given : path.resolve(cwd, given);
  throw new InputError(
    `version: "${given}" is neither an exact version (such as ${actionVersion}) nor a package tarball (.tgz); the install is pinned, so ranges and tags such as "latest" are refused.`,
  );
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = (env[inputVariable(name)] ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new InputError(`${name}: "${value}" is neither true nor false.`);
}

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = (env[inputVariable(name)] ?? '').trim();
  if (value === '') return fallback;
  if (!/^\d+$/.test(value)) throw new InputError(`${name}: "${value}" is not a whole number.`);
  return Number(value);
}

/** The variable action.yml passes an input in: INPUT_ and the name in capitals, `-` as `_` so a shell can set it. */
export function inputVariable(name: string): string {
  return `INPUT_${name.toUpperCase().replaceAll('-', '_')}`;
}

/** One path a line, as GitHub's own actions take lists, so a path may hold spaces. */
function list(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

export const DEFAULTS = { sandboxPort: 4797, sandboxTimeoutSeconds: 30, reportDir: 'eventdesk-report' } as const;

export function readInputs(env: NodeJS.ProcessEnv, cwd: string, actionVersion: string): ActionInputs {
  const text = (name: string) => (env[inputVariable(name)] ?? '').trim();
  const workspace = path.resolve(cwd, text('workspace') || '.');
  const environment = text('environment');
  const baseUrl = text('base-url');
  if (environment !== '' && baseUrl !== '') throw new InputError('environment and base-url: give one of them, not both.');
  const plan = text('sandbox-plan');
  return {
    packageSpec: packageSpec(text('version'), actionVersion, cwd),
    workspace,
    scenarios: list(text('scenarios')),
    target: environment !== '' ? ['--env', environment] : baseUrl !== '' ? ['--base-url', baseUrl] : [],
    bail: flag(env, 'bail'),
    sandbox: flag(env, 'sandbox')
      ? {
          port: wholeNumber(env, 'sandbox-port', DEFAULTS.sandboxPort),
          plan: plan === '' ? null : path.resolve(workspace, plan),
          timeoutMs: wholeNumber(env, 'sandbox-timeout', DEFAULTS.sandboxTimeoutSeconds) * 1000,
        }
      : null,
    reportDir: path.resolve(cwd, text('report-dir') || DEFAULTS.reportDir),
  };
}
