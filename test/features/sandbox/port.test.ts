import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { DEFAULT_SANDBOX_PORT, portFromVariable, readRequestedPort } from '../../../features/sandbox/common/sandbox-port.ts';
import { choosePort, fallbackNote, listenNear, NEARBY_PORTS, nearbyPorts, startEmbeddedSandbox } from '../../../features/sandbox/server/port.ts';
import { startSandbox } from '../../../features/sandbox/server/server.ts';
import { freePort } from '../../fixtures/free-port.ts';

/** The embedded sandbox's port: who chooses it, and what happens when another program holds it. Real servers on loopback. */

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** Another program on loopback, holding `port` (0: any free one). */
async function squatter(port = 0): Promise<{ port: number; server: Server }> {
  const server = createServer((_request, response) => response.end('not the sandbox'));
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  open.push({ close: () => new Promise((resolve) => server.close(resolve)) });
  return { port: (server.address() as AddressInfo).port, server };
}

const taken = (port: number) => new AppError('sandbox-port-taken', `Port ${port} is in use by another program.`);

describe('the port asked for', () => {
  it('is EVENTDESK_SANDBOX_PORT first, then the one saved in the Sandbox tab, then the default', () => {
    expect(choosePort(4900, 5100)).toEqual({ requested: 4900, source: 'variable' });
    expect(choosePort(0, 5100)).toEqual({ requested: 0, source: 'variable' });
    expect(choosePort(null, 5100)).toEqual({ requested: 5100, source: 'saved' });
    expect(choosePort(null, null)).toEqual({ requested: DEFAULT_SANDBOX_PORT, source: 'default' });
    expect(choosePort(null, null, 0)).toEqual({ requested: 0, source: 'default' });
  });

  it("takes the port saved in the Sandbox tab when the services were told only a fallback (the tests' any free port), and says the variable is unset", async () => {
    const saved = await freePort();
    const embedded = await startEmbeddedSandbox({ port: 0 }, saved);
    open.push(embedded.sandbox);
    expect(embedded.port).toEqual({ port: saved, requested: saved, source: 'saved', variable: null, note: null });
    const any = await startEmbeddedSandbox({ port: 0 }, null);
    open.push(any.sandbox);
    expect(any.port).toMatchObject({ requested: 0, source: 'default', variable: null, note: null });
  });

  it('takes EVENTDESK_SANDBOX_PORT, as main read it, before the saved port', async () => {
    const asked = await freePort();
    const embedded = await startEmbeddedSandbox({ portVariable: asked, port: 0 }, await freePort());
    open.push(embedded.sandbox);
    expect(embedded.port).toEqual({ port: asked, requested: asked, source: 'variable', variable: asked, note: null });
  });

  it("reads a port asked for at start by one rule: the app's variable and the command line's --port refuse the same", () => {
    expect(readRequestedPort('0')).toEqual({ ok: true, port: 0 });
    expect(readRequestedPort('4797')).toEqual({ ok: true, port: 4797 });
    for (const text of ['80', '1023', '65536', 'x'])
      expect(readRequestedPort(text)).toMatchObject({ ok: false, message: expect.stringContaining('A port is a whole number from 1024 to 65535') });
  });

  it('reads EVENTDESK_SANDBOX_PORT as a port or 0, and refuses anything else with a message naming it', () => {
    expect(portFromVariable(undefined)).toBeNull();
    expect(portFromVariable('')).toBeNull();
    expect(portFromVariable('0')).toBe(0);
    expect(portFromVariable(' 4900 ')).toBe(4900);
    for (const text of ['80', '65536', 'http', '49.5']) {
      expect(() => portFromVariable(text)).toThrow(
        expect.objectContaining({ code: 'sandbox-options', message: expect.stringContaining(`EVENTDESK_SANDBOX_PORT is "${text}"`) }),
      );
    }
  });
});

