import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkSettings, DEFAULT_SETTINGS, type EnvironmentSettings } from '../../shared/environment.ts';
import { readJson, withoutBom } from '../../shared/formats/import-result.ts';
import type { RunDeps } from '../../shared/runs/run-deps.ts';
import { WORKSPACE_KINDS, WorkspaceEnvironmentSchema, WorkspacePathSchema, type WorkspaceManifest } from '../../shared/workspace/workspace.ts';
import { sandboxToolsAt } from './sandbox-tools.ts';
import type { ServicesSender } from './services-sender.ts';

/**
 * The engine's deps for a workspace on disk: its files read by their paths relative to the
 * root (never outside it), its environments read from environments/NAME.env.json (secrets are
 * not in them: the sender has its own), the sandbox's tools over HTTP. The command line and a
 * test wire a run with it; the app's Runs view passes its own sender.
 */

/** A workspace file read by its path relative to the root; an Error naming the file and saying what to do when it cannot be. */
export function workspaceFileReader(root: string): (file: string) => Promise<string> {
  return async (file) => {
    if (!WorkspacePathSchema.safeParse(file).success) throw new Error(`${file}: a path in a workspace is relative to its root, with forward slashes, and stays inside it.`);
    try {
      return await readFile(path.join(root, ...file.split('/')), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw new Error(`${file}: there is no such file in the workspace (${root}). Check the path, relative to the workspace's root.`, { cause: error });
      throw new Error(`${file}: cannot be read (${code ?? (error as Error).message}).`, { cause: error });
    }
  };
}

const ENVIRONMENTS = WORKSPACE_KINDS.environment;

async function environmentNames(root: string): Promise<string[]> {
  const names = await readdir(path.join(root, ENVIRONMENTS.folder)).catch(() => []);
  return names.filter((name) => name.endsWith(ENVIRONMENTS.suffixes[0])).map((name) => name.slice(0, -ENVIRONMENTS.suffixes[0].length));
}

/** The environments of a workspace by name (null: the manifest's default), settings filled with the defaults and the plan made absolute. */
export function workspaceEnvironments(root: string, manifest: Pick<WorkspaceManifest, 'defaultEnvironment' | 'plan'>, read = workspaceFileReader(root)): (name: string | null) => Promise<EnvironmentSettings> {
  return async (wanted) => {
    const name = wanted ?? manifest.defaultEnvironment;
    if (name === null) throw new Error('No environment to send to: the step and its scenario name none, and eventdesk.json has no "defaultEnvironment". Name one there, or in the scenario.');
    const file = `${ENVIRONMENTS.folder}/${name}${ENVIRONMENTS.suffixes[0]}`;
    let text: string;
    try {
      text = await read(file);
    } catch {
      const known = await environmentNames(root);
      throw new Error(`Environment "${name}": ${file} is not in the workspace. ${known.length > 0 ? `It has ${known.map((each) => `"${each}"`).join(', ')}.` : 'It has no environments yet.'}`);
    }
    const json = readJson(withoutBom(text));
    if (!json.ok) throw new Error(`${file}:${json.line ?? 1}:${json.column ?? 1}: not valid JSON (${json.reason}).`);
    const parsed = WorkspaceEnvironmentSchema.safeParse(json.value);
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('/') || '(the file)'}: ${issue.message}`).join('; ')}`);
    const { plan, ...settings } = parsed.data;
    const planPath = plan === undefined ? manifest.plan : plan;
    const environment: EnvironmentSettings = { ...DEFAULT_SETTINGS, ...settings, planFile: planPath ? path.join(root, ...planPath.split('/')) : null };
    const problems = checkSettings(environment).filter((problem) => problem.field !== 'username');
    if (problems.length > 0) throw new Error(`${file}: ${problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`);
    return environment;
  };
}

/** Everything a run of a workspace's scenarios needs, around a sender. */
export function workspaceRunDeps(root: string, manifest: Pick<WorkspaceManifest, 'defaultEnvironment' | 'plan'>, sender: ServicesSender, secrets: () => readonly string[] = () => []): RunDeps {
  const readFile = workspaceFileReader(root);
  return {
    readFile,
    environment: workspaceEnvironments(root, manifest, readFile),
    sender,
    sandbox: (environment) => sandboxToolsAt(environment.baseUrl),
    secrets: () => [...secrets(), ...sender.secrets()],
  };
}
