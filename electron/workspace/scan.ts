import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../shared/errors.ts';
import { readScenarioText } from '../../shared/runs/scenario-file.ts';
import { MANIFEST_FILE, WORKSPACE_KINDS, type WorkspaceFile, type WorkspaceKind, type WorkspaceListing, type WorkspaceProblem } from '../../shared/workspace/workspace.ts';
import { findEnvironment, loadEnvironments, readManifest, readSmallFile, type WorkspaceEnvironmentEntry } from './files.ts';
import { isInside } from './paths.ts';

/**
 * A workspace folder read from disk: its root, its manifest, and its files of each kind under
 * their folders (batches and scenarios in sub-folders too), titled as people call them. Cheap
 * enough to redo on every change: batch files, which can be large, are listed by name and never
 * read; environments and scenarios, small and hand-kept, are read for their names and checked.
 * Bounded: dot-folders and node_modules are skipped, links are followed only where they stay
 * inside the workspace, and a tree past SCAN_LIMITS is cut with a problem saying so.
 */

export const SCAN_LIMITS = { files: 10_000, depth: 20 };
export type ScanLimits = typeof SCAN_LIMITS;

/** Scenario files read at the same time. */
const READ_AT_ONCE = 16;

/** The path problems of the whole workspace (not of one file) are filed under. */
const WHOLE_WORKSPACE = '.';

export interface LoadedWorkspace {
  listing: WorkspaceListing;
  /** The environments that loaded, in the listing's order. */
  environments: WorkspaceEnvironmentEntry[];
  /** The folders read (relative, forward slashes), for a watcher to follow: the kinds' folders that exist and those under them. */
  folders: string[];
}

