import { readFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { login, parseTokenResponse } from '../../../features/environments/node/auth.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(listener: RequestListener, tls = false): Promise<string> {
  const fixtures = path.resolve(import.meta.dirname, '../../fixtures/tls');
  const server = tls
    ? createTlsServer({ key: await readFile(path.join(fixtures, 'self-signed.key')), cert: await readFile(path.join(fixtures, 'self-signed.crt')) }, listener)
    : createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const answer =
  (status: number, body: string, type = 'application/json'): RequestListener =>
  (_request, response) => {
    response.writeHead(status, { 'Content-Type': type });
    response.end(body);
  };

function attempt(baseUrl: string, timeoutMs = 5_000) {
  return login({ fetch, baseUrl, username: 'qa', password: 'p4ssw0rd-secret', timeZone: 'UTC', timeoutMs });
}

const now = new Date('2026-11-22T10:00:00Z');
const good = { access_token: 'a'.repeat(40), refresh_token: 'r'.repeat(40), expires_in: '2026-11-22 11:00:00', token_type: 'Bearer' };

describe('reading the token response', () => {
  it('reads expires_in as a date-time in the environment zone', () => {
    expect(parseTokenResponse(good, 'UTC', now, '').expiresAt.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    expect(parseTokenResponse(good, 'Europe/Berlin', now, '').expiresAt.toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(parseTokenResponse(good, 'UTC', now, '').expiresReadAs).toBe('date-time');
  });

  it('accepts a number of seconds instead, and says so', () => {
    for (const expires_in of [3600, '3600']) {
      const grant = parseTokenResponse({ ...good, expires_in }, 'UTC', now, '');
      expect(grant).toMatchObject({ expiresReadAs: 'seconds', expiresText: '3600' });
      expect(grant.expiresAt.toISOString()).toBe('2026-11-22T11:00:00.000Z');
    }
  });

  it.each([
    [{ ...good, access_token: undefined }, /access_token: missing/],
    [{ ...good, refresh_token: '' }, /refresh_token is empty/],
    [{ ...good, token_type: 'MAC' }, /token_type "MAC"/],
    [{ ...good, expires_in: 'tomorrow' }, /expires_in "tomorrow" is neither/],
    [{ ...good, expires_in: '2026-02-30 10:00:00' }, /neither a date-time/],
    [[good], /not a token response/],
  ])('refuses a malformed token response clearly (%#)', (json, message) => {
    expect(() => parseTokenResponse(json, 'UTC', now, 'raw answer')).toThrow(message);
    try {
      parseTokenResponse(json, 'UTC', now, 'raw answer');
    } catch (error) {
      expect(error).toMatchObject({ code: 'bad-token-response', detail: 'raw answer' });
    }
  });
});

describe('logging in over HTTP', () => {
  it('tells wrong credentials apart, and never echoes the password', async () => {
    const url = await serve(answer(401, '{"error":"invalid_credentials","echo":"p4ssw0rd-secret"}'));
    const error = await attempt(url).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'wrong-credentials' });
    expect(JSON.stringify(error) + String((error as Error).message) + (error as { detail: string }).detail).not.toContain('p4ssw0rd-secret');
  });

  it('names a server error', async () => {
    await expect(attempt(await serve(answer(503, 'down')))).rejects.toMatchObject({ code: 'server-error', message: expect.stringContaining('503') });
  });

  it('names an answer that is not JSON, keeping the raw answer', async () => {
    const error = await attempt(await serve(answer(200, '<html>login page</html>', 'text/html'))).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'login-not-json', message: expect.stringContaining('text/html') });
    expect((error as { detail: string }).detail).toContain('<html>login page</html>');
  });

  it('keeps tokens out of the raw answer of a malformed token response', async () => {
    const error = await attempt(await serve(answer(200, JSON.stringify({ ...good, token_type: 'MAC' })))).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'bad-token-response' });
    expect((error as { detail: string }).detail).not.toContain('a'.repeat(40));
  });

  it('says nothing listens when the connection is refused', async () => {
    const url = await serve(answer(200, '{}'));
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(attempt(url)).rejects.toMatchObject({ code: 'unreachable', message: expect.stringContaining('refused') });
  });

  it('says the host name could not be found', async () => {
    await expect(attempt('http://no-such-host.invalid')).rejects.toMatchObject({ code: 'unreachable', message: expect.stringContaining('DNS') });
  });

  it('explains a self-signed certificate in words', async () => {
    const url = await serve(answer(200, JSON.stringify(good)), true);
    await expect(attempt(url)).rejects.toMatchObject({ code: 'tls', message: expect.stringContaining('not signed by an authority this computer trusts') });
  });

  it('stops reading an answer far larger than any token response', async () => {
    const url = await serve((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(Buffer.alloc(3 * 1024 * 1024, 0x20));
    });
    await expect(attempt(url)).rejects.toMatchObject({ code: 'login-answer-too-large' });
  });

  it('gives up after the timeout', async () => {
    const url = await serve(() => undefined);
    await expect(attempt(url, 300)).rejects.toMatchObject({ code: 'timeout', message: expect.stringContaining('did not answer') });
  });
});
