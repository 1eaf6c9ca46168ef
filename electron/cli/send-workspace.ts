import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Environment } from '../../shared/environment.ts';
import type { SessionEvent } from '../../shared/session.ts';
import { noKeyStore } from '../node-services.ts';
import { createEnvironments, type Environments } from '../services/environments.ts';
import { createSessions, type Sessions } from '../services/sessions.ts';
import { createVault, type Vault } from '../services/vault.ts';
import type { Target } from './target.ts';

/**
 * What `eventdesk send` borrows from the app: the vault, the environments and the sessions, in a
 * throwaway folder holding one environment made of the resolved target. Secrets stay in memory
 * (no key store outside the app, and no opt-in to plain storage); the folder only ever holds the
 * environment's settings, and goes when the command ends.
 */

export interface Workspace {
  environmentId: string;
  vault: Vault;
  environments: Environments;
  sessions: Sessions;
  close(): Promise<void>;
}

/**
 * The environment id a command-line target records its submissions under: the same base URL and
 * username give the same id in every run, so the same-batch warning works from one run to the next.
 */
export function commandLineEnvironmentId({ environment }: Target): string {
  return `cli-${createHash('sha256').update(`${environment.baseUrl}\n${environment.username}`).digest('hex').slice(0, 16)}`;
}

/**
 * Sets the services up for `target` under `environmentId` (a resume reuses the id its submission
 * was recorded with) and logs in, remembering the password in memory so that a 401 or an expiring
 * token can log in again. Throws the login's AppError, after cleaning up.
 */
export async function openWorkspace(target: Target, environmentId: string, onSession: (event: SessionEvent) => void): Promise<Workspace> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-send-'));
  const vault = createVault({ file: path.join(folder, 'secrets.json'), cipher: noKeyStore, storeWithoutKeyring: () => false });
  const environment: Environment = { ...target.environment, id: environmentId, embeddedSandbox: false, storeSecretsWithoutKeyring: false };
  // The environments service takes its list from its file: one environment, with a chosen id.
  await writeFile(path.join(folder, 'environments.json'), JSON.stringify({ version: 1, activeId: environmentId, environments: [environment] }));
  let sessions: Sessions | null = null;
  const environments = createEnvironments({ dataFolder: folder, vault, sandbox: null, onRetarget: async (id) => sessions?.forget(id) });
  const close = async () => {
    sessions?.dispose();
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await environments.load();
    await vault.update(environmentId, { apiKey: target.secrets.apiKey }, environment.baseUrl);
    sessions = createSessions({ environments, vault, fetch: (input, init) => fetch(input, init), push: onSession });
    await sessions.login({ environmentId, username: target.secrets.username, password: target.secrets.password, rememberPassword: true });
  } catch (error) {
    await close();
    throw error;
  }
  return { environmentId, vault, environments, sessions, close };
}
