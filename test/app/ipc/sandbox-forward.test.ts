import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { SandboxForwardStatus } from '../../../features/sandbox/common/sandbox-forward.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { freePort } from '../../fixtures/free-port.ts';
import { startOverContract } from '../../support/contract-app.ts';

/**
 * The Sandbox tab's "Forward to" over the contract: the real services and embedded sandbox, a
 * real data folder, and real sandboxes on loopback as the environments' services.
 */

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** A sandbox standing for an environment's service (the demo account, as every sandbox has). */
async function upstream(): Promise<SandboxServer> {
  const sandbox = await startSandbox({ port: 0 });
  open.push(sandbox);
  return sandbox;
}

async function start(dataFolder: string) {
  const forwardPushes: SandboxForwardStatus[] = [];
  const { services, call, view } = await startOverContract(dataFolder, {
    onPush: (name, payload) => {
      if (name === 'sandbox:forwardChanged') forwardPushes.push(payload as SandboxForwardStatus);
    },
  });
  open.push(services);
  /** An environment of the user's with its own API key and password, neither of which forwarding may use. */
  const environment = async (name: string, baseUrl: string, requestTimeoutMs = 30_000) => {
    const saved = await services.environments.create({
      settings: { ...DEFAULT_SETTINGS, name, baseUrl, username: 'someone', rememberPassword: true, requestTimeoutMs },
      apiKey: 'environment-api-key-9d1c',
      password: 'environment-password-44ab',
    });
    if (!saved.ok) throw new Error(JSON.stringify(saved.problems));
    return saved.environment;
  };
  return { services, call, view, environment, forwardPushes, sandbox: services.sandbox! };
}

const dataFolderFor = () => mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-forward-'));
const settingsIn = async (dataFolder: string) => JSON.parse(await readFile(path.join(dataFolder, 'sandbox-settings.json'), 'utf8')) as unknown;
const event = {
  token: 'signup',
  attributes: { plan: 'pro' },
  created_at: '2026-11-24 09:00:00',
  svc_id: 1,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-1',
};

/** What an SDK does: logs in at the sandbox's address with the demo account and posts one event, with the demo API key. */
async function sdkPosts(sandboxUrl: string): Promise<{ status: number; body: string }> {
  const login = await fetch(`${sandboxUrl}/oauth2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
  });
  const token = login.ok ? ((await login.json()) as { access_token: string }).access_token : 'none';
  const posted = await fetch(`${sandboxUrl}/user/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apiKey: 'demo-api-key', Authorization: `Bearer ${token}` },
    body: JSON.stringify([event]),
  });
  return { status: posted.status, body: await posted.text() };
}

const posts = (sandbox: SandboxServer) => sandbox.traffic().filter((record) => record.path === '/user/events');

