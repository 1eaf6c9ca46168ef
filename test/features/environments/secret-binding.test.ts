import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type EnvironmentEdit } from '../../../features/environments/common/environment.ts';
import { noKeyStore } from '../../../app/host/node-services.ts';
import { endpoint } from '../../../features/environments/node/auth.ts';
import { LOCAL_SANDBOX_ID, createEnvironments, type EnvironmentsOptions } from '../../../features/environments/node/environments.ts';
import { createSessions, type Sessions } from '../../../features/environments/node/sessions.ts';
import { createVault } from '../../../features/environments/node/vault.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { startEchoServer, type EchoServer } from '../../fixtures/echo-server.ts';

/**
 * A secret belongs to the server it was entered for: an edit that moves an environment to another
 * origin drops it, and the code that uses one refuses any other origin, whatever environments.json
 * says. Real vault files in a temporary folder, the real sandbox and a recording server on loopback.
 */

const staging: EnvironmentEdit = {
  settings: {
    ...DEFAULT_SETTINGS,
    name: 'Staging',
    baseUrl: 'https://staging.example.com/v1',
    username: 'qa',
    rememberPassword: true,
    storeSecretsWithoutKeyring: true,
  },
  apiKey: 'ak_staging_0123456789',
  password: 'staging-password',
};

let dataFolder: string;
const open: { close(): unknown }[] = [];
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-binding-'));
});
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The vault, environments and sessions of one run of the app over `dataFolder`; secrets reach disk where an environment opted in. */
async function start(sandbox: SandboxServer | null = null) {
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const info = sandbox?.info();
  const sandboxOption: EnvironmentsOptions['sandbox'] =
    sandbox && info
      ? { url: () => sandbox.url, username: info.demoUsername, apiKey: info.demoApiKey, maxBodyBytes: info.maxBodyBytes, strict: info.mode === 'strict' }
      : null;
  const environments = createEnvironments({ dataFolder, vault, sandbox: sandboxOption });
  await vault.load();
  await environments.load();
  const sessions: Sessions = createSessions({ environments, vault, fetch: (input, init) => fetch(input, init), push: () => undefined });
  open.push({ close: () => sessions.dispose() });
  return { vault, environments, sessions };
}

async function createStaging(environments: Awaited<ReturnType<typeof start>>['environments'], edit: EnvironmentEdit = staging) {
  const created = await environments.create(edit);
  if (!created.ok) throw new Error(`could not create: ${JSON.stringify(created.problems)}`);
  return created.environment;
}

async function startEcho(): Promise<EchoServer> {
  const echo = await startEchoServer();
  open.push(echo);
  return echo;
}

describe('an edit of the base URL', () => {
  it('to another origin drops the API key and the remembered password; to another path keeps them', async () => {
    const { environments, vault } = await start();
    const { id } = await createStaging(environments);

    const samePlace = await environments.update(id, { settings: { ...staging.settings, baseUrl: 'https://STAGING.example.com:443/v2' } });
    expect(samePlace).toMatchObject({ ok: true, environment: { apiKey: { set: true }, passwordRemembered: true } });
    expect(vault.get(id)).toEqual({ apiKey: staging.apiKey, password: staging.password });

    const moved = await environments.update(id, { settings: { ...staging.settings, baseUrl: 'https://staging.example.com:8443/v2' } });
    expect(moved).toMatchObject({ ok: true, environment: { apiKey: { set: false, hint: null }, passwordRemembered: false } });
    expect(vault.get(id)).toEqual({});
    // Nothing of the old server's secrets stays on disk either.
    const reopened = await start();
    expect(reopened.vault.get(id)).toEqual({});
  });

  it('keeps a new API key given together with the new origin', async () => {
    const { environments, vault } = await start();
    const { id } = await createStaging(environments);
    const moved = await environments.update(id, { settings: { ...staging.settings, baseUrl: 'https://eu.example.com' }, apiKey: 'ak_eu_9876543210' });
    expect(moved).toMatchObject({ ok: true, environment: { apiKey: { set: true, hint: '••••3210' }, passwordRemembered: false } });
    expect(vault.secretsFor(id, 'https://eu.example.com/user/events')).toEqual({ apiKey: 'ak_eu_9876543210' });
  });
});

