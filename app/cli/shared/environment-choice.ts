import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  EXPORT_FORMAT,
  EnvironmentExportSchema,
  type EnvironmentExport,
  type EnvironmentSettings,
} from '../../../features/environments/common/environment.ts';
import { problemText } from '../../../features/workspace/common/workspace-json.ts';
import { WORKSPACE_KINDS } from '../../../features/workspace/common/workspace.ts';
import { findEnvironment, readEnvironmentFile } from '../../../features/workspace/node/files.ts';
import { findWorkspaceRoot, loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { UsageError, fileMistake, unreadable } from './flags.ts';

/**
 * What every command's --env takes, read one way for all: an environment file of a workspace
 * (`environments/<name>.env.json`, what `eventdesk init` writes), a file exported from the app
 * (several environments, --env-name picks one), or the name of an environment of the workspace
 * the command runs in.
 */

export interface ChosenEnvironment {
  /** Its settings, the defaults filled in. */
  settings: EnvironmentSettings;
  /** Where it was read, for messages: the file, or the workspace's file it was named by. */
  source: string;
  /** The root of the workspace it belongs to, or null for an exported file. */
  workspace: string | null;
}

/** How --env is described in each command's help. */
export const ENV_USAGE = `  --env ENV              An environment: a workspace's environment file
                         (environments/NAME.env.json), a file exported from EventDesk,
                         or the name of an environment of the current workspace
  --env-name NAME        Which environment of an exported file, when it holds several`;

type ExportedEnvironment = EnvironmentExport['environments'][number];

function quoted(names: readonly string[]): string {
  return names.map((name) => `"${name}"`).join(', ');
}

function fromExport(file: string, json: unknown): EnvironmentExport {
  const parsed = EnvironmentExportSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`);
    throw fileMistake(`--env: ${file} is not an EventDesk environment export (format "${EXPORT_FORMAT}", version 1): ${problems.join('; ')}.`);
  }
  return parsed.data;
}

/** The environment of the export that --env-name names, or its only one. */
function pickEnvironment(file: string, exported: EnvironmentExport, wanted: string | undefined): ExportedEnvironment {
  const { environments } = exported;
  const names = environments.map((environment) => environment.name);
  if (environments.length === 0) throw fileMistake(`--env: ${file} holds no environments.`);
  if (wanted === undefined) {
    if (environments.length === 1) return environments[0]!;
    throw new UsageError(`--env: ${file} holds ${environments.length} environments; pick one with --env-name: ${quoted(names)}.`);
  }
  const match =
    environments.find((environment) => environment.name === wanted) ??
    environments.find((environment) => environment.name.trim().toLowerCase() === wanted.trim().toLowerCase());
  if (!match) throw new UsageError(`--env-name: ${file} has no environment called "${wanted}". It holds ${quoted(names)}.`);
  return match;
}

function noEnvName(given: string, what: string): void {
  throw new UsageError(`--env-name picks an environment of an exported file, and --env ${given} is ${what}.`);
}

/** A workspace's environment file, read as the app reads it (its plan inside the workspace). */
async function fromWorkspaceFile(file: string, wanted: string | undefined): Promise<ChosenEnvironment> {
  if (wanted !== undefined) noEnvName(file, 'a workspace environment file, which holds one');
  const absolute = path.resolve(file);
  const root = await findWorkspaceRoot(path.dirname(absolute)).catch(() => null);
  if (root === null) {
    throw fileMistake(
      `--env: ${file} is neither an environment exported from EventDesk (it has no "format") nor in a workspace (no eventdesk.json in its folder or above).`,
    );
  }
  const relative = path.relative(root, absolute).split(path.sep).join('/');
  const read = await readEnvironmentFile(root, relative);
  if ('problems' in read) {
    const lines = read.problems.map(problemText);
    throw fileMistake(`--env: ${file} is not an environment file EventDesk can use:\n${lines.join('\n')}`);
  }
  return { settings: read.entry.settings, source: file, workspace: root };
}

async function fromFile(file: string, wanted: string | undefined): Promise<ChosenEnvironment> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw fileMistake(`--env: ${unreadable(file, error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw fileMistake(`--env: ${file} is not JSON (${(error as Error).message}).`);
  }
  // An export says its format; a workspace's file holds one environment's settings and no format.
  if (json !== null && typeof json === 'object' && !Array.isArray(json) && !Object.hasOwn(json, 'format')) return fromWorkspaceFile(file, wanted);
  const entry = pickEnvironment(file, fromExport(file, json), wanted);
  return { settings: { ...DEFAULT_SETTINGS, ...entry }, source: `${file}, environment "${entry.name}"`, workspace: null };
}

/** The environment of the workspace `folder` is in that `name` names. */
async function fromWorkspaceName(name: string, wanted: string | undefined, folder: string): Promise<ChosenEnvironment> {
  if (wanted !== undefined) noEnvName(name, 'no file');
  const root = await findWorkspaceRoot(folder).catch(() => null);
  if (root === null)
    throw new UsageError(`--env ${name}: there is no such file, and ${path.resolve(folder)} is in no workspace to hold an environment of that name.`);
  const { environments, listing } = await loadWorkspace(root);
  const found = findEnvironment(environments, name);
  if (found) return { settings: found.settings, source: found.path, workspace: root };
  const names = environments.map((entry) => `"${entry.settings.name}"`);
  const broken = listing.problems.filter((problem) => problem.path.startsWith(`${WORKSPACE_KINDS.environment.folder}/`)).map(problemText);
  throw new UsageError(
    [
      `--env ${name}: the workspace has no environment of that name (${names.length > 0 ? `it has ${names.join(', ')}` : 'it has none'}), and there is no such file.`,
      ...broken,
    ].join('\n'),
  );
}

/** Whether --env's value is written as a path (a folder in it, or a .json name), so a missing one is a missing file, not a name. */
function looksLikePath(given: string): boolean {
  return /[\\/]/.test(given) || given.toLowerCase().endsWith('.json');
}

/**
 * The environment --env ENV and --env-name NAME choose; a name is looked up in the workspace
 * `folder` is in (the current folder unless the command works on another workspace). Throws a
 * UsageError naming what is wrong.
 */
export async function chooseEnvironment(given: string, wanted: string | undefined, folder = '.'): Promise<ChosenEnvironment> {
  const found = await stat(given).catch(() => null);
  if (found?.isDirectory()) throw fileMistake(`--env: ${given} is a folder; name an environment file, or an environment of the workspace.`);
  if (found !== null || looksLikePath(given)) return fromFile(given, wanted);
  return fromWorkspaceName(given, wanted, folder);
}
