import type { EnvironmentSettings } from '../../environments/common/environment.ts';
import { runEnvironmentNames } from '../common/run-environments.ts';
import type { Scenario } from '../../workspace/common/scenario.ts';
import { readScenarioText } from '../../workspace/common/scenario-file.ts';
import { findEnvironment } from '../../workspace/node/files.ts';
import { readWorkspaceText } from '../../workspace/node/paths.ts';
import type { LoadedWorkspace } from '../../workspace/node/scan.ts';

/**
 * The workspace environments a run of `scenarios` sends to, each step's own included, so the
 * app and `eventdesk run` can say every secret they lack before anything is sent. A scenario
 * that cannot be read, or a name the workspace has no environment of, is left out: the run
 * itself reports it, at its place.
 */
export async function runEnvironments(
  workspace: Pick<LoadedWorkspace, 'listing' | 'environments'>,
  scenarios: readonly string[],
  runEnvironment: string | null,
): Promise<EnvironmentSettings[]> {
  const { root, manifest } = workspace.listing;
  const read: Scenario[] = [];
  // One at a time: a run's scenarios are small files, and the run reads them again anyway.
  for (const file of scenarios) {
    const text = await readWorkspaceText(root, file).catch(() => null);
    const scenario = text === null ? null : readScenarioText(file, text);
    if (scenario?.ok) read.push(scenario.scenario);
  }
  const found = runEnvironmentNames(read, runEnvironment, manifest.defaultEnvironment).flatMap(
    (name) => findEnvironment(workspace.environments, name)?.settings ?? [],
  );
  // Two spellings of one name ("Staging", "staging") find the same environment.
  return [...new Set(found)];
}
