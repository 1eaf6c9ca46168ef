import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { checkSettings } from '../../environments/common/environment.ts';
import {
  environmentFileOf,
  environmentText,
  manifestText,
  readEnvironmentText,
  readManifestText,
  settingsOfEnvironmentFile,
} from '../common/workspace-files.ts';
import { placeProblems, problemText } from '../common/workspace-json.ts';
import { MANIFEST_FILE, type WorkspaceManifest, type WorkspaceProblem } from '../common/workspace.ts';
import { isInside, resolveInside, writeWorkspaceFile } from './paths.ts';

/**
 * Reading and writing a workspace's own files: `eventdesk.json` and `environments/*.env.json`.
 * A broken manifest refuses the whole workspace; a broken environment file is a problem of its
 * own and the others still load. A save writes nothing when the file already says the same
 * (even in another layout), so opening and saving an untouched workspace changes no byte.
 */

/** Larger than any hand-kept manifest, environment or scenario: such a file is not read. */
const SMALL_FILE_BYTES = 1024 * 1024;

/** An environment of the workspace: its file and its settings, the defaults filled in and its plan an absolute path. */
export interface WorkspaceEnvironmentEntry {
  path: string;
  settings: EnvironmentSettings;
}

/** A small file's text, or null when it is larger than SMALL_FILE_BYTES. */
export async function readSmallFile(file: string): Promise<string | null> {
  if ((await stat(file)).size > SMALL_FILE_BYTES) return null;
  return readFile(file, 'utf8');
}

async function readText(root: string, relative: string): Promise<string | null> {
  return readFile(path.join(root, ...relative.split('/')), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
}

/** The workspace's manifest. Throws `workspace-not-found` without one, `workspace-manifest-invalid` for one that is broken, naming its place. */
export async function readManifest(root: string): Promise<WorkspaceManifest> {
  const file = path.join(root, MANIFEST_FILE);
  let text: string | null;
  try {
    text = await readSmallFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new AppError('workspace-not-found', `${root} is not a workspace: it has no ${MANIFEST_FILE}. Create one with "eventdesk init".`);
    throw new AppError('workspace-unreadable', `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'failed'}.`, (error as Error).message);
  }
  if (text === null)
    throw new AppError(
      'workspace-manifest-invalid',
      `${MANIFEST_FILE} in ${root} is larger than ${SMALL_FILE_BYTES / 1024 / 1024} MB: it is not a workspace manifest.`,
    );
  const read = readManifestText(text);
  if (read.ok) return read.value;
  const lines = read.problems.map(problemText);
  throw new AppError(
    'workspace-manifest-invalid',
    `The workspace in ${root} cannot be opened: ${lines[0]}${lines.length > 1 ? ` (and ${lines.length - 1} more)` : ''}`,
    lines.join('\n'),
  );
}

/** Writes the manifest, unless the file already says the same. Answers whether it wrote. */
export async function writeManifest(root: string, manifest: WorkspaceManifest): Promise<boolean> {
  const text = manifestText(manifest);
  const existing = await readText(root, MANIFEST_FILE);
  if (existing !== null) {
    const read = readManifestText(existing);
    if (read.ok && manifestText(read.value) === text) return false;
  }
  await writeWorkspaceFile(path.join(root, MANIFEST_FILE), text);
  return true;
}

function problemAt(relative: string, message: string): WorkspaceProblem {
  return { path: relative, line: null, column: null, message };
}

/** The settings' checks (an address that is no URL, an unknown time zone) as problems at the file's fields. */
function settingsProblems(text: string, relative: string, settings: EnvironmentSettings): WorkspaceProblem[] {
  const issues = checkSettings(settings).map((problem) => {
    const field = (problem.field === 'planFile' ? 'plan' : problem.field).split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
    return { path: field, message: `/${field.join('/')}: ${problem.message}` };
  });
  return placeProblems(text, relative, issues);
}

/** One environment file, read and checked: its entry, or its problems. */
export async function readEnvironmentFile(root: string, relative: string): Promise<{ entry: WorkspaceEnvironmentEntry } | { problems: WorkspaceProblem[] }> {
  let text: string | null;
  try {
    text = await readSmallFile(path.join(root, ...relative.split('/')));
  } catch (error) {
    return { problems: [problemAt(relative, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'failed'}).`)] };
  }
  if (text === null) return { problems: [problemAt(relative, `is larger than ${SMALL_FILE_BYTES / 1024 / 1024} MB: it is no environment file.`)] };
  const read = readEnvironmentText(text, relative);
  if (!read.ok) return { problems: read.problems };
  let planFile: string | null = null;
  if (read.value.plan) {
    try {
      planFile = await resolveInside(root, read.value.plan);
    } catch (error) {
      return { problems: [problemAt(relative, `/plan: ${(error as Error).message}`)] };
    }
  }
  const settings = settingsOfEnvironmentFile(read.value, planFile);
  const problems = settingsProblems(text, relative, settings);
  return problems.length > 0 ? { problems } : { entry: { path: relative, settings } };
}

function nameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The environments of these files, in their order, and the problems of those that do not load.
 * Names are unique in a workspace, whatever their case: a file whose environment has the name
 * of an earlier file's is a problem naming both, and only the earlier one loads.
 */
export async function loadEnvironments(
  root: string,
  relatives: readonly string[],
): Promise<{ environments: WorkspaceEnvironmentEntry[]; problems: WorkspaceProblem[] }> {
  const environments: WorkspaceEnvironmentEntry[] = [];
  const problems: WorkspaceProblem[] = [];
  const byName = new Map<string, WorkspaceEnvironmentEntry>();
  for (const relative of relatives) {
    const read = await readEnvironmentFile(root, relative);
    if ('problems' in read) {
      problems.push(...read.problems);
      continue;
    }
    const earlier = byName.get(nameKey(read.entry.settings.name));
    if (earlier) {
      problems.push(problemAt(relative, `/name: "${read.entry.settings.name}" is also the name of ${earlier.path}; give each environment its own name.`));
      continue;
    }
    byName.set(nameKey(read.entry.settings.name), read.entry);
    environments.push(read.entry);
  }
  return { environments, problems };
}

/** The environment called `name`: exactly, else whatever its case. */
export function findEnvironment(environments: readonly WorkspaceEnvironmentEntry[], name: string): WorkspaceEnvironmentEntry | undefined {
  return environments.find((entry) => entry.settings.name === name) ?? environments.find((entry) => nameKey(entry.settings.name) === nameKey(name));
}

/**
 * Writes an environment's settings to its file, unless the file already says the same. Its plan
 * file must be inside the workspace (written as a workspace path). Answers whether it wrote.
 */
export async function writeEnvironmentFile(root: string, relative: string, settings: EnvironmentSettings): Promise<boolean> {
  const file = await resolveInside(root, relative);
  let plan: string | null = null;
  if (settings.planFile !== null) {
    const realRoot = path.resolve(root);
    if (!isInside(realRoot, settings.planFile))
      throw new AppError(
        'workspace-path-outside',
        `The plan ${settings.planFile} is outside the workspace ${root}: copy it into the workspace's plans folder and choose it there.`,
      );
    plan = path.relative(realRoot, settings.planFile).split(path.sep).join('/');
  }
  const text = environmentText(environmentFileOf(settings, plan));
  const existing = await readText(root, relative);
  if (existing !== null) {
    const read = readEnvironmentText(existing, relative);
    if (read.ok && environmentText(read.value) === text) return false;
  }
  await writeWorkspaceFile(file, text);
  return true;
}