/** The workspace holding `folder`: the folder itself or the nearest one above it with an eventdesk.json. Throws `workspace-not-found`. */
export async function findWorkspaceRoot(folder: string): Promise<string> {
  let current = path.resolve(folder);
  for (;;) {
    const manifest = await stat(path.join(current, MANIFEST_FILE)).catch(() => null);
    if (manifest?.isFile()) return current;
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  throw new AppError('workspace-not-found', `${path.resolve(folder)} is not inside a workspace: neither it nor a folder above it has an ${MANIFEST_FILE}. Create one with "eventdesk init".`);
}

function skipped(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

interface Walk {
  root: string;
  realRoot: string;
  limits: ScanLimits;
  seen: number;
  folders: string[];
  cut: boolean;
  problems: WorkspaceProblem[];
}

/** What a directory entry is once a link is followed: a file, a folder, or nothing to list (a link out, a broken link, a device). */
async function entryType(walk: Walk, absolute: string, relative: string, entry: Dirent): Promise<'file' | 'folder' | null> {
  if (entry.isFile()) return 'file';
  if (entry.isDirectory()) return 'folder';
  if (!entry.isSymbolicLink()) return null;
  const target = await realpath(absolute).catch(() => null);
  if (target === null) return null;
  if (!isInside(walk.realRoot, target)) {
    walk.problems.push({ path: relative, line: null, column: null, message: 'is a link leading out of the workspace: it is not listed. Move what it points to into the workspace.' });
    return null;
  }
  const info = await stat(target);
  return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : null;
}

/** The files under `relative` (a workspace folder), recursively when `deep`, in name order. */
async function walkFolder(walk: Walk, relative: string, deep: boolean, depth: number, found: string[]): Promise<void> {
  const absolute = path.join(walk.root, ...relative.split('/'));
  let entries: Dirent[];
  try {
    // A kind's folder itself may be a link; those under it are checked entry by entry.
    if (depth === 1 && !isInside(walk.realRoot, await realpath(absolute))) {
      walk.problems.push({ path: relative, line: null, column: null, message: 'is a link leading out of the workspace: its files are not listed. Move them into the workspace.' });
      return;
    }
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') walk.problems.push({ path: relative, line: null, column: null, message: `cannot be read (${code ?? 'failed'}): its files are not listed.` });
    return;
  }
  walk.folders.push(relative);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (skipped(entry.name)) continue;
    if (walk.seen >= walk.limits.files) {
      walk.cut = true;
      return;
    }
    walk.seen++;
    const child = `${relative}/${entry.name}`;
    const type = await entryType(walk, path.join(absolute, entry.name), child, entry);
    if (type === 'file') found.push(child);
    else if (type === 'folder' && deep) {
      if (depth >= walk.limits.depth) {
        walk.problems.push({ path: child, line: null, column: null, message: `is more than ${walk.limits.depth} folders deep: its files are not listed.` });
      } else {
        await walkFolder(walk, child, deep, depth + 1, found);
      }
    }
  }
}

function suffixOf(kind: WorkspaceKind, file: string): string | undefined {
  return WORKSPACE_KINDS[kind].suffixes.find((suffix) => file.endsWith(suffix) && file.length > suffix.length);
}

/** A scenario's name from its file, and its problems; a file too large to be a hand-kept scenario is titled by its name and left to the run to refuse. */
async function readScenario(root: string, relative: string): Promise<{ name: string | null; problems: WorkspaceProblem[] }> {
  let text: string | null;
  try {
    text = await readSmallFile(path.join(root, ...relative.split('/')));
  } catch (error) {
    return { name: null, problems: [{ path: relative, line: null, column: null, message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'failed'}).` }] };
  }
  if (text === null) return { name: null, problems: [] };
  const read = readScenarioText(relative, text);
  return read.ok ? { name: read.scenario.name, problems: [] } : { name: null, problems: read.problems };
}

/** Reads the workspace holding `folder` (see findWorkspaceRoot). Throws as readManifest does when its eventdesk.json is missing or broken. */
export async function loadWorkspace(folder: string, limits: ScanLimits = SCAN_LIMITS): Promise<LoadedWorkspace> {
  const root = await findWorkspaceRoot(folder);
  const manifest = await readManifest(root);
  const walk: Walk = { root, realRoot: await realpath(root), limits, seen: 0, folders: [], cut: false, problems: [] };
  const files: WorkspaceFile[] = [];
  const byKind = {} as Record<WorkspaceKind, string[]>;
  for (const kind of Object.keys(WORKSPACE_KINDS) as WorkspaceKind[]) {
    const found: string[] = [];
    const { folder: kindFolder } = WORKSPACE_KINDS[kind];
    await walkFolder(walk, kindFolder, kind === 'batch' || kind === 'scenario', 1, found);
    byKind[kind] = found.filter((file) => suffixOf(kind, file) !== undefined);
  }
  if (walk.cut) walk.problems.push({ path: WHOLE_WORKSPACE, line: null, column: null, message: `holds more than ${limits.files.toLocaleString('en')} files: only the first ${limits.files.toLocaleString('en')} are listed. Keep other files outside the workspace's folders.` });

  const titleOf = (kind: WorkspaceKind, file: string) => path.posix.basename(file).slice(0, -suffixOf(kind, file)!.length);
  const { environments, problems: environmentProblems } = await loadEnvironments(root, byKind.environment);
  const names = new Map(environments.map((entry) => [entry.path, entry.settings.name]));
  for (const file of byKind.environment) files.push({ kind: 'environment', path: file, title: names.get(file) ?? titleOf('environment', file) });
  for (const kind of ['batch', 'plan'] as const) for (const file of byKind[kind]) files.push({ kind, path: file, title: titleOf(kind, file) });
  const scenarioProblems: WorkspaceProblem[] = [];
  // Read a few at a time: one by one waits on the disk for each, all at once could run out of file handles.
  for (let start = 0; start < byKind.scenario.length; start += READ_AT_ONCE) {
    const batch = byKind.scenario.slice(start, start + READ_AT_ONCE);
    const scenarios = await Promise.all(batch.map((file) => readScenario(root, file)));
    scenarios.forEach((scenario, index) => {
      scenarioProblems.push(...scenario.problems);
      files.push({ kind: 'scenario', path: batch[index]!, title: scenario.name ?? titleOf('scenario', batch[index]!) });
    });
  }

  const manifestProblems: WorkspaceProblem[] = [];
  if (manifest.defaultEnvironment !== null && !findEnvironment(environments, manifest.defaultEnvironment)) {
    manifestProblems.push({ path: MANIFEST_FILE, line: null, column: null, message: `/defaultEnvironment: no environment of the workspace is called "${manifest.defaultEnvironment}"; name one of environments/*.env.json.` });
  }
  if (manifest.plan !== null && !files.some((file) => file.path === manifest.plan)) {
    const exists = await stat(path.join(root, ...manifest.plan.split('/'))).then((info) => info.isFile(), () => false);
    if (!exists) manifestProblems.push({ path: MANIFEST_FILE, line: null, column: null, message: `/plan: ${manifest.plan} is not there; correct the path or add the plan.` });
  }
  const problems = [...manifestProblems, ...environmentProblems, ...scenarioProblems, ...walk.problems];
  return { listing: { root, manifest, files, problems }, environments, folders: walk.folders };
}
