import http from 'node:http';
import type net from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import type { SandboxServer } from '../../../features/sandbox/server/server.ts';
import { answer, authenticated, flood, login, postJson, readUntilClosed, requestHead, sendEvents, socketTo, useSandbox } from './sandbox-client.ts';

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

/** The highest `bodyBytes` the sandbox reports while `work` runs, sampled every millisecond. */
async function peakBodyBytes(sandbox: SandboxServer, work: () => Promise<unknown>): Promise<number> {
  let peak = 0;
  const sample = setInterval(() => (peak = Math.max(peak, sandbox.load().bodyBytes)), 1);
  try {
    await work();
  } finally {
    clearInterval(sample);
  }
  return Math.max(peak, sandbox.load().bodyBytes);
}

/**
 * One GET on a connection of its own, kept alive after the answer and never reused, as a client
 * with a new keep-alive agent per request does (Bruno's CLI): its status, and the socket left open.
 */
function keptAlive(sandbox: SandboxServer): Promise<{ status: number; socket: net.Socket }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  onTestFinished(() => agent.destroy());
  return new Promise((resolve, reject) => {
    const request = http.get(`${sandbox.url}/_sandbox/faults`, { agent }, (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket! }));
    });
    request.once('error', reject);
  });
}

function chunk(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
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
    for (const [requestLine, credentials] of [
      ['POST /user/events', headers],
      ['POST /oauth2/login', {}],
    ] as const) {
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

  it('100 connections each pushing 1 MB without credentials all get 403, and no byte of their bodies is buffered', async () => {
    const sandbox = await useSandbox();
    const head = { 'Content-Type': 'application/json', 'Content-Length': String(MIB) };
    const peak = await peakBodyBytes(sandbox, async () => {
      const connections = await Promise.all(Array.from({ length: 100 }, () => sendHead(sandbox, head)));
      await Promise.all(connections.map(({ socket }) => flood(socket, MIB, false)));
      const answers = await Promise.all(connections.map(({ closed }) => closed));
      expect(answers.map(({ text }) => text.split('\r\n')[0])).toEqual(Array(100).fill('HTTP/1.1 403 Forbidden'));
    });
    expect(peak).toBe(0);
  });
});

describe('the bodies buffered across all connections', () => {
  it('stay within the buffer: a body that does not fit gets 503 with Retry-After, and the room comes back', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', maxBodyBytes: 64 * KIB, bodyBufferBytes: 256 * KIB });
    const headers = { ...(await authenticated(sandbox)), 'Content-Type': 'application/json', 'Content-Length': String(64 * KIB) };
    // Four clients each announce a body of the largest size and send only its first byte.
    const holding = await Promise.all(Array.from({ length: 4 }, () => sendHead(sandbox, headers)));
    for (const { socket } of holding) socket.write('[');
    await expect.poll(() => sandbox.load().bodyBytes).toBe(256 * KIB);

    const fifth = await sendHead(sandbox, headers);
    fifth.socket.write('[');
    const { text } = await fifth.closed;
    expect(text).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(text).toContain('Retry-After: 1\r\n');
    expect(text).toContain('Connection: close\r\n');
    expect(text).toContain(
      `{"error":"bodies-over-budget","message":"The sandbox holds as many request bodies as it buffers at once (${256 * KIB} bytes). Try again in 1 s."}`,
    );
    expect(sandbox.load().bodyBytes).toBe(256 * KIB);

    // One client finishes its body: it is answered, and its room goes to the next request.
    holding[0]!.socket.write('1]'.padEnd(64 * KIB - 1, ' '));
    expect((await holding[0]!.closed).text).toMatch(/^HTTP\/1\.1 202 /);
    expect((await sendEvents(sandbox, [1])).status).toBe(202);

    // Clients that go away mid-body give their room back too.
    for (const { socket } of holding) socket.destroy();
    await expect.poll(() => sandbox.load().bodyBytes).toBe(0);
  });

  it('count a body of no announced length as it arrives, and refuse it once it no longer fits', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', maxBodyBytes: 64 * KIB, bodyBufferBytes: 100 * KIB });
    const headers = { ...(await authenticated(sandbox)), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
    const holding = await Promise.all(Array.from({ length: 2 }, () => sendHead(sandbox, headers)));
    for (const { socket } of holding) socket.write(chunk('['.padEnd(48 * KIB, ' ')));
    await expect.poll(() => sandbox.load().bodyBytes).toBe(96 * KIB);

    const third = await sendHead(sandbox, headers);
    third.socket.write(chunk('['.padEnd(8 * KIB, ' ')));
    expect((await third.closed).text).toMatch(/^HTTP\/1\.1 503 [^]*"error":"bodies-over-budget"/);
    expect(sandbox.load().bodyBytes).toBe(96 * KIB);
  });

  it('default to 16 of the largest bodies, and must hold at least one', async () => {
    const sandbox = await useSandbox({ maxBodyBytes: 2 * MIB });
    expect(sandbox.options.bodyBufferBytes).toBe(32 * MIB);
    await expect(useSandbox({ maxBodyBytes: 2 * MIB, bodyBufferBytes: MIB })).rejects.toThrow(
      'Invalid sandbox options: bodyBufferBytes: Must be at least the largest body taken (2097152 bytes), or no such body could be read.',
    );
  });
});

