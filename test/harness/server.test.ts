import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame } from './frame.ts';
import { startHarness, type Harness } from './server.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
}, 60_000);
afterAll(() => harness.close());

/** The part of the body sent before the answer is awaited: a page elsewhere would send the rest, up to the 130 MB the harness accepts. */
const SENT = 256 * 1024;
const DECLARED = 130 * 1024 * 1024;

describe('the harness', () => {
  it('refuses a call from another origin before reading its body, and answers at once while the client still sends', { timeout: 30_000 }, async () => {
    const { hostname, port } = new URL(harness.url);
    const answered = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const post = request({
        hostname,
        port,
        method: 'POST',
        path: '/__harness/ipc/app%3Ainfo',
        headers: { Origin: 'https://evil.example', 'Content-Length': String(DECLARED) },
      });
      const timer = setTimeout(() => reject(new Error('No answer while the body was still being sent: the harness waits to read it.')), 5000);
      post.on('response', (response) => {
        clearTimeout(timer);
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          post.destroy();
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') });
        });
      });
      // The rest of the declared body never comes; the socket closing under it is expected.
      post.on('error', () => undefined);
      post.write(Buffer.alloc(SENT, 0x61));
    });
    expect(answered.status).toBe(403);
    expect(decodeFrame(answered.body)).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
  });
});
