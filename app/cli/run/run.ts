import { mkdir, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { originOf, type EnvironmentSettings } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { plural } from '../../../base/common/plural.ts';
import { redactText } from '../../../base/common/redaction/redact.ts';
import { junitReport } from '../../../features/runs/common/reports/junit.ts';
import { SIGN, textReport } from '../../../features/runs/common/reports/text.ts';
import { runScenarios } from '../../../features/runs/common/engine.ts';
import { countSteps, type RunProgress, type RunResult } from '../../../features/runs/common/run-result.ts';
import { SECRET_VARIABLES } from '../../../features/environments/common/secret-variables.ts';
import { problemText } from '../../../features/workspace/common/workspace-json.ts';
import { WORKSPACE_KINDS } from '../../../features/workspace/common/workspace.ts';
import { keptRunsIn } from '../../../features/runs/node/kept-runs.ts';
import { runEnvironments } from '../../../features/runs/node/run-environments.ts';
import { createServicesSender } from './services-sender.ts';
import { workspaceRunDeps } from '../../../features/runs/node/workspace-run.ts';
import { workspaceDataFolder } from '../../node/index.ts';
import { findEnvironment } from '../../../features/workspace/node/files.ts';
import { findWorkspaceRoot, loadWorkspace, type LoadedWorkspace } from '../../../features/workspace/node/scan.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { appDataFolder } from '../shared/data-folder.ts';
import { ENV_USAGE, chooseEnvironment } from '../shared/environment-choice.ts';
import { UsageError, exists, fileMistake, isUsageError, parseFlags, unwritable, usageText } from '../shared/flags.ts';
import { runCredentialProblems, runCredentials, type CredentialBinding } from './run-credentials.ts';
import { resolveTarget, secretsIn, type Variables } from '../shared/target.ts';
import { printedJson } from '../../../base/common/terminal-text.ts';

/**
 * `eventdesk run`: a workspace's scenarios, through the same engine as the app's Runs view
 * (features/runs/common/engine.ts), each send through the services' normal path and recorded in the
 * workspace's own history. Progress goes to standard error; the report to standard output or,
 * with --out, to a file per reporter (JUnit XML for CI).
 */

export const RUN_USAGE = `Usage: eventdesk run [PATH...] [--env ENV | --base-url URL] [--allow-origin URL]...
                     [--data-file FILE] [--reporter text,junit,json] [--out DIR] [--bail]

Runs the scenarios (scenarios/**/*.scenario.json) of the workspace PATH is in (default: the
current folder's): every scenario, or those PATH names (a scenario file, or a folder of them).
Each step sends its batch through the same path as "eventdesk send" (validation, chunks,
retries, renewed logins), recorded in the workspace's own history in EventDesk's data folder,
and checks what the scenario expects.

Where to send
${ENV_USAGE}
                         One of the workspace's is for the steps and scenarios that name
                         none (default: each scenario's, else the workspace's default);
                         any other is for every step
  --base-url URL         This address for every step, with the environment's other settings
                         left at their defaults
  --allow-origin URL     Give ${SECRET_VARIABLES.password} and ${SECRET_VARIABLES.apiKey} to this origin
                         too (scheme, host and port; repeatable): see Credentials
  --data-file FILE       A data file (CSV, or a JSON array of objects) inside the workspace, read
                         instead of their own by the steps that read one (--data, its former
                         name, still works)

Reports
  --reporter LIST        text, junit, json, or several joined by commas (default: text)
  --out DIR              Write each report into DIR (made if need be): report.txt,
                         junit.xml, report.json; the text report still goes to standard output.
                         Without --out, the one reporter named writes to standard output.
  --bail                 Stop at the first failed step; the steps not run are reported skipped
  -h, --help             Show this help

Credentials, from environment variables only, as for "eventdesk send"
  ${SECRET_VARIABLES.username.padEnd(23)}The username (default: each environment's)
  ${SECRET_VARIABLES.password.padEnd(23)}The password
  ${SECRET_VARIABLES.apiKey.padEnd(23)}The application's API key
They go only to the origin of the environment the run is for (--env, --base-url, else the
workspace's "defaultEnvironment") and to each --allow-origin. A workspace may point its other
environments anywhere: they get only variables of their own. Before anything is sent, the run
names every variable the environments it sends to lack (a step's own included), and exits 2.
An environment's own variables:
  EVENTDESK_<NAME>_USERNAME, EVENTDESK_<NAME>_PASSWORD, EVENTDESK_<NAME>_API_KEY
NAME is the environment's name without accents, in capitals, each run of other characters
than A-Z and 0-9 made one "_": "staging-eu" and "Staging EU" read EVENTDESK_STAGING_EU_PASSWORD.

EVENTDESK_DATA_DIR picks the data folder the workspace's history is kept in (default: the app's).

Exit codes: 0 every step passed, 1 a step failed, a scenario could not run or the workspace
cannot be read, 2 the command was called wrong.
`;

const FLAGS = {
  env: { type: 'string' },
  'env-name': { type: 'string' },
  'base-url': { type: 'string' },
  'allow-origin': { type: 'string', multiple: true },
  'data-file': { type: 'string' },
  /** The former name of --data-file: every other command's --data is the data folder. */
  data: { type: 'string' },
  reporter: { type: 'string' },
  out: { type: 'string' },
  bail: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const REPORT_FILES = { text: 'report.txt', junit: 'junit.xml', json: 'report.json' } as const;
type Reporter = keyof typeof REPORT_FILES;

function reportersOf(list: string | undefined): Reporter[] {
  const names = (list ?? 'text').split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !Object.hasOwn(REPORT_FILES, name));
  if (unknown.length > 0)
    throw new UsageError(`--reporter takes text, junit and json, joined by commas; not ${unknown.map((name) => `"${name}"`).join(', ')}.`);
  return [...new Set(names as Reporter[])];
}

/** A path with every link resolved: of the part that exists, with the rest (a file not made yet) as given. */
async function realPathOf(file: string): Promise<string> {
  const absolute = path.resolve(file);
  try {
    return await realpath(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(await realPathOf(parent), path.basename(absolute));
  }
}

/**
 * A path as the workspace writes it: relative to its root, forward slashes; null when it is
 * outside. Compared by real paths, so a link to the workspace (macOS's /tmp is one to
 * /private/tmp) is inside it, whichever way each path was given.
 */
async function insideRoot(root: string, file: string): Promise<string | null> {
  const relative = path.relative(await realPathOf(root), await realPathOf(file));
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return relative === '' ? '' : null;
  return relative.split(path.sep).join('/');
}

/** The scenario files PATH names: the workspace's under a folder, or the file itself. */
async function scenariosOf(workspace: LoadedWorkspace, paths: readonly string[]): Promise<string[]> {
  const { root, files } = workspace.listing;
  const scenarios = files.filter((file) => file.kind === 'scenario').map((file) => file.path);
  if (paths.length === 0) return scenarios;
  const chosen: string[] = [];
  for (const given of paths) {
    const relative = await insideRoot(root, given);
    if (relative === null) throw new UsageError(`${given} is outside the workspace in ${root}: name scenarios of one workspace.`);
    const under = scenarios.filter((file) => relative === '' || file === relative || file.startsWith(`${relative}/`));
    if (under.length === 0) {
      const suffix = WORKSPACE_KINDS.scenario.suffixes[0];
      throw new UsageError(
        relative.endsWith(suffix)
          ? `${given} is not a scenario of the workspace: scenarios are ${WORKSPACE_KINDS.scenario.folder}/**/*${suffix}.`
          : `${given} holds no scenarios (${WORKSPACE_KINDS.scenario.folder}/**/*${suffix}).`,
      );
    }
    chosen.push(...under.filter((file) => !chosen.includes(file)));
  }
  return chosen;
}

interface RunPlan {
  workspace: LoadedWorkspace;
  scenarios: string[];
  /** The workspace's environment for the steps that name none, or null. */
  environmentName: string | null;
  /** An address for every step (--env naming no environment of this workspace, --base-url), or null. */
  everywhere: EnvironmentSettings | null;
  /** Where the credential variables may go. */
  binding: CredentialBinding;
  data: string | null;
  /** Lines to say on standard error before the run: a former flag's new name. */
  notes: string[];
  reporters: Reporter[];
  out: string | null;
  bail: boolean;
}

/** The run's own environment (the one given, else the workspace's default) and the origins allowed besides it. */
function credentialBinding(
  workspace: LoadedWorkspace,
  everywhere: EnvironmentSettings | null,
  environmentName: string | null,
  allowOrigins: readonly string[],
): CredentialBinding {
  const allowed = allowOrigins.map((url) => {
    const origin = originOf(url);
    if (origin === null) throw new UsageError(`--allow-origin ${url}: not an http or https address.`);
    return origin;
  });
  const name = environmentName ?? workspace.listing.manifest.defaultEnvironment;
  const settings = everywhere ?? (name === null ? undefined : findEnvironment(workspace.environments, name)?.settings);
  const origin = settings === undefined ? null : originOf(settings.baseUrl);
  return { home: settings === undefined || origin === null ? null : { name: settings.name, origin }, allowed };
}

/** --data-file, or --data, its former name, with a note saying so. */
function dataFileFlag(values: { 'data-file'?: string; data?: string }): { file: string | undefined; notes: string[] } {
  if (values.data === undefined) return { file: values['data-file'], notes: [] };
  if (values['data-file'] !== undefined) throw new UsageError('Give --data-file alone: --data is its former name.');
  return {
    file: values.data,
    notes: ["eventdesk run: --data is now --data-file (every other command's --data is the data folder); the old name still works.\n"],
  };
}

/** The data file as the workspace writes it: inside the workspace, and there. */
async function dataFileIn(root: string, file: string): Promise<string> {
  const data = await insideRoot(root, file);
  if (data === null || data === '') throw new UsageError(`--data-file ${file}: the data file must be inside the workspace (${root}), as the steps' own are.`);
  if (!(await exists(file))) throw fileMistake(`--data-file ${file}: there is no such file.`);
  return data;
}

async function planRun(args: string[], variables: Variables): Promise<RunPlan | 'help'> {
  const { values, positionals } = parseFlags({ args, options: FLAGS, strict: true, allowPositionals: true });
  if (values.help) return 'help';
  const reporters = reportersOf(values.reporter);
  if (values.out === undefined && reporters.length > 1)
    throw new UsageError(`Several reporters (${reporters.join(', ')}) need --out DIR to write their reports into.`);
  if (values.env !== undefined && values['base-url'] !== undefined) throw new UsageError('Give --env or --base-url, not both.');
  const start = positionals[0] ?? '.';
  const found = await stat(start).catch(() => null);
  if (found === null) throw fileMistake(`${start} does not exist.`);
  const startFolder = found.isDirectory() ? start : path.dirname(start);
  const root = await findWorkspaceRoot(path.resolve(startFolder)).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  const workspace = await loadWorkspace(root);
  const scenarios = await scenariosOf(workspace, positionals);
  let environmentName: string | null = null;
  let everywhere: EnvironmentSettings | null = null;
  // An environment of this workspace, by name or by its file, is the run's own; any other is for every step.
  const chosen = values.env === undefined ? null : await chooseEnvironment(values.env, values['env-name'], root);
  if (chosen !== null && chosen.workspace === root) environmentName = chosen.settings.name;
  else if (chosen !== null || values['base-url'] !== undefined) {
    everywhere = (await resolveTarget({ env: values.env, 'env-name': values['env-name'], 'base-url': values['base-url'] }, variables, { credentials: false }))
      .environment;
    if (everywhere.username === '')
      throw new UsageError(
        `${SECRET_VARIABLES.username} is not set${chosen === null ? '' : `, and "${everywhere.name}" in ${chosen.source} has no username`}. Set it to the username to log in with.`,
      );
  }
  const { file: dataFile, notes } = dataFileFlag(values);
  const data = dataFile === undefined ? null : await dataFileIn(root, dataFile);
  const binding = credentialBinding(workspace, everywhere, environmentName, values['allow-origin'] ?? []);
  // Every credential of every environment the run sends to, said at once before anything runs.
  const problems = runCredentialProblems(variables, binding, everywhere ? [everywhere] : await runEnvironments(workspace, scenarios, environmentName));
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return { workspace, scenarios, environmentName, everywhere, binding, data, notes, reporters, out: values.out ?? null, bail: values.bail ?? false };
}

/** One line on standard error as the run goes on. */
function progressLine(progress: RunProgress): string | null {
  switch (progress.kind) {
    case 'scenario-started':
      return progress.name === progress.file ? `${progress.file}\n` : `${progress.name} (${progress.file})\n`;
    case 'step-ended': {
      const { step } = progress;
      const row = step.row === null ? '' : ` (row ${step.row})`;
      return `  ${SIGN[step.status]} step ${step.index + 1}: ${step.name}${row}${step.status === 'failed' && step.reason !== null ? `: ${step.reason.split('\n')[0]}` : ''}\n`;
    }
    case 'scenario-ended':
      return progress.scenario.status === 'broken' ? `  ${SIGN.failed} could not run: ${progress.scenario.problem ?? ''}\n` : null;
    default:
      return null;
  }
}

function reportText(reporter: Reporter, result: RunResult, workspace: LoadedWorkspace): string {
  switch (reporter) {
    case 'text':
      return textReport(result);
    case 'junit':
      return junitReport(result, `EventDesk: ${workspace.listing.manifest.name}`);
    case 'json':
      return printedJson(result);
  }
}

async function writeReports(plan: RunPlan, result: RunResult, masked: (text: string) => string, io: CliIo): Promise<void> {
  if (plan.out === null) {
    io.stdout(masked(reportText(plan.reporters[0]!, result, plan.workspace)));
    return;
  }
  try {
    await mkdir(plan.out, { recursive: true });
  } catch (error) {
    throw new AppError('run-report-unwritable', unwritable(plan.out, error).message);
  }
  const written: string[] = [];
  for (const reporter of plan.reporters) {
    const file = path.join(plan.out, REPORT_FILES[reporter]);
    try {
      await writeFile(file, masked(reportText(reporter, result, plan.workspace)));
    } catch (error) {
      throw new AppError('run-report-unwritable', unwritable(file, error).message);
    }
    written.push(file);
  }
  io.stdout(masked(textReport(result)));
  io.stderr(`Reports: ${written.join(', ')}\n`);
}

export async function runCommand(args: string[], given: CliIo, variables: Variables = process.env): Promise<number> {
  const io = terminalIo(given);
  let plan: RunPlan;
  try {
    const planned = await planRun(args, variables);
    if (planned === 'help') {
      io.stdout(RUN_USAGE);
      return 0;
    }
    plan = planned;
  } catch (error) {
    if (isUsageError(error)) {
      io.stderr(redactText(usageText('run', error), secretsIn(variables)));
      return 2;
    }
    io.stderr(`eventdesk run: ${redactText((error as Error).message, secretsIn(variables))}\n`);
    return 1;
  }
  const { workspace } = plan;
  const { root } = workspace.listing;
  for (const note of plan.notes) io.stderr(note);
  // A scenario's own problem is said by the run, at its place among the others.
  const scenarioFolder = `${WORKSPACE_KINDS.scenario.folder}/`;
  for (const problem of workspace.listing.problems.filter((one) => !one.path.startsWith(scenarioFolder))) io.stderr(`eventdesk run: ${problemText(problem)}\n`);
  if (plan.scenarios.length === 0) {
    io.stderr(
      `eventdesk run: the workspace in ${root} has no scenarios (${WORKSPACE_KINDS.scenario.folder}/**/*${WORKSPACE_KINDS.scenario.suffixes[0]}); "eventdesk init" writes an example.\n`,
    );
    return 1;
  }
  const dataFolder = await workspaceDataFolder(appDataFolder(), root);
  const sender = createServicesSender({ dataFolder, credentials: runCredentials(variables, plan.binding) });
  const deps = workspaceRunDeps(workspace, sender, { secrets: () => secretsIn(variables) });
  const everywhere = plan.everywhere;
  if (everywhere !== null) deps.environment = () => Promise.resolve(everywhere);
  const masked = (text: string) => redactText(text, deps.secrets?.() ?? []);
  const stop = new AbortController();
  const cancel = () => stop.abort();
  process.once('SIGINT', cancel);
  process.once('SIGTERM', cancel);
  io.stderr(`Running ${plural(plan.scenarios.length, 'scenario')} of "${workspace.listing.manifest.name}" (${root})\n`);
  try {
    const result = await runScenarios(
      { workspace: root, scenarios: plan.scenarios, environment: plan.environmentName, data: plan.data, bail: plan.bail },
      deps,
      (progress) => {
        const line = progressLine(progress);
        if (line !== null) io.stderr(masked(line));
      },
      stop.signal,
    );
    if (plan.data !== null && result.scenarios.every((scenario) => scenario.steps.every((step) => step.row === null))) {
      io.stderr(`eventdesk run: --data-file ${plan.data} was not used: no step of these scenarios reads a data file.\n`);
    }
    // Kept beside the workspace's history, so the app's Runs view lists it with its own runs.
    const keeping = { source: 'cli' as const, environment: plan.environmentName ?? everywhere?.name ?? null, secrets: deps.secrets?.() ?? [] };
    await keptRunsIn(dataFolder)
      .keep(result, keeping)
      .catch((error: unknown) => io.stderr(`eventdesk run: the run was not kept for the app's Runs view: ${masked((error as Error).message)}\n`));
    await writeReports(plan, result, masked, io);
    const counts = countSteps(result);
    return counts.failed === 0 && !stop.signal.aborted ? 0 : 1;
  } catch (error) {
    io.stderr(`eventdesk run: ${masked((error as Error).message)}\n`);
    return 1;
  } finally {
    process.off('SIGINT', cancel);
    process.off('SIGTERM', cancel);
    await sender.close();
  }
}
