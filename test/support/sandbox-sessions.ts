import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionEvent } from '../../features/environments/common/session.ts';
import { noKeyStore } from '../../app/host/node-services.ts';
import { createEnvironments } from '../../features/environments/node/environments.ts';
import { createSessions, type Sessions } from '../../features/environments/node/sessions.ts';
import { createVault } from '../../features/environments/node/vault.ts';
import { startSandbox, type SandboxServer } from '../../features/sandbox/server/server.ts';
import type { SandboxStartOptions } from '../../features/sandbox/server/config.ts';

/**
 * A real sandbox on loopback and the services a send goes through: a vault in a fresh folder,
 * the environments (with the Local sandbox pointing at it) and the sessions, on Node's fetch.
 * Everything it opens is added to `open`, for the test to close.
 */
export async function startSandboxSessions(open: { close(): unknown }[], sandboxOptions: SandboxStartOptions = {}) {
  const sandbox: SandboxServer = await startSandbox({ port: 0, ...sandboxOptions });
  open.push(sandbox);
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sessions-'));
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const info = sandbox.info();
  const environments = createEnvironments({
    dataFolder,
    vault,
    sandbox: { url: () => sandbox.url, username: info.demoUsername, apiKey: info.demoApiKey, maxBodyBytes: info.maxBodyBytes, strict: info.mode === 'strict' },
  });
  await environments.load();
  const events: SessionEvent[] = [];
  const sessions: Sessions = createSessions({ environments, vault, fetch: (input, init) => fetch(input, init), push: (event) => events.push(event) });
  open.push({ close: () => sessions.dispose() });
  const logins = () => sandbox.traffic().filter((record) => record.path === '/oauth2/login').length;
  return { sandbox, vault, environments, sessions, events, logins, info };
}