describe('the connections open at once', () => {
  it('are capped: past the cap a request gets 503 with Retry-After, and once one closes the next is served', async () => {
    const sandbox = await useSandbox({ maxConnections: 3 });
    const idle = await Promise.all(Array.from({ length: 3 }, () => socketTo(sandbox)));
    await expect.poll(() => sandbox.load().connections).toBe(3);

    const refused = await fetch(`${sandbox.url}/_sandbox/faults`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({ error: 'too-many-connections', message: 'The sandbox has 3 connections open, its limit. Try again in 1 s.' });

    idle[0]!.destroy();
    await expect.poll(() => sandbox.load().connections).toBe(2);
    await expect(login(sandbox)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('count a connection kept alive after its answer only until a new one needs its room: the longest idle is closed first', async () => {
    const sandbox = await useSandbox({ maxConnections: 3 });
    const kept = await Promise.all(Array.from({ length: 3 }, () => keptAlive(sandbox)));
    expect(kept.map(({ status }) => status)).toEqual([200, 200, 200]);
    await expect.poll(() => sandbox.load().connections).toBe(3);

    const next = await keptAlive(sandbox);
    expect(next.status).toBe(200);
    await expect.poll(() => kept[0]!.socket.destroyed).toBe(true);
    expect(kept.slice(1).map(({ socket }) => socket.destroyed)).toEqual([false, false]);
  });

  it('still hold out a new client when each holds a request in flight', async () => {
    const sandbox = await useSandbox({ maxConnections: 3 });
    const head = { 'Content-Type': 'application/json', 'Content-Length': '1000' };
    // Three logins that announce a body and send its first byte only: each holds its request.
    const holding = await Promise.all(Array.from({ length: 3 }, () => sendHead(sandbox, head, 'POST /oauth2/login')));
    for (const { socket } of holding) socket.write('{');
    await expect.poll(() => sandbox.load().bodyBytes).toBe(3000);

    const fourth = await sendHead(sandbox, {}, 'GET /_sandbox/faults');
    expect((await fourth.closed).text).toMatch(/^HTTP\/1\.1 503 [^]*"error":"too-many-connections"/);
    expect(holding.map(({ socket }) => socket.destroyed)).toEqual([false, false, false]);
  });

  it('answer a client that opens a new connection for each of 300 requests and leaves each open, with the defaults', async () => {
    const sandbox = await useSandbox();
    const statuses: number[] = [];
    const sockets: net.Socket[] = [];
    for (let request = 0; request < 300; request++) {
      const { status, socket } = await keptAlive(sandbox);
      statuses.push(status);
      sockets.push(socket);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(sandbox.load().connections).toBeLessThanOrEqual(128);
    expect(sockets.filter((socket) => !socket.destroyed).length).toBeGreaterThanOrEqual(100);
  });

  it('past twice the cap are closed unanswered, so a flood of them cannot use up file descriptors', async () => {
    const sandbox = await useSandbox({ maxConnections: 2 });
    await Promise.all(Array.from({ length: 4 }, () => socketTo(sandbox)));
    await expect.poll(() => sandbox.load().connections).toBe(4);
    const { socket, closed } = await sendHead(sandbox, {}, 'GET /_sandbox/faults');
    expect((await closed).text).toBe('');
    expect(socket.destroyed).toBe(true);
    expect(sandbox.load().connections).toBe(4);
  });

  it('default to 128', async () => {
    const sandbox = await useSandbox();
    expect(sandbox.options.maxConnections).toBe(128);
  });
});
