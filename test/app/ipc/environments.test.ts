import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { startEchoServer, type EchoServer } from '../../fixtures/echo-server.ts';

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
const batch = JSON.stringify([
  {
    token: 't-1',
    attributes: { plan: 'pro' },
    created_at: '2026-11-22 10:00:00',
    svc_id: 7,
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    customer_id: 'c-1',
  },
]);

let services: Services | undefined;
let echo: EchoServer | undefined;
afterEach(async () => {
  await services?.close();
  await echo?.close();
  services = undefined;
  echo = undefined;
});

/** The real services with the embedded sandbox, driven only through the contract, as the page (or a page taken over) drives them. */
async function setUp() {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-ipc-envs-'));
  const pushes: { push: string; payload: unknown }[] = [];
  services = await createServices({
    ...nodeServiceDeps(dataFolder),
    push: createPushSender((push, payload) => pushes.push({ push, payload })),
    sandbox: { port: 0 },
  });
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const call = async (channel: string, input?: unknown) => dispatch(channel, input, trusted);
  const value = async (channel: string, input?: unknown) => {
    const envelope = await call(channel, input);
    if (!envelope.ok) throw new Error(`${channel} failed: ${envelope.error.message}`);
    return envelope.value as never;
  };
  return { services, call, value, pushes };
}

describe('credentials bound to their server, through the IPC contract', () => {
  it('a retarget to another port leaves the recording server without password, API key or token', async () => {
    const { services: live, call, value, pushes } = await setUp();
    echo = await startEchoServer();
    const sandbox = live.sandbox!.info();
    const password = sandbox.demoPassword;
    const apiKey = sandbox.demoApiKey;

    const created: { environment: { id: string } } = await value('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Target', baseUrl: live.sandbox!.url, username: sandbox.demoUsername, rememberPassword: true },
      apiKey,
    });
    const id = created.environment.id;
    await value('session:login', { environmentId: id, username: sandbox.demoUsername, password, rememberPassword: true });
    const { accessToken, refreshToken } = live.vault.get(id);
    expect(accessToken && refreshToken).toBeTruthy();
    // Everything works where the secrets were entered: a send goes through.
    const sent: { started: { id: string } } = await value('send:start', { environmentId: id, batchText: batch, again: false });
    for (let poll = 0; poll < 100 && live.submissions.get(sent.started.id)?.status === 'sending'; poll++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(live.submissions.get(sent.started.id)?.status).toBe('ok');

    const moved: { ok: boolean; environment: { apiKey: { set: boolean }; passwordRemembered: boolean } } = await value('environments:update', {
      id,
      edit: { settings: { ...DEFAULT_SETTINGS, name: 'Target', baseUrl: echo.url, username: sandbox.demoUsername, rememberPassword: true } },
    });
    expect(moved).toMatchObject({ ok: true, environment: { apiKey: { set: false }, passwordRemembered: false } });
    // The window hears that the session ended, so its session bar does not go on showing one.
    expect(pushes.filter((entry) => entry.push === 'session:changed').at(-1)?.payload).toMatchObject({
      environmentId: id,
      session: null,
      reason: 'logged-out',
    });

    // What a page could still ask for: a login with the remembered password, a send, a copy with the secrets.
    expect(await call('session:login', { environmentId: id, username: sandbox.demoUsername, rememberPassword: true })).toMatchObject({
      ok: false,
      error: { code: 'password-needed' },
    });
    expect(await call('send:start', { environmentId: id, batchText: batch, again: true })).toMatchObject({ ok: false, error: { code: 'missing-api-key' } });
    const copy: { id: string; apiKey: { set: boolean } } = await value('environments:duplicate', { id, copySecrets: true });
    expect(copy.apiKey.set).toBe(false);
    expect(await call('send:start', { environmentId: copy.id, batchText: batch, again: true })).toMatchObject({ ok: false });

    const received = JSON.stringify(echo.received);
    for (const secret of [password, apiKey, accessToken!, refreshToken!]) expect(received).not.toContain(secret);
    expect(echo.received).toEqual([]);
  });

  it('copies no secret on a duplicate unless asked to', async () => {
    const { services: live, value } = await setUp();
    const sandbox = live.sandbox!.info();
    const created: { environment: { id: string } } = await value('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Target', baseUrl: live.sandbox!.url, username: sandbox.demoUsername, rememberPassword: true },
      apiKey: sandbox.demoApiKey,
      password: sandbox.demoPassword,
    });
    const bare: { id: string; apiKey: { set: boolean }; passwordRemembered: boolean } = await value('environments:duplicate', { id: created.environment.id });
    expect(bare).toMatchObject({ apiKey: { set: false }, passwordRemembered: false });
    expect(live.vault.get(bare.id)).toEqual({});
    const full: { id: string } = await value('environments:duplicate', { id: created.environment.id, copySecrets: true });
    expect(full).toMatchObject({ apiKey: { set: true }, passwordRemembered: true });
  });
});
