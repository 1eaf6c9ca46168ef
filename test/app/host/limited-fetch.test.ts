import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitedFetch } from '../../../app/host/limited-fetch.ts';
import { FETCH_BODY_LIMIT } from '../../../app/host/protocol.ts';

/** A server that streams its answer without end (bounded here to 64 MB), and one with no body. */
let server: Server;
let url: string;
let streamed = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/empty') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json', 'X-Kind': 'endless' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const more = () => {
      while (streamed < 64 * 1024 * 1024 && !response.destroyed) {
        streamed += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      response.end();
    };
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the services thread's own fetch in a Node host", () => {
  it('keeps an answer to its first FETCH_BODY_LIMIT bytes and stops reading the rest, as the hop through the other thread does', async () => {
    const response = await limitedFetch(`${url}/endless`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-kind')).toBe('endless');
    expect((await response.arrayBuffer()).byteLength).toBe(FETCH_BODY_LIMIT);
    // The server was left long before its 64 MB.
    expect(streamed).toBeLessThan(16 * 1024 * 1024);
  });

  it('gives a status that has no body none', async () => {
    const response = await limitedFetch(`${url}/empty`);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });
});
