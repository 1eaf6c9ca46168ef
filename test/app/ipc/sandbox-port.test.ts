import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../features/environments/common/session.ts';
import { endpoint } from '../../../features/environments/node/auth.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import type { EmbeddedSandboxOptions } from '../../../features/sandbox/server/port.ts';
import { freePort } from '../../fixtures/free-port.ts';
import { startOverContract } from '../../support/contract-app.ts';

/**
 * The embedded sandbox's port over the contract: the real services and sandbox, a real data
 * folder, other programs played by plain servers on loopback.
 */

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function start(dataFolder: string, sandbox: EmbeddedSandboxOptions = {}) {
  const sessionEvents: SessionEvent[] = [];
  const app = await startOverContract(dataFolder, {
    sandbox,
    onPush: (name, payload) => {
      if (name === 'session:changed') sessionEvents.push(payload as SessionEvent);
    },
  });
  open.push(app.services);
  return { ...app, sessionEvents };
}

/** Another program on loopback holding `port` (0: any free one), recording what reaches it. */
async function otherProgram(port = 0) {
  const received: { path: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((request, response) => {
    received.push({ path: request.url ?? '', headers: request.headers });
    response.writeHead(202, { 'Content-Type': 'application/json' }).end('{"accepted":1}');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  open.push({ close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) });
  return { port: (server.address() as AddressInfo).port, received };
}

const dataFolderFor = () => mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-port-'));
const settingsIn = async (dataFolder: string) => JSON.parse(await readFile(path.join(dataFolder, 'sandbox-settings.json'), 'utf8')) as unknown;
const event = {
  token: 'signup',
  attributes: { plan: 'pro' },
  created_at: '2026-11-24 09:00:00',
  svc_id: 1,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-1',
};

describe('the port applied in the Sandbox tab', () => {
  it('is kept for the next start, beside the plan; EVENTDESK_SANDBOX_PORT still comes first', async () => {
    const dataFolder = await dataFolderFor();
    await writeFile(path.join(dataFolder, 'sandbox-settings.json'), JSON.stringify({ planFile: null }));
    const first = await start(dataFolder, { portVariable: 0 });
    expect((await first.view('sandbox:info')).port).toMatchObject({ requested: 0, source: 'variable', variable: 0, note: null });
    const chosen = await freePort();
    const moved = await first.view('sandbox:setPort', { port: chosen });
    expect(moved).toMatchObject({
      url: `http://127.0.0.1:${chosen}`,
      demoApiKey: 'demo-api-key',
      port: { port: chosen, requested: chosen, source: 'saved', note: null },
    });
    expect(await settingsIn(dataFolder)).toEqual({ planFile: null, port: chosen, forward: null });
    await open.pop()!.close();

    const second = await start(dataFolder);
    expect(await second.view('sandbox:info')).toMatchObject({
      url: `http://127.0.0.1:${chosen}`,
      port: { port: chosen, source: 'saved', variable: null, note: null },
    });
    expect(second.services.environments.resolvedBaseUrl(LOCAL_SANDBOX_ID)).toBe(`http://127.0.0.1:${chosen}`);
    await open.pop()!.close();

    const third = await start(dataFolder, { portVariable: 0 });
    expect((await third.view('sandbox:info')).port).toMatchObject({ requested: 0, source: 'variable', variable: 0 });
  });

  it('held by another program at the next start, gives way to the next port, said in the tab and in the log', async () => {
    const dataFolder = await dataFolderFor();
    const held = await otherProgram();
    await writeFile(path.join(dataFolder, 'sandbox-settings.json'), JSON.stringify({ port: held.port }));
    const app = await start(dataFolder);
    const { port } = await app.view('sandbox:info');
    expect(port.port).not.toBe(held.port);
    expect(port).toMatchObject({ requested: held.port, source: 'saved', note: expect.stringContaining(`in use; the sandbox listens on ${port.port}.`) });
    expect(app.services.environments.resolvedBaseUrl(LOCAL_SANDBOX_ID)).toBe(`http://127.0.0.1:${port.port}`);
    const log = path.join(dataFolder, 'logs', 'eventdesk.log');
    await expect.poll(() => readFile(log, 'utf8').catch(() => ''), { timeout: 5000 }).toContain(port.note!);
    expect(held.received).toEqual([]);
  });

  it('is refused when taken or out of range, and nothing changes', async () => {
    const dataFolder = await dataFolderFor();
    const app = await start(dataFolder, { port: 0 });
    const before = (await app.view('sandbox:info')).url;
    const held = await otherProgram();
    expect(await app.call('sandbox:setPort', { port: held.port })).toEqual({
      ok: false,
      error: { code: 'sandbox-port-taken', message: `Port ${held.port} is in use by another program.`, detail: expect.any(String) },
    });
    for (const port of [80, 65_536, 4811.5]) {
      expect(await app.call('sandbox:setPort', { port })).toMatchObject({
        ok: false,
        error: { code: 'invalid-input', message: expect.stringContaining('A port is a whole number from 1024 to 65535') },
      });
    }
    expect((await app.view('sandbox:info')).url).toBe(before);
    await expect(readFile(path.join(dataFolder, 'sandbox-settings.json'), 'utf8')).rejects.toThrow();
  });
});

describe('the Local sandbox environment when the sandbox moves', () => {
  it('follows it: the login ends, the key and remembered password follow, the traffic stays, and the old address gets nothing', async () => {
    const dataFolder = await dataFolderFor();
    const app = await start(dataFolder, { port: 0 });
    const { sessions, vault, environments, sandbox } = app.services;
    const oldUrl = sandbox!.url;
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: 'demo-password', rememberPassword: true });
    const oldToken = vault.get(LOCAL_SANDBOX_ID).accessToken!;

    const moved = await app.view('sandbox:setPort', { port: await freePort() });
    expect(environments.resolvedBaseUrl(LOCAL_SANDBOX_ID)).toBe(moved.url);
    expect(environments.view(LOCAL_SANDBOX_ID)).toMatchObject({ resolvedBaseUrl: moved.url, apiKey: { set: true }, passwordRemembered: true });
    // The login ended, as for any environment that points elsewhere, and every window heard it.
    expect(sessions.status(LOCAL_SANDBOX_ID)).toBeNull();
    expect(app.sessionEvents.at(-1)).toMatchObject({ environmentId: LOCAL_SANDBOX_ID, reason: 'logged-out', session: null });
    expect(vault.get(LOCAL_SANDBOX_ID)).toEqual({ apiKey: 'demo-api-key', password: 'demo-password' });
    expect(vault.origin(LOCAL_SANDBOX_ID)).toBe(moved.url);

    // Another program takes the old port; a sender still holding the old address hands it nothing.
    const squatter = await otherProgram(Number(new URL(oldUrl).port));
    const stale = endpoint(oldUrl, '/user/events');
    await expect(
      sessions.authorized(LOCAL_SANDBOX_ID, stale, (headers) => fetch(stale, { method: 'POST', headers, body: JSON.stringify([event]) })),
    ).rejects.toMatchObject({ code: 'secrets-for-another-server' });
    expect(squatter.received).toEqual([]);

    // At the new address it logs in again with the remembered password and sends.
    const events = endpoint(moved.url, '/user/events');
    const sent = await sessions.authorized(LOCAL_SANDBOX_ID, events, (headers) =>
      fetch(events, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify([event]) }),
    );
    expect(sent.status).toBe(202);
    expect(vault.get(LOCAL_SANDBOX_ID).accessToken).not.toBe(oldToken);
    expect(sandbox!.traffic().map((record) => `${record.path} ${record.response?.status}`)).toEqual([
      '/user/events 202',
      '/oauth2/login 200',
      '/oauth2/login 200',
    ]);
  });
});

describe('two moves asked for at once', () => {
  it('go one after the other: the sandbox listens where the last one asked, and the settings say so', async () => {
    const dataFolder = await dataFolderFor();
    const app = await start(dataFolder, { port: 0 });
    const [first, second] = [await freePort(), await freePort()];
    const answers = await Promise.all([app.call('sandbox:setPort', { port: first }), app.call('sandbox:setPort', { port: second })]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    expect((await app.view('sandbox:info')).url).toBe(`http://127.0.0.1:${second}`);
    expect((await fetch(`http://127.0.0.1:${second}/_sandbox/requests`)).status).toBe(200);
    expect(await settingsIn(dataFolder)).toEqual({ planFile: null, port: second, forward: null });
  });
});
