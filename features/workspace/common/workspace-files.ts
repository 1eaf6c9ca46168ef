import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../../environments/common/environment.ts';
import { canonicalJson } from './canonical-json.ts';
import { readWorkspaceJson, type FileReading } from './workspace-json.ts';
import { MANIFEST_FILE, WorkspaceEnvironmentSchema, WorkspaceManifestSchema, type WorkspaceEnvironment, type WorkspaceManifest } from './workspace.ts';

/**
 * The texts of `eventdesk.json` and `environments/*.env.json`, and an environment file's
 * settings as the rest of EventDesk uses them. Keys are written in the schema's order.
 * A manifest is written whole (it is five lines, each worth seeing); an environment file holds
 * its name, its base URL and only the settings that differ from the defaults, so it says what
 * is particular about it and a change of default reaches every file that did not choose otherwise.
 */

const MANIFEST_KEYS = Object.keys(WorkspaceManifestSchema.shape);
const ENVIRONMENT_KEYS = Object.keys(WorkspaceEnvironmentSchema.shape);

/** The settings a workspace file never holds: each person's own choices about their secrets, and the plan (a workspace path there). */
const PERSONAL_SETTINGS = new Set<keyof EnvironmentSettings>(['rememberPassword', 'storeSecretsWithoutKeyring', 'planFile']);

export function manifestText(manifest: WorkspaceManifest): string {
  return canonicalJson(manifest, MANIFEST_KEYS);
}

export function readManifestText(text: string): FileReading<WorkspaceManifest> {
  return readWorkspaceJson(text, MANIFEST_FILE, WorkspaceManifestSchema);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The file's text: a setting at its default is left out, whether the file wrote it or not (a
 * read fills in the defaults of settings added after the first release), so the same settings
 * always give the same text.
 */
export function environmentText(environment: WorkspaceEnvironment): string {
  const written: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(environment)) {
    if (
      value === undefined ||
      value === null ||
      (key !== 'name' && key !== 'baseUrl' && Object.hasOwn(DEFAULT_SETTINGS, key) && same(value, DEFAULT_SETTINGS[key as keyof EnvironmentSettings]))
    )
      continue;
    written[key] = value;
  }
  return canonicalJson(written, ENVIRONMENT_KEYS);
}

export function readEnvironmentText(text: string, path: string): FileReading<WorkspaceEnvironment> {
  return readWorkspaceJson(text, path, WorkspaceEnvironmentSchema);
}

/**
 * What an environment file holds for these settings: all but each person's own, and `plan` (a
 * workspace path) when there is one. environmentText leaves out those at their defaults.
 */
export function environmentFileOf(settings: EnvironmentSettings, plan: string | null): WorkspaceEnvironment {
  const file: Record<string, unknown> = {};
  // The settings' keys, not the object's: the app saves an Environment, whose id and embeddedSandbox no file holds.
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof EnvironmentSettings)[]) if (!PERSONAL_SETTINGS.has(key)) file[key] = settings[key];
  if (plan !== null) file.plan = plan;
  return file as WorkspaceEnvironment;
}

/** An environment file's settings, the defaults filled in; `planFile` is its `plan` made absolute by the caller (null for none). */
export function settingsOfEnvironmentFile(file: WorkspaceEnvironment, planFile: string | null): EnvironmentSettings {
  const { plan: _plan, ...settings } = file;
  return { ...DEFAULT_SETTINGS, ...settings, planFile };
}