describe('secrets saved before origins were recorded', () => {
  it('are bound at load to the origin their environment points at', async () => {
    const first = await start();
    const { id } = await createStaging(first.environments);
    // Rewrite the entry the way an older EventDesk wrote it: the secrets alone.
    const file = path.join(dataFolder, 'secrets.json');
    const envelope = JSON.parse(await readFile(file, 'utf8'));
    const { origin, ...secrets } = JSON.parse(Buffer.from(envelope.entries[id].data, 'base64').toString('utf8'));
    expect(origin).toBe('https://staging.example.com');
    envelope.entries[id].data = Buffer.from(JSON.stringify(secrets)).toString('base64');
    await writeFile(file, JSON.stringify(envelope));

    const { environments, vault } = await start();
    expect(vault.origin(id)).toBe('https://staging.example.com');
    expect(environments.view(id)).toMatchObject({ apiKey: { set: true }, passwordRemembered: true });
    expect(vault.secretsFor(id, 'https://staging.example.com/v1')).toEqual({ apiKey: staging.apiKey, password: staging.password });
    // The binding is written back, so it holds even if environments.json changes later.
    const sealed = JSON.parse(await readFile(file, 'utf8')).entries[id].data;
    expect(JSON.parse(Buffer.from(sealed, 'base64').toString('utf8')).origin).toBe('https://staging.example.com');
  });
});

describe('environments.json edited on disk to point elsewhere', () => {
  it('leaves the secrets with their server: no login, no send, nothing reaches the new one', async () => {
    const sandbox = await startSandbox({ port: 0 });
    open.push(sandbox);
    const echo = await startEcho();
    const first = await start();
    const { id } = await createStaging(first.environments, {
      ...staging,
      settings: { ...staging.settings, baseUrl: sandbox.url, username: 'demo' },
      apiKey: sandbox.info().demoApiKey,
      password: undefined,
    });
    await first.sessions.login({ environmentId: id, username: 'demo', password: sandbox.info().demoPassword, rememberPassword: true });
    const { accessToken, refreshToken } = first.vault.get(id);
    first.sessions.dispose();

    const file = path.join(dataFolder, 'environments.json');
    await writeFile(file, (await readFile(file, 'utf8')).replace(sandbox.url, echo.url));
    const { environments, vault, sessions } = await start();
    expect(environments.get(id).baseUrl).toBe(echo.url);
    expect(environments.view(id)).toMatchObject({ apiKey: { set: false }, passwordRemembered: false });

    const refusal = `The API key and the saved password were entered for ${sandbox.url}; enter them again for ${echo.url}.`;
    await expect(sessions.login({ environmentId: id, username: 'demo', rememberPassword: true })).rejects.toMatchObject({
      code: 'secrets-for-another-server',
      message: refusal,
    });
    const events = endpoint(echo.url, '/user/events');
    await expect(sessions.authorized(id, events, (headers) => fetch(events, { method: 'POST', headers, body: '[]' }))).rejects.toMatchObject({
      code: 'secrets-for-another-server',
    });
    await expect(environments.duplicate(id, true)).rejects.toMatchObject({ code: 'secrets-for-another-server' });
    expect(echo.received).toEqual([]);
    // The secrets are still there, for their own server, should the file be put back.
    expect(vault.get(id)).toMatchObject({ apiKey: sandbox.info().demoApiKey, password: sandbox.info().demoPassword, accessToken, refreshToken });
  });
});

describe('a send whose environment moved while it ran', () => {
  it('hands the old address no header: the secrets now belong to the new one', async () => {
    const sandbox = await startSandbox({ port: 0 });
    open.push(sandbox);
    const echo = await startEcho();
    const { environments, sessions } = await start(sandbox);
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: sandbox.info().demoPassword, rememberPassword: true });
    expect(environments.resolvedBaseUrl(LOCAL_SANDBOX_ID)).toBe(sandbox.url);
    // The sender still holds the address it started with: here, one the secrets were never entered for.
    const stale = endpoint(echo.url, '/user/events');
    await expect(sessions.authorized(LOCAL_SANDBOX_ID, stale, (headers) => fetch(stale, { method: 'POST', headers, body: '[]' }))).rejects.toMatchObject({
      code: 'secrets-for-another-server',
    });
    expect(echo.received).toEqual([]);
  });
});

describe('the embedded sandbox', () => {
  it('keeps its key and remembered password when it listens on another port at the next start', async () => {
    const before = await startSandbox({ port: 0 });
    open.push(before);
    const first = await start(before);
    // Opt in to secrets on disk, so they outlive the run as they do with an OS key store.
    await first.environments.update(LOCAL_SANDBOX_ID, { settings: { ...first.environments.get(LOCAL_SANDBOX_ID), storeSecretsWithoutKeyring: true } });
    await first.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: before.info().demoPassword, rememberPassword: true });
    first.sessions.dispose();

    const after = await startSandbox({ port: 0 });
    open.push(after);
    expect(after.url).not.toBe(before.url);
    const { environments, vault, sessions } = await start(after);
    expect(vault.origin(LOCAL_SANDBOX_ID)).toBe(after.url);
    expect(environments.view(LOCAL_SANDBOX_ID)).toMatchObject({ resolvedBaseUrl: after.url, apiKey: { set: true }, passwordRemembered: true });
    const session = await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', rememberPassword: true });
    expect(session.state).toBe('active');
    expect(
      after
        .traffic()
        .filter((record) => record.path === '/oauth2/login')
        .map((record) => record.response?.status),
    ).toEqual([200]);
  });
});
