import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../shared/sandbox.ts';
import type { SandboxServer } from '../../../electron/sandbox/server.ts';
import { answer, authenticated, login, postJson, readUntilClosed, requestHead, socketTo, useSandbox } from './sandbox-client.ts';

const KIB = 1024;
const MIB = 1024 * KIB;

/** A connection whose request the test writes by hand, and everything the server sends back on it. */
interface HandWritten {
  socket: net.Socket;
  closed: ReturnType<typeof readUntilClosed>;
}

/** Opens a connection and sends a request head on it (with `Connection: close`, so the answer ends it). */
async function sendHead(sandbox: SandboxServer, headers: Record<string, string>, requestLine?: string): Promise<HandWritten> {
  const socket = await socketTo(sandbox);
  const closed = readUntilClosed(socket);
  socket.write(requestHead(new URL(sandbox.url).host, { ...headers, Connection: 'close' }, requestLine));
  return { socket, closed };
}

describe('credentials are checked before the body is read', () => {
  it.each([
    ['no API key', {}, 403, 'missing-api-key'],
    ['a wrong API key', { apiKey: 'not-the-key' }, 403, 'unknown-api-key'],
    ['the API key but no token', { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey }, 401, 'missing-token'],
    ['a token this server never issued', { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: 'Bearer made-up' }, 401, 'unknown-token'],
  ])('%s is answered at once, without waiting for the body the request announced', async (_, credentials, status, error) => {
    const sandbox = await useSandbox({ bodyTimeoutMs: 5000 });
    const { closed } = await sendHead(sandbox, { ...credentials, 'Content-Type': 'application/json', 'Content-Length': String(MIB) });
    const { text, elapsedMs } = await closed;
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text).toContain('Connection: close');
    expect(text).toContain(`"error":"${error}"`);
    expect(elapsedMs).toBeLessThan(2000);
    expect(sandbox.traffic()[0]).toMatchObject({ path: '/user/events', body: { text: '', bytes: MIB, truncated: true }, response: { status } });
  });

  it('a body not sent as JSON is answered 415 at once, at login too', async () => {
    const sandbox = await useSandbox({ bodyTimeoutMs: 5000 });
    const headers = await authenticated(sandbox);
    for (const [requestLine, credentials] of [['POST /user/events', headers], ['POST /oauth2/login', {}]] as const) {
      const { closed } = await sendHead(sandbox, { ...credentials, 'Content-Type': 'text/plain', 'Content-Length': '1000' }, requestLine);
      const { text, elapsedMs } = await closed;
      expect(text).toMatch(/^HTTP\/1\.1 415 /);
      expect(elapsedMs).toBeLessThan(2000);
    }
  });

  it('an HTTP client sending a 1 MB body without credentials reads the 403, not a reset', async () => {
    const sandbox = await useSandbox();
    expect(await answer(postJson(`${sandbox.url}/user/events`, ' '.repeat(MIB)))).toEqual({
      status: 403,
      body: { error: 'missing-api-key', message: 'The apiKey header is missing.' },
    });
    await expect(login(sandbox)).resolves.toMatchObject({ token_type: 'Bearer' });
  });
});
