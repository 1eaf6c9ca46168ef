import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import type { RunDeps, StepSender } from '../common/run-deps.ts';
import { problemText } from '../../workspace/common/workspace-json.ts';
import { WORKSPACE_KINDS } from '../../workspace/common/workspace.ts';
import { findEnvironment } from '../../workspace/node/files.ts';
import { readWorkspaceText, resolveInside } from '../../workspace/node/paths.ts';
import type { LoadedWorkspace } from '../../workspace/node/scan.ts';
import { sandboxToolsAt } from './sandbox-tools.ts';
import type { Fetch } from '../../../base/node/ports.ts';

/**
 * The engine's deps for a workspace as loadWorkspace read it: its files read by their paths
 * relative to the root (never outside it, links included), its environments by name with the
 * manifest's plan when they name none, the sandbox's tools over HTTP. The command line wires a
 * run with it around its services sender (services-sender.ts), the app's Runs view around the
 * app's own services (app-sender.ts).
 */

/** The workspace's environments by name (null: the manifest's default), the manifest's plan applying to those that name none. */
function workspaceEnvironments({
  listing,
  environments,
}: Pick<LoadedWorkspace, 'listing' | 'environments'>): (name: string | null) => Promise<EnvironmentSettings> {
  const { root, manifest } = listing;
  return async (wanted) => {
    const name = wanted ?? manifest.defaultEnvironment;
    if (name === null)
      throw new AppError(
        'run-no-environment',
        'No environment to send to: the step and its scenario name none, and eventdesk.json has no "defaultEnvironment". Name one there, or in the scenario.',
      );
    const entry = findEnvironment(environments, name);
    if (!entry) {
      const known = environments.map((each) => `"${each.settings.name}"`);
      const broken = listing.problems.filter((problem) => problem.path.startsWith(`${WORKSPACE_KINDS.environment.folder}/`)).map(problemText);
      const has = known.length > 0 ? `It has ${known.join(', ')}.` : 'It has none that loads.';
      throw new AppError(
        'run-environment-missing',
        `There is no environment "${name}" in the workspace. ${has}${broken.length > 0 ? ` Not loaded: ${broken.join('; ')}` : ''}`,
      );
    }
    if (entry.settings.planFile !== null || manifest.plan === null) return entry.settings;
    return { ...entry.settings, planFile: await resolveInside(root, manifest.plan) };
  };
}

/** A step sender, with the secrets it holds itself (the command line's logins), to mask in every reason. */
export type RunSender = StepSender & { secrets?(): readonly string[] };

export interface WorkspaceRunOptions {
  /** Secrets known besides the sender's (the credential variables, the vault's). */
  secrets?: () => readonly string[];
  /** How the sandbox's tools are reached: the app's own fetch, else Node's. */
  fetch?: Fetch;
}

/** Everything a run of a workspace's scenarios needs, around a sender. */
export function workspaceRunDeps(workspace: Pick<LoadedWorkspace, 'listing' | 'environments'>, sender: RunSender, options: WorkspaceRunOptions = {}): RunDeps {
  return {
    readFile: (file) => readWorkspaceText(workspace.listing.root, file),
    environment: workspaceEnvironments(workspace),
    sender,
    sandbox: (environment) => sandboxToolsAt(environment.baseUrl, options.fetch),
    secrets: () => [...(options.secrets?.() ?? []), ...(sender.secrets?.() ?? [])],
  };
}
