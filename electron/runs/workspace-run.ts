import { readFile } from 'node:fs/promises';
import type { EnvironmentSettings } from '../../shared/environment.ts';
import { AppError } from '../../shared/errors.ts';
import type { RunDeps } from '../../shared/runs/run-deps.ts';
import { problemText } from '../../shared/workspace/workspace-json.ts';
import { WORKSPACE_KINDS } from '../../shared/workspace/workspace.ts';
import { findEnvironment } from '../workspace/files.ts';
import { resolveInside } from '../workspace/paths.ts';
import type { LoadedWorkspace } from '../workspace/scan.ts';
import { sandboxToolsAt } from './sandbox-tools.ts';
import type { ServicesSender } from './services-sender.ts';

/**
 * The engine's deps for a workspace as loadWorkspace read it: its files read by their paths
 * relative to the root (never outside it, links included), its environments by name with the
 * manifest's plan when they name none, the sandbox's tools over HTTP. The command line wires a
 * run with it; the app's Runs view passes its own sender.
 */

/** A workspace file's text by its path relative to the root; an Error naming the file and saying what to do when it cannot be read. */
function workspaceFileReader(root: string): (file: string) => Promise<string> {
  return async (file) => {
    let absolute: string;
    try {
      absolute = await resolveInside(root, file);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
    }
    try {
      return await readFile(absolute, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new Error(`${file}: there is no such file in the workspace (${root}). Check the path, relative to the workspace's root.`, { cause: error });
      throw new Error(`${file}: cannot be read (${code ?? (error as Error).message}).`, { cause: error });
    }
  };
}

/** The workspace's environments by name (null: the manifest's default), the manifest's plan applying to those that name none. */
function workspaceEnvironments({ listing, environments }: Pick<LoadedWorkspace, 'listing' | 'environments'>): (name: string | null) => Promise<EnvironmentSettings> {
  const { root, manifest } = listing;
  return async (wanted) => {
    const name = wanted ?? manifest.defaultEnvironment;
    if (name === null) throw new AppError('run-no-environment', 'No environment to send to: the step and its scenario name none, and eventdesk.json has no "defaultEnvironment". Name one there, or in the scenario.');
    const entry = findEnvironment(environments, name);
    if (!entry) {
      const known = environments.map((each) => `"${each.settings.name}"`);
      const broken = listing.problems.filter((problem) => problem.path.startsWith(`${WORKSPACE_KINDS.environment.folder}/`)).map(problemText);
      const has = known.length > 0 ? `It has ${known.join(', ')}.` : 'It has none that loads.';
      throw new AppError('run-environment-missing', `There is no environment "${name}" in the workspace. ${has}${broken.length > 0 ? ` Not loaded: ${broken.join('; ')}` : ''}`);
    }
    if (entry.settings.planFile !== null || manifest.plan === null) return entry.settings;
    return { ...entry.settings, planFile: await resolveInside(root, manifest.plan) };
  };
}

/** Everything a run of a workspace's scenarios needs, around a sender. */
export function workspaceRunDeps(workspace: Pick<LoadedWorkspace, 'listing' | 'environments'>, sender: ServicesSender, secrets: () => readonly string[] = () => []): RunDeps {
  return {
    readFile: workspaceFileReader(workspace.listing.root),
    environment: workspaceEnvironments(workspace),
    sender,
    sandbox: (environment) => sandboxToolsAt(environment.baseUrl),
    secrets: () => [...secrets(), ...sender.secrets()],
  };
}
