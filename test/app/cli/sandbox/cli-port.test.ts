import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readSandboxFlags, SANDBOX_USAGE } from '../../../../app/cli/sandbox/sandbox-flags.ts';
import { DEFAULT_SANDBOX_PORT } from '../../../../features/sandbox/common/sandbox-port.ts';
import { freePort } from '../../../fixtures/free-port.ts';
import { runSandbox, spawnSandbox } from './cli-process.ts';

/** `eventdesk sandbox`'s port by the app's rules: the same default, range and fallback; a port named and taken stops it. */

const held: Server[] = [];
afterEach(async () => {
  for (const server of held.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** Another program on loopback holding `port`; false when one already holds it (which serves the test as well). */
async function hold(port: number): Promise<void> {
  const server = createServer((_request, response) => response.end('not the sandbox'));
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false)).listen(port, '127.0.0.1', () => resolve(true));
  });
  if (listening) held.push(server);
}

describe('eventdesk sandbox --port', () => {
  it("defaults to the app's port, takes 0 for any free one, and refuses what the app refuses", () => {
    expect(readSandboxFlags([])).toMatchObject({ ok: true, portNamed: false, options: { port: DEFAULT_SANDBOX_PORT } });
    expect(readSandboxFlags(['--port', '0'])).toMatchObject({ ok: true, portNamed: true, options: { port: 0 } });
    expect(readSandboxFlags(['--port', '4900'])).toMatchObject({ ok: true, portNamed: true, options: { port: 4900 } });
    expect(readSandboxFlags(['--port', '80'])).toEqual({ ok: false, message: expect.stringContaining('below 1024 only privileged programs may listen') });
    expect(SANDBOX_USAGE).toContain(`(default ${DEFAULT_SANDBOX_PORT}, the app's;`);
  });

  it('with no --port and the default taken, listens on a nearby free port and says so on standard error', async () => {
    await hold(DEFAULT_SANDBOX_PORT);
    const sandbox = await runSandbox([], { asUserRunsIt: true });
    const port = Number(new URL(sandbox.url).port);
    expect(port).not.toBe(DEFAULT_SANDBOX_PORT);
    expect(sandbox.stderr()).toMatch(new RegExp(`^eventdesk sandbox: Ports? ${DEFAULT_SANDBOX_PORT} .*in use; the sandbox listens on ${port}\\.\\n`));
    const login = await fetch(`${sandbox.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username":"demo","password":"demo-password"}',
    });
    expect(login.status).toBe(200);
  });

  it('with the port named and taken, stops with exit code 1 and says what to do', async () => {
    const port = await freePort();
    await hold(port);
    const sandbox = spawnSandbox(['--port', String(port)]);
    expect(await sandbox.exited).toEqual({ code: 1, signal: null });
    expect(sandbox.stderr()).toBe(`eventdesk sandbox: Port ${port} is in use by another program. Name another with --port, or --port 0 for any free one.\n`);
  });
});
