import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNetworkError } from '../../base/node/network-errors.ts';

/** Why a request got no answer, in words: from the errors Node's fetch really throws. */

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_, response) => response.end('plain'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function failureOf(url: string): Promise<unknown> {
  try {
    await fetch(url);
  } catch (error) {
    return error;
  }
  throw new Error(`${url} answered`);
}

describe('describeNetworkError', () => {
  it('says the scheme is likely wrong when https:// meets a port that speaks plain HTTP, not that the server was not trusted', async () => {
    const url = `https://127.0.0.1:${port}/oauth2/login`;
    const described = describeNetworkError(await failureOf(url), url, 10_000);
    expect(described.message).toBe(`127.0.0.1:${port} answered in plain HTTP, not HTTPS: the base URL likely should start with http://, not https://.`);
    expect(described.message).not.toContain('trust');
    // Node before its own code named it, and OpenSSL's other way of saying it.
    for (const cause of [
      { code: 'EPROTO', message: 'write EPROTO 1408F10B:SSL routines:ssl3_get_record:wrong version number' },
      { code: 'ERR_SSL_PACKET_LENGTH_TOO_LONG', message: 'packet length too long' },
    ]) {
      expect(describeNetworkError(new TypeError('fetch failed', { cause }), url, 10_000).message).toContain('likely should start with http://');
    }
  });

  it('still says a certificate is not trusted, and why', () => {
    const described = describeNetworkError(new TypeError('fetch failed', { cause: { code: 'CERT_HAS_EXPIRED' } }), 'https://api.example.com', 10_000);
    expect(described).toMatchObject({ code: 'tls', message: 'EventDesk did not trust api.example.com: its certificate has expired or is not valid yet.' });
  });
});