describe('forwarding to an environment', () => {
  it('passes the SDK’s requests to the environment’s base URL with the SDK’s own credentials, none of the environment’s, and keeps the choice for the next start', async () => {
    const dataFolder = await dataFolderFor();
    const staging = await upstream();
    const app = await start(dataFolder);
    const chosen = await app.environment('Staging', staging.url, 20_000);
    expect((await app.view('sandbox:info')).forward).toEqual({ target: null, notice: null, lastFailure: null });

    const on = await app.view('sandbox:setForward', { environmentId: chosen.id });
    // A tenth of the environment's 20 s timeout sooner, so the SDK hears the 502 before it gives up.
    const target = { environmentId: chosen.id, environmentName: 'Staging', url: staging.url, timeoutMs: 18_000, requestTimeoutMs: 20_000 };
    expect(on.forward).toEqual({ target, notice: null, lastFailure: null });
    expect(app.forwardPushes.at(-1)).toEqual(on.forward);
    expect(app.sandbox.forward()).toEqual({ url: staging.url, timeoutMs: 18_000 });
    expect(await settingsIn(dataFolder)).toMatchObject({ forward: { environmentId: chosen.id } });

    expect(await sdkPosts(app.sandbox.url)).toEqual({ status: 202, body: '{"accepted":1}' });
    expect(posts(staging)).toHaveLength(1);
    expect(app.sandbox.traffic()[0]!.forwarded).toMatchObject({ url: `${staging.url}/user/events`, status: 202 });
    const upstreamSaw = JSON.stringify(staging.traffic());
    expect(upstreamSaw).not.toContain('environment-api-key-9d1c');
    expect(upstreamSaw).not.toContain('environment-password-44ab');
    expect(upstreamSaw).not.toContain('someone');
    await open.pop()!.close();

    // The next start forwards to the same environment.
    const again = await start(dataFolder);
    expect((await again.view('sandbox:info')).forward).toEqual({ target, notice: null, lastFailure: null });
    expect(await sdkPosts(again.sandbox.url)).toEqual({ status: 202, body: '{"accepted":1}' });
    expect(posts(staging)).toHaveLength(2);

    // Off: the sandbox answers itself again, at this start and the next.
    expect((await again.view('sandbox:setForward', { environmentId: null })).forward).toEqual({ target: null, notice: null, lastFailure: null });
    expect(await sdkPosts(again.sandbox.url)).toEqual({ status: 202, body: '{"accepted":1}' });
    expect(posts(staging)).toHaveLength(2);
    expect(await settingsIn(dataFolder)).toMatchObject({ forward: null });
  });

  it('follows a change of the environment’s base URL, and turns off, saying why, when it is deleted', async () => {
    const dataFolder = await dataFolderFor();
    const [staging, moved] = [await upstream(), await upstream()];
    const app = await start(dataFolder);
    const chosen = await app.environment('Staging', staging.url);
    await app.view('sandbox:setForward', { environmentId: chosen.id });

    const { id: _id, embeddedSandbox: _embedded, ...settings } = app.services.environments.get(chosen.id);
    await app.services.environments.update(chosen.id, { settings: { ...settings, baseUrl: moved.url } });
    await expect.poll(() => app.sandbox.forward()?.url).toBe(moved.url);
    expect((await app.view('sandbox:info')).forward.target).toMatchObject({ url: moved.url, timeoutMs: 27_000 });
    expect(await sdkPosts(app.sandbox.url)).toEqual({ status: 202, body: '{"accepted":1}' });
    expect([posts(staging).length, posts(moved).length]).toEqual([0, 1]);

    await app.services.environments.remove(chosen.id);
    const notice = 'Staging was deleted, so forwarding is off: the sandbox answers every request itself.';
    await expect.poll(() => app.forwardPushes.at(-1)?.notice).toBe(notice);
    expect((await app.view('sandbox:info')).forward).toEqual({ target: null, notice, lastFailure: null });
    expect(app.sandbox.forward()).toBeNull();
    expect(await settingsIn(dataFolder)).toMatchObject({ forward: null });
    expect(await sdkPosts(app.sandbox.url)).toEqual({ status: 202, body: '{"accepted":1}' });
    expect(posts(moved)).toHaveLength(1);
  });

  it('at start, finds the environment gone and says so, forwarding off', async () => {
    const dataFolder = await dataFolderFor();
    await writeFile(path.join(dataFolder, 'sandbox-settings.json'), JSON.stringify({ forward: { environmentId: 'deleted-meanwhile' } }));
    const app = await start(dataFolder);
    expect((await app.view('sandbox:info')).forward).toEqual({
      target: null,
      notice: 'The environment chosen to forward to no longer exists, so forwarding is off: the sandbox answers every request itself.',
      lastFailure: null,
    });
    expect(await settingsIn(dataFolder)).toMatchObject({ forward: null });
  });

  it('refuses the Local sandbox, or any environment at the sandbox’s own address, and keeps forwarding as it was', async () => {
    const dataFolder = await dataFolderFor();
    const staging = await upstream();
    const app = await start(dataFolder);
    const chosen = await app.environment('Staging', staging.url);
    const before = (await app.view('sandbox:setForward', { environmentId: chosen.id })).forward;

    expect(await app.call('sandbox:setForward', { environmentId: LOCAL_SANDBOX_ID })).toEqual({
      ok: false,
      error: {
        code: 'sandbox-forward-loop',
        message:
          'Local sandbox is this sandbox: forwarding to it would pass each request back to itself without end. Choose the environment of the service to pass requests on to.',
      },
    });
    const itself = `http://localhost:${new URL(app.sandbox.url).port}`;
    const mirror = await app.environment('Mirror', itself);
    expect(await app.call('sandbox:setForward', { environmentId: mirror.id })).toEqual({
      ok: false,
      error: {
        code: 'sandbox-forward-loop',
        message: `${itself} is this sandbox's own address: forwarding there would pass each request back to itself without end.`,
      },
    });
    expect(await app.call('sandbox:setForward', { environmentId: 'no-such-environment' })).toMatchObject({
      ok: false,
      error: { code: 'environment-not-found' },
    });
    expect(await app.call('sandbox:setForward', { environmentId: '' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await app.call('sandbox:setForward', { environmentId: chosen.id, url: 'https://elsewhere.example.com' })).toMatchObject({
      ok: false,
      error: { code: 'invalid-input' },
    });
    expect((await app.view('sandbox:info')).forward).toEqual(before);
    expect(await settingsIn(dataFolder)).toMatchObject({ forward: { environmentId: chosen.id } });

    // An environment that comes to point at the sandbox turns forwarding off, saying why.
    const { id: _id, embeddedSandbox: _embedded, ...settings } = app.services.environments.get(chosen.id);
    await app.services.environments.update(chosen.id, { settings: { ...settings, baseUrl: itself } });
    await expect
      .poll(() => app.forwardPushes.at(-1)?.notice)
      .toBe(
        `${itself} is this sandbox's own address: forwarding there would pass each request back to itself without end. Forwarding is off: the sandbox answers every request itself.`,
      );
    expect(app.sandbox.forward()).toBeNull();
  });

  it('shows the latest failure of the upstream, as the SDK was told it', async () => {
    const dataFolder = await dataFolderFor();
    const app = await start(dataFolder);
    const down = `http://127.0.0.1:${await freePort()}`;
    const chosen = await app.environment('Down', down);
    await app.view('sandbox:setForward', { environmentId: chosen.id });
    const answered = await sdkPosts(app.sandbox.url);
    expect(answered.status).toBe(502);
    const { lastFailure } = (await app.view('sandbox:info')).forward;
    expect(lastFailure).toEqual({
      time: expect.any(String),
      url: `${down}/user/events`,
      failure: 'upstream-unreachable',
      message: `The upstream ${new URL(down).host} refused the connection: nothing listens there; the request was recorded.`,
    });
    expect(app.forwardPushes.at(-1)?.lastFailure).toEqual(lastFailure);
    // A new choice starts with a clean slate.
    expect((await app.view('sandbox:setForward', { environmentId: chosen.id })).forward.lastFailure).toBeNull();
  });
});