describe('a port another program holds', () => {
  it('gives way to the next ones, at most NEARBY_PORTS in all, then to any free port', async () => {
    expect(nearbyPorts(4797)).toEqual(Array.from({ length: NEARBY_PORTS }, (_, step) => 4797 + step));
    expect(nearbyPorts(65_534)).toEqual([65_534, 65_535]);
    expect(nearbyPorts(0)).toEqual([]);

    const asked: number[] = [];
    const busy = new Set([4797, 4798]);
    const listenAt = async (port: number) => {
      asked.push(port);
      if (busy.has(port)) throw taken(port);
      return port === 0 ? 51_000 : port;
    };
    expect(await listenNear(4797, listenAt)).toBe(4799);
    expect(asked).toEqual([4797, 4798, 4799]);

    asked.length = 0;
    for (let port = 5000; port < 5000 + NEARBY_PORTS; port++) busy.add(port);
    expect(await listenNear(5000, listenAt)).toBe(51_000);
    expect(asked).toEqual([...nearbyPorts(5000), 0]);
  });

  it('is the only failure that moves on: any other is thrown at once', async () => {
    const asked: number[] = [];
    const refusal = new AppError('sandbox-listen', 'The sandbox cannot listen on 127.0.0.1:4797: EACCES');
    await expect(
      listenNear(4797, async (port) => {
        asked.push(port);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(asked).toEqual([4797]);
  });

  it('is said plainly, with the ports that were taken', () => {
    expect(fallbackNote(4797, 4797)).toBeNull();
    expect(fallbackNote(0, 51_000)).toBeNull();
    expect(fallbackNote(4797, 4798)).toBe('Port 4797 was in use; the sandbox listens on 4798.');
    expect(fallbackNote(4797, 4800)).toBe('Ports 4797 to 4799 were in use; the sandbox listens on 4800.');
    expect(fallbackNote(4797, 51_000)).toBe(`Ports 4797 to ${4797 + NEARBY_PORTS - 1} were in use; the sandbox listens on 51000.`);
    expect(fallbackNote(65_535, 51_000)).toBe('Port 65535 was in use; the sandbox listens on 51000.');
  });

  it('moves the real sandbox to the next port, which answers as the sandbox', async () => {
    const held = await squatter();
    const embedded = await startEmbeddedSandbox({}, held.port);
    open.push(embedded.sandbox);
    const { port } = embedded.port;
    expect(port).not.toBe(held.port);
    expect(embedded.port).toMatchObject({
      requested: held.port,
      source: 'saved',
      variable: null,
      note: expect.stringMatching(new RegExp(`^Ports? ${held.port} .*in use; the sandbox listens on ${port}\\.$`)),
    });
    // The next port, unless that too was taken by someone else by chance.
    if (port === held.port + 1) expect(embedded.port.note).toBe(`Port ${held.port} was in use; the sandbox listens on ${port}.`);
    expect(embedded.sandbox.url).toBe(`http://127.0.0.1:${port}`);
    const login = await fetch(`${embedded.sandbox.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    });
    expect(login.status).toBe(200);
    expect(await (await fetch(`http://127.0.0.1:${held.port}/`)).text()).toBe('not the sandbox');
  });

  it('with nothing asked for, the default port is taken, or the note says why not', async () => {
    const embedded = await startEmbeddedSandbox({}, null);
    open.push(embedded.sandbox);
    expect(embedded.port).toMatchObject({ requested: DEFAULT_SANDBOX_PORT, source: 'default' });
    if (embedded.port.port === DEFAULT_SANDBOX_PORT) expect(embedded.port.note).toBeNull();
    else expect(embedded.port.note).toMatch(/^Ports? 4797 .*in use/);
  });
});

describe('listenOn, the Sandbox tab moving a running sandbox', () => {
  it('listens on the new port only, keeping its traffic and its tokens', async () => {
    const sandbox = await startSandbox({ port: 0 });
    open.push(sandbox);
    const before = sandbox.url;
    const login = await fetch(`${before}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const port = await freePort();
    await sandbox.listenOn(port);
    expect(sandbox.url).toBe(`http://127.0.0.1:${port}`);
    expect(sandbox.options.port).toBe(port);
    expect(sandbox.info().url).toBe(sandbox.url);
    await expect(fetch(`${before}/_sandbox/requests`)).rejects.toThrow();

    const event = {
      token: 'signup',
      attributes: {},
      created_at: '2026-11-24 09:00:00',
      svc_id: 1,
      device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      customer_id: 'c-1',
    };
    const sent = await fetch(`${sandbox.url}/user/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apiKey: 'demo-api-key', Authorization: `Bearer ${token}` },
      body: JSON.stringify([event]),
    });
    expect(sent.status).toBe(202);
    expect(sandbox.traffic().map((record) => record.path)).toEqual(['/user/events', '/oauth2/login']);
    // Its own endpoints answer at the new address, where they check the Host header.
    expect((await fetch(`${sandbox.url}/_sandbox/requests`)).status).toBe(200);
  });

  it('refuses a port another program holds, and stays where it was', async () => {
    const sandbox = await startSandbox({ port: 0 });
    open.push(sandbox);
    const before = sandbox.url;
    const held = await squatter();
    await expect(sandbox.listenOn(held.port)).rejects.toMatchObject({ code: 'sandbox-port-taken', message: `Port ${held.port} is in use by another program.` });
    expect(sandbox.url).toBe(before);
    expect((await fetch(`${before}/_sandbox/requests`)).status).toBe(200);
  });
});
