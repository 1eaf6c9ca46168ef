import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import type { WorkspaceEnvironmentSource } from '../../environments/node/environments.ts';
import type { WorkspaceListing } from '../common/workspace.ts';
import { writeEnvironmentFile, type WorkspaceEnvironmentEntry } from './files.ts';

/**
 * The open workspace's environments as the environments service holds them: each with an id
 * made of the workspace's real folder and the environment's name, so the same environment of
 * the same clone has the same id from one run to the next, and its secrets (the vault keys
 * them by id) are found again, while another workspace's "qa" is another environment. An edit
 * writes the environment's file (only what a team shares; see environmentFileOf).
 */

function hash(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}

export function workspaceEnvironmentId(realRoot: string, name: string): string {
  return `workspace-${hash(realRoot, 16)}-${hash(name.trim().toLowerCase(), 16)}`;
}

export async function workspaceEnvironmentSource(
  listing: WorkspaceListing,
  entries: readonly WorkspaceEnvironmentEntry[],
): Promise<WorkspaceEnvironmentSource> {
  const realRoot = await realpath(listing.root);
  const files = new Map<string, string>();
  const environments = entries.map((entry) => {
    const id = workspaceEnvironmentId(realRoot, entry.settings.name);
    files.set(id, entry.path);
    return { ...entry.settings, id, embeddedSandbox: false };
  });
  const defaultName = listing.manifest.defaultEnvironment;
  const defaultId = defaultName === null ? null : workspaceEnvironmentId(realRoot, defaultName);
  return {
    realRoot,
    environments,
    defaultId: environments.some((environment) => environment.id === defaultId) ? defaultId : null,
    fileOf: (id) => files.get(id),
    async save(id, settings) {
      const file = files.get(id);
      if (file !== undefined) await writeEnvironmentFile(listing.root, file, settings);
    },
  };
}
