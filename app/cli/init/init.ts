import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENVIRONMENT_PRESETS, type EnvironmentPreset } from '../../../features/environments/common/environment-presets.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { SECRET_VARIABLES } from '../../../features/environments/common/secret-variables.ts';
import { MANIFEST_FILE, WorkspaceManifestSchema } from '../../../features/workspace/common/workspace.ts';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import { type CliIo, terminalIo } from '../shared/command.ts';
import { UsageError, exists, isUsageError, unwritable, usageText } from '../shared/flags.ts';

/** `eventdesk init [DIR]`: a small workspace, ready for `eventdesk run` against `eventdesk sandbox`. */

export const INIT_USAGE = `Usage: eventdesk init [--preset NAME] [DIR]

Writes a small workspace into DIR (default: the current folder), made if need be:
  ${MANIFEST_FILE}                  the workspace, named after its folder
  environments/sandbox.env.json   the sandbox on 127.0.0.1 (no secret: they come from variables)
  batches/purchase.json           three purchases
  plans/shop.plan.json            the tracking plan they pass
  scenarios/smoke.scenario.json   sends the purchases (accepted) and a broken event (refused)
With --preset, also environments/NAME.env.json for a service EventDesk knows (its address and
field names, no credential; the app's New environment offers the same).

Its history is kept in EventDesk's data folder, never in the workspace, so there is nothing
to ignore in git. A folder that holds an ${MANIFEST_FILE} already is refused; other files that
exist are left alone and named.

      --preset NAME      Add an environment for a known service: ${ENVIRONMENT_PRESETS.map((preset) => `${preset.id} (${preset.label})`).join(', ')}
  -h, --help             Show this help

Exit codes: 0 written, 1 the folder holds a workspace already or cannot be written, 2 the
command was called wrong.
`;

const FLAGS = { preset: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
const NAME_LIMIT = WorkspaceManifestSchema.shape.name.maxLength ?? 80;

/** The workspace's name: its folder's, as a person named it. */
function nameOf(folder: string): string {
  return path.basename(folder).trim().slice(0, NAME_LIMIT) || 'workspace';
}

/** The preset a user named, or a usage error naming the ones there are. */
function presetNamed(name: string): EnvironmentPreset {
  const preset = ENVIRONMENT_PRESETS.find((candidate) => candidate.id === name.trim().toLowerCase());
  if (!preset) throw new UsageError(`No preset is named "${name}"; the presets are: ${ENVIRONMENT_PRESETS.map((candidate) => candidate.id).join(', ')}.`);
  return preset;
}

function presetSteps(preset: EnvironmentPreset): string[] {
  return [
    `To send to ${preset.settings.name}: set "username" in environments/${preset.id}.env.json, the password and API key in the same variables, and add --env ${preset.id}.`,
    `${preset.settings.name}'s documentation leaves these unstated; check each setting against a test send:`,
    ...preset.unstated.map(({ gap, check }) => `  - ${gap} ${check}`),
    '',
  ];
}

function nextSteps(folder: string, preset: EnvironmentPreset | null): string {
  return [
    '',
    'To run its scenario against the sandbox:',
    '  eventdesk sandbox &',
    `  export ${SECRET_VARIABLES.password}=${SANDBOX_DEMO_CREDENTIALS.password} ${SECRET_VARIABLES.apiKey}=${SANDBOX_DEMO_CREDENTIALS.apiKey}`,
    `  cd ${JSON.stringify(folder)} && eventdesk run`,
    `(the username, ${SANDBOX_DEMO_CREDENTIALS.username}, is in environments/sandbox.env.json; ${SECRET_VARIABLES.username} overrides it)`,
    '',
    ...(preset ? presetSteps(preset) : []),
  ].join('\n');
}

export async function initCommand(args: string[], given: CliIo): Promise<number> {
  const io = terminalIo(given);
  let folder: string;
  let preset: EnvironmentPreset | null;
  try {
    const { values, positionals } = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: true });
    if (values.help) {
      io.stdout(INIT_USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new UsageError(`Name one folder; got ${positionals.length}.`);
    folder = path.resolve(positionals[0] ?? '.');
    preset = values.preset === undefined ? null : presetNamed(values.preset);
  } catch (error) {
    io.stderr(usageText('init', isUsageError(error) ? error.message : (error as Error).message));
    return 2;
  }
  if (await exists(path.join(folder, MANIFEST_FILE))) {
    io.stderr(`eventdesk init: ${folder} holds a workspace already (${MANIFEST_FILE}); nothing was written.\n`);
    return 1;
  }
  const written: string[] = [];
  const left: string[] = [];
  for (const { path: relative, text } of starterFiles(nameOf(folder), preset)) {
    const file = path.join(folder, ...relative.split('/'));
    if (await exists(file)) {
      left.push(relative);
      continue;
    }
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, text, { flag: 'wx' });
    } catch (error) {
      io.stderr(`eventdesk init: ${unwritable(file, error).message}${written.length ? ` Written before it: ${written.join(', ')}.` : ''}\n`);
      return 1;
    }
    written.push(relative);
  }
  io.stdout([`Workspace "${nameOf(folder)}" in ${folder}:`, ...written.map((relative) => `  ${relative}`), ''].join('\n'));
  if (left.length) io.stderr(`Left alone, as they exist already: ${left.join(', ')}.\n`);
  io.stderr(nextSteps(folder, preset));
  return 0;
}
