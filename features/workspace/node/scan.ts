import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import { readScenarioText } from '../common/scenario-file.ts';
import { MANIFEST_FILE, WORKSPACE_KINDS, type WorkspaceFile, type WorkspaceKind, type WorkspaceListing, type WorkspaceProblem } from '../common/workspace.ts';
import { findEnvironment, loadEnvironments, readManifest, readSmallFile, type WorkspaceEnvironmentEntry } from './files.ts';
import { isInside } from './paths.ts';

/**
 * A workspace folder read from disk: its root, its manifest, and its files of each kind under
 * their folders (batches and scenarios in sub-folders too), titled as people call them. Cheap
 * enough to redo on every change: batch files, which can be large, are listed by name and never
 * read; environments and scenarios, small and hand-kept, are read for their names and checked.
 * Bounded: dot-folders and node_modules are skipped, links are followed only where they stay
 * inside the workspace and lead to a file or folder not listed yet (a loop is entered once), and a
 * tree past SCAN_LIMITS is cut with a problem saying so.
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
  throw new AppError(
    'workspace-not-found',
    `${path.resolve(folder)} is not inside a workspace: neither it nor a folder above it has an ${MANIFEST_FILE}. Create one with "eventdesk init".`,
  );
}

function skipped(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** A link met while the plain tree is read: followed after it, so a file or folder is listed under its own path rather than a link's. */
interface PendingLink {
  relative: string;
  absolute: string;
  /** How deep the folder holding it is. */
  depth: number;
  deep: boolean;
  found: string[];
}

interface Walk {
  root: string;
  realRoot: string;
  limits: ScanLimits;
  seen: number;
  folders: string[];
  cut: boolean;
  problems: WorkspaceProblem[];
  /** The real path of each folder entered and file listed, with the path it was listed under: what a link leads to again (a loop, an alias) is not listed twice. */
  reached: Map<string, string>;
  links: PendingLink[];
}

/** True, with a problem saying so, when `real` was listed already under another path. */
function listedAlready(walk: Walk, relative: string, real: string): boolean {
  const first = walk.reached.get(real);
  if (first === undefined) {
    walk.reached.set(real, relative);
    return false;
  }
  walk.problems.push({ path: relative, line: null, column: null, message: `is a link to ${first}, which is listed already: it is not listed again.` });
  return true;
}

/** Lists the files of a folder, recursively when `deep`; `real` is its real path when known (a plain folder under one already read). */
async function walkFolder(walk: Walk, relative: string, deep: boolean, depth: number, found: string[], real?: string): Promise<void> {
  const absolute = path.join(walk.root, ...relative.split('/'));
  let entries: Dirent[];
  try {
    // A kind's folder itself may be a link; those under it are checked once the plain tree is read.
    const folder = real ?? (await realpath(absolute));
    if (!isInside(walk.realRoot, folder)) {
      walk.problems.push({
        path: relative,
        line: null,
        column: null,
        message: 'is a link leading out of the workspace: its files are not listed. Move them into the workspace.',
      });
      return;
    }
    if (listedAlready(walk, relative, folder)) return;
    real = folder;
    entries = await readdir(absolute, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT')
      walk.problems.push({ path: relative, line: null, column: null, message: `cannot be read (${code ?? 'failed'}): its files are not listed.` });
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
    if (entry.isSymbolicLink()) walk.links.push({ relative: child, absolute: path.join(absolute, entry.name), depth, deep, found });
    else if (entry.isFile()) {
      found.push(child);
      walk.reached.set(path.join(real, entry.name), child);
    } else if (entry.isDirectory() && deep) await walkSubfolder(walk, child, depth, found, path.join(real, entry.name));
  }
}

async function walkSubfolder(walk: Walk, relative: string, parentDepth: number, found: string[], real: string): Promise<void> {
  if (parentDepth >= walk.limits.depth) {
    walk.problems.push({ path: relative, line: null, column: null, message: `is more than ${walk.limits.depth} folders deep: its files are not listed.` });
    return;
  }
  await walkFolder(walk, relative, true, parentDepth + 1, found, real);
}

/** Follows the links met, and those met in the folders they lead to, each to a file or folder inside the workspace not listed yet. */
async function followLinks(walk: Walk): Promise<void> {
  for (let link = walk.links.shift(); link; link = walk.links.shift()) {
    const target = await realpath(link.absolute).catch(() => null);
    if (target === null) continue;
    if (!isInside(walk.realRoot, target)) {
      walk.problems.push({
        path: link.relative,
        line: null,
        column: null,
        message: 'is a link leading out of the workspace: it is not listed. Move what it points to into the workspace.',
      });
      continue;
    }
    const info = await stat(target).catch(() => null);
    if (info?.isFile()) {
      if (!listedAlready(walk, link.relative, target)) link.found.push(link.relative);
    } else if (info?.isDirectory() && link.deep) await walkSubfolder(walk, link.relative, link.depth, link.found, target);
  }
}

/** Name order, a folder at a time: the order the folders were read in, whether a file was reached by a link or not. */
function byFolders(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
  }
  return left.length - right.length;
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
    return {
      name: null,
      problems: [{ path: relative, line: null, column: null, message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'failed'}).` }],
    };
  }
  if (text === null) return { name: null, problems: [] };
  const read = readScenarioText(relative, text);
  return read.ok ? { name: read.scenario.name, problems: [] } : { name: null, problems: read.problems };
}

/** Reads the workspace holding `folder` (see findWorkspaceRoot). Throws as readManifest does when its eventdesk.json is missing or broken. */
export async function loadWorkspace(folder: string, limits: ScanLimits = SCAN_LIMITS): Promise<LoadedWorkspace> {
  const root = await findWorkspaceRoot(folder);
  const manifest = await readManifest(root);
  const walk: Walk = { root, realRoot: await realpath(root), limits, seen: 0, folders: [], cut: false, problems: [], reached: new Map(), links: [] };
  const files: WorkspaceFile[] = [];
  const kinds = Object.keys(WORKSPACE_KINDS) as WorkspaceKind[];
  const found = Object.fromEntries(kinds.map((kind) => [kind, [] as string[]])) as Record<WorkspaceKind, string[]>;
  for (const kind of kinds) await walkFolder(walk, WORKSPACE_KINDS[kind].folder, kind === 'batch' || kind === 'scenario', 1, found[kind]);
  await followLinks(walk);
  const byKind = Object.fromEntries(kinds.map((kind) => [kind, found[kind].sort(byFolders).filter((file) => suffixOf(kind, file) !== undefined)])) as Record<
    WorkspaceKind,
    string[]
  >;
  if (walk.cut)
    walk.problems.push({
      path: WHOLE_WORKSPACE,
      line: null,
      column: null,
      message: `holds more than ${limits.files.toLocaleString('en')} files: only the first ${limits.files.toLocaleString('en')} are listed. Keep other files outside the workspace's folders.`,
    });

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
    manifestProblems.push({
      path: MANIFEST_FILE,
      line: null,
      column: null,
      message: `/defaultEnvironment: no environment of the workspace is called "${manifest.defaultEnvironment}"; name one of environments/*.env.json.`,
    });
  }
  if (manifest.plan !== null && !files.some((file) => file.path === manifest.plan)) {
    const exists = await stat(path.join(root, ...manifest.plan.split('/'))).then(
      (info) => info.isFile(),
      () => false,
    );
    if (!exists)
      manifestProblems.push({
        path: MANIFEST_FILE,
        line: null,
        column: null,
        message: `/plan: ${manifest.plan} is not there; correct the path or add the plan.`,
      });
  }
  const problems = [...manifestProblems, ...environmentProblems, ...scenarioProblems, ...walk.problems];
  return { listing: { root, manifest, files, problems }, environments, folders: walk.folders };
}
