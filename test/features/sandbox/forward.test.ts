import { readFile } from 'node:fs/promises';
import { request, type IncomingMessage } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { failedBecause } from '../../../features/sandbox/server/forward-upstream.ts';
import { SandboxRequestRecordSchema } from '../../../features/sandbox/common/sandbox.ts';
import { answer, postJson, useSandbox, validEvent } from './sandbox-client.ts';
import { closedPort, httpUpstream, rawUpstream, recordingUpstream } from './upstreams.ts';

/**
 * The sandbox as a recording proxy (`forward`): real upstreams over loopback, a real sandbox
 * among them, and what the SDK gets, what the upstream gets and what the traffic keeps.
 */

const UPSTREAM_ACCOUNT = { username: 'upstream-user', password: 'upstream-password-7f3a9c' };
const UPSTREAM_API_KEY = 'upstream-api-key-5b8e2d41';

/** A real sandbox as the upstream, with an account and key the forwarding sandbox does not have. */
async function upstreamSandbox() {
  return useSandbox({ users: [UPSTREAM_ACCOUNT], apiKeys: [UPSTREAM_API_KEY] });
}

async function forwardingTo(url: string, timeoutMs = 5000) {
  return useSandbox({ forward: { url, timeoutMs } });
}

/** The parts of an answer a client reads: status, the headers that matter, the body's bytes. */
async function exchange(response: Promise<Response>) {
  const settled = await response;
  const { status } = settled;
  const headers = Object.fromEntries(['content-type', 'cache-control', 'www-authenticate', 'retry-after'].map((name) => [name, settled.headers.get(name)]));
  return { status, headers, body: await settled.text() };
}

describe('a forwarding sandbox', () => {
  it('passes a login and a batch to the upstream with the SDK’s own credentials, and gives back exactly what the upstream answers', async () => {
    const upstream = await upstreamSandbox();
    const forwarder = await forwardingTo(upstream.url);

    const loggedIn = await exchange(postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT));
    expect(loggedIn.status).toBe(200);
    const tokens = JSON.parse(loggedIn.body) as { access_token: string; expires_in: string };
    // The token the SDK got through the forwarder is the upstream's: the upstream takes it directly.
    const headers = { apiKey: UPSTREAM_API_KEY, Authorization: `Bearer ${tokens.access_token}` };
    const batch = [validEvent(), validEvent({ customer_id: 'customer-2' })];
    const direct = await exchange(postJson(`${upstream.url}/user/events`, batch, headers));
    const forwarded = await exchange(postJson(`${forwarder.url}/user/events`, batch, headers));
    expect(direct).toEqual({ status: 202, headers: expect.anything(), body: '{"accepted":2}' });
    expect(forwarded).toEqual(direct);

    // What the upstream refuses, it refuses through the forwarder alike: a wrong password, a missing token.
    const wrongPassword = { ...UPSTREAM_ACCOUNT, password: 'not-it' };
    expect(await exchange(postJson(`${forwarder.url}/oauth2/login`, wrongPassword))).toEqual(
      await exchange(postJson(`${upstream.url}/oauth2/login`, wrongPassword)),
    );
    const noToken = await exchange(postJson(`${forwarder.url}/user/events`, batch, { apiKey: UPSTREAM_API_KEY }));
    expect(noToken).toEqual(await exchange(postJson(`${upstream.url}/user/events`, batch, { apiKey: UPSTREAM_API_KEY })));
    expect(noToken.headers['www-authenticate']).toMatch(/^Bearer/);

    expect(upstream.traffic().map((record) => [record.path, record.response?.status])).toEqual([
      ['/user/events', 401],
      ['/user/events', 401],
      ['/oauth2/login', 401],
      ['/oauth2/login', 401],
      ['/user/events', 202],
      ['/user/events', 202],
      ['/oauth2/login', 200],
    ]);
  });

  it('passes the upstream’s 422 on as the upstream wrote it', async () => {
    const upstream = await upstreamSandbox();
    const forwarder = await forwardingTo(upstream.url);
    const { access_token } = JSON.parse((await exchange(postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT))).body) as { access_token: string };
    const headers = { apiKey: UPSTREAM_API_KEY, Authorization: `Bearer ${access_token}` };
    const invalid = [validEvent(), validEvent({ created_at: 'yesterday', extra: 1 })];
    const forwarded = await exchange(postJson(`${forwarder.url}/user/events`, invalid, headers));
    expect(forwarded.status).toBe(422);
    expect(forwarded).toEqual(await exchange(postJson(`${upstream.url}/user/events`, invalid, headers)));
    expect(forwarder.traffic()[0]).toMatchObject({
      response: { status: 422, body: { text: forwarded.body } },
      forwarded: { status: 422, failure: null, events: 2 },
    });
  });

  it('sends the request as received: method, base path and target, headers but hop-by-hop ones, body bytes', async () => {
    const upstream = await recordingUpstream(() => ({
      status: 201,
      headers: { 'Content-Type': 'text/plain', 'X-Upstream': 'yes', 'Keep-Alive': 'timeout=77' },
      body: 'made',
    }));
    const forwarder = await forwardingTo(`${upstream.url}/api/v2/`);
    const body = '[ {"token": "t"} ]\n';
    // node:http, not fetch: fetch sends no Connection header of its own choosing.
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const headers = {
        'Content-Type': 'application/json; charset=utf-8',
        'X-Trace': 'abc',
        Connection: 'keep-alive, X-Hop',
        'X-Hop': 'for-the-next-hop-only',
        'Transfer-Encoding': 'chunked',
      };
      request(`${forwarder.url}/user/events?source=sdk&page=2`, { method: 'PUT', headers }, resolve).on('error', reject).end(body);
    });
    const answered = await new Promise<string>((resolve) => {
      let text = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => resolve(text));
    });
    expect({
      status: response.statusCode,
      type: response.headers['content-type'],
      upstream: response.headers['x-upstream'],
      keepAlive: response.headers['keep-alive'],
      body: answered,
    }).toEqual({
      status: 201,
      type: 'text/plain',
      upstream: 'yes',
      // The upstream's Keep-Alive is about its connection with the sandbox; the SDK's connection has the sandbox's own.
      keepAlive: 'timeout=5',
      body: 'made',
    });

    const [received] = upstream.received;
    expect(received).toMatchObject({ method: 'PUT', url: '/api/v2/user/events?source=sdk&page=2', body: Buffer.from(body) });
    expect(received!.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-trace': 'abc',
      'content-length': String(Buffer.byteLength(body)),
      host: new URL(upstream.url).host,
    });
    expect(received!.headers['x-hop']).toBeUndefined();
    expect(received!.headers['transfer-encoding']).toBeUndefined();
    expect(forwarder.traffic()[0]?.forwarded).toMatchObject({
      url: `${upstream.url}/api/v2/user/events?source=sdk&page=2`,
      status: 201,
      failure: null,
      events: 1,
    });
  });

  it('passes an upstream’s 5xx and a body that is not JSON on unchanged: it is what the service said', async () => {
    const upstream = await recordingUpstream(() => ({
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
      body: '{"oops": <html>',
    }));
    const forwarder = await forwardingTo(upstream.url);
    const forwarded = await exchange(postJson(`${forwarder.url}/user/events`, [validEvent()]));
    expect(forwarded).toEqual({
      status: 503,
      headers: { 'content-type': 'application/json', 'cache-control': null, 'www-authenticate': null, 'retry-after': '7' },
      body: '{"oops": <html>',
    });
    expect(forwarder.traffic()[0]).toMatchObject({ response: { status: 503, body: { text: '{"oops": <html>' } }, forwarded: { status: 503, failure: null } });
  });

  it('still adds the latency of its fault injection, but forces no failure: the upstream answers', async () => {
    const upstream = await recordingUpstream(() => ({ status: 202, body: '{"accepted":1}' }));
    const forwarder = await useSandbox({ forward: { url: upstream.url, timeoutMs: 5000 }, faults: { latencyMs: 150, failSequence: [500] } });
    const started = performance.now();
    expect(await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]))).toEqual({ status: 202, body: { accepted: 1 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(forwarder.faults().failSequence).toEqual([500]);
  });

  it('keeps its own limits: a body over --max-body is refused here and never reaches the upstream', async () => {
    const upstream = await recordingUpstream(() => ({ status: 202 }));
    const forwarder = await useSandbox({ forward: { url: upstream.url, timeoutMs: 5000 }, maxBodyBytes: 1024 });
    expect(await answer(postJson(`${forwarder.url}/user/events`, [validEvent({ attributes: { note: 'x'.repeat(2000) } })]))).toMatchObject({
      status: 413,
      body: { error: 'body-too-large' },
    });
    expect(upstream.received).toEqual([]);
    expect(forwarder.traffic()[0]).toMatchObject({ response: { status: 413 } });
    expect(forwarder.traffic()[0]).not.toHaveProperty('forwarded');
  });

  it('counts the upstream’s answers in the bytes it holds at once, and answers 503 rather than go past them', async () => {
    const upstream = await recordingUpstream(() => ({
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(8000) }),
    }));
    const forwarder = await useSandbox({ forward: { url: upstream.url, timeoutMs: 5000 }, maxBodyBytes: 1024, bodyBufferBytes: 4096 });
    const response = await postJson(`${forwarder.url}/user/events`, [validEvent()]);
    expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toMatchObject({
      status: 503,
      retryAfter: '1',
      body: { error: 'bodies-over-budget' },
    });
    expect(forwarder.load().bodyBytes).toBe(0);
    expect(forwarder.traffic()[0]?.forwarded).toMatchObject({ status: null, failure: 'bodies-over-budget' });
  });

  it('keeps its connection to the upstream alive from one request to the next', async () => {
    let connections = 0;
    const url = await httpUpstream(
      (request, response) => request.resume().on('end', () => response.end('{}')),
      () => connections++,
    );
    const forwarder = await forwardingTo(url);
    for (let sent = 0; sent < 5; sent++) expect((await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]))).status).toBe(200);
    expect(connections).toBe(1);
  });

  it('keeps the sandbox’s own tools local', async () => {
    const upstream = await recordingUpstream(() => ({ status: 200 }));
    const forwarder = await forwardingTo(upstream.url);
    await postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT);
    const listed = await answer(fetch(`${forwarder.url}/_sandbox/requests`));
    expect(listed).toMatchObject({ status: 200, body: [{ path: '/oauth2/login' }] });
    expect(upstream.received.map((request) => request.url)).toEqual(['/oauth2/login']);
  });
});

describe('a forwarding sandbox whose upstream fails', () => {
  it('answers 502 upstream-unreachable at once when nothing listens upstream, and records the request', async () => {
    const url = await closedPort();
    const forwarder = await forwardingTo(url);
    const started = performance.now();
    const failed = await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(failed).toEqual({
      status: 502,
      body: {
        error: 'upstream-unreachable',
        message: `The upstream ${new URL(url).host} refused the connection: nothing listens there; the request was recorded.`,
      },
    });
    const [record] = forwarder.traffic();
    expect(record).toMatchObject({
      body: { text: JSON.stringify([validEvent()]) },
      response: { status: 502 },
      forwarded: { status: null, failure: 'upstream-unreachable', events: 1 },
    });
  });

  it('answers 502 upstream-timeout when the upstream does not answer within the timeout', async () => {
    const url = await httpUpstream(() => undefined);
    const forwarder = await forwardingTo(url, 200);
    const started = performance.now();
    const failed = await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(195);
    expect(elapsed).toBeLessThan(2000);
    expect(failed).toEqual({
      status: 502,
      body: { error: 'upstream-timeout', message: `The upstream ${new URL(url).host} did not answer within 200 ms; the request was recorded.` },
    });
    expect(forwarder.traffic()[0]?.forwarded).toMatchObject({ status: null, failure: 'upstream-timeout' });
  });

  it('answers 502 upstream-timeout when the upstream’s answer trickles in past the timeout', async () => {
    const url = await rawUpstream((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
      const drip = setInterval(() => socket.write(' '), 20);
      socket.once('close', () => clearInterval(drip));
    });
    const forwarder = await forwardingTo(url, 200);
    const started = performance.now();
    expect(await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]))).toMatchObject({ status: 502, body: { error: 'upstream-timeout' } });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('answers 502 upstream-not-http when the upstream answers with something that is not HTTP', async () => {
    const url = await rawUpstream((socket) => socket.end('220 mail.example.com ESMTP ready\r\n\r\n'));
    const forwarder = await forwardingTo(url);
    const failed = await answer(postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT));
    expect(failed).toMatchObject({
      status: 502,
      body: { error: 'upstream-not-http', message: expect.stringMatching(/^The upstream 127\.0\.0\.1:\d+ answered with something that is not HTTP/) },
    });
    expect(forwarder.traffic()[0]?.forwarded).toMatchObject({ failure: 'upstream-not-http' });
  });

  it('answers 502 upstream-reset when the upstream hangs up in the middle of its answer', async () => {
    const url = await rawUpstream((socket) => {
      socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"accep');
      setTimeout(() => socket.destroy(), 20);
    });
    const forwarder = await forwardingTo(url);
    expect(await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]))).toMatchObject({ status: 502, body: { error: 'upstream-reset' } });
  });

  it('answers 502 upstream-answer-too-large rather than hold an answer past the limit', async () => {
    const url = await httpUpstream((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(Buffer.alloc(9 * 1024 * 1024, 0x20));
    });
    const forwarder = await forwardingTo(url);
    expect(await answer(postJson(`${forwarder.url}/user/events`, [validEvent()]))).toMatchObject({ status: 502, body: { error: 'upstream-answer-too-large' } });
  });

  it('answers 502 upstream-tls when the upstream’s certificate is not trusted', async () => {
    const fixtures = path.resolve(import.meta.dirname, '../../fixtures/tls');
    const server = createTlsServer(
      { key: await readFile(path.join(fixtures, 'self-signed.key')), cert: await readFile(path.join(fixtures, 'self-signed.crt')) },
      (_request, response) => response.end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const forwarder = await forwardingTo(`https://127.0.0.1:${(server.address() as AddressInfo).port}`);
    expect(await answer(postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT))).toMatchObject({
      status: 502,
      body: { error: 'upstream-tls', message: expect.stringContaining('certificate is not trusted here') },
    });
  });
});

describe('why the upstream gave no answer', () => {
  // Those the tests above cannot cause over loopback alone: a DNS lookup, a network without a route.
  it.each([
    ['ENOTFOUND', 'upstream-unreachable', 'is a host name that DNS does not know'],
    ['EAI_AGAIN', 'upstream-unreachable', 'is a host name that DNS does not know'],
    ['EHOSTUNREACH', 'upstream-unreachable', 'cannot be reached (EHOSTUNREACH)'],
    ['CERT_HAS_EXPIRED', 'upstream-tls', 'refused a secure connection, or its certificate is not trusted here (CERT_HAS_EXPIRED)'],
    ['EPIPE', 'upstream-reset', 'closed the connection without answering'],
  ])('%s is %s', (code, failure, reason) => {
    expect(failedBecause(Object.assign(new Error('failed'), { code }))).toEqual({ failure, reason });
  });
});

describe('the traffic of a forwarding sandbox', () => {
  it('records each exchange with its forwarded part and masks the SDK’s password, tokens and API key everywhere', async () => {
    const upstream = await upstreamSandbox();
    const forwarder = await forwardingTo(upstream.url);
    const loggedIn = await postJson(`${forwarder.url}/oauth2/login`, UPSTREAM_ACCOUNT);
    const tokens = (await loggedIn.json()) as { access_token: string; refresh_token: string };
    const headers = { apiKey: UPSTREAM_API_KEY, Authorization: `Bearer ${tokens.access_token}` };
    await postJson(`${forwarder.url}/user/events?access_token=${tokens.access_token}`, [validEvent(), validEvent(), validEvent()], headers);
    // An upstream that echoes a secret back (here the sandbox's own 401 does not; a real one may).
    await postJson(`${forwarder.url}/user/events`, [validEvent()], { ...headers, Authorization: `Bearer ${tokens.refresh_token}` });

    const records = forwarder.traffic();
    expect(() => SandboxRequestRecordSchema.array().parse(records)).not.toThrow();
    const kept = JSON.stringify(records) + (await (await fetch(`${forwarder.url}/_sandbox/requests`)).text());
    for (const secret of [UPSTREAM_ACCOUNT.password, UPSTREAM_API_KEY, tokens.access_token, tokens.refresh_token])
      expect(kept.includes(secret), `the traffic holds ${secret}`).toBe(false);

    const [refused, accepted, login] = records;
    expect(login).toMatchObject({
      path: '/oauth2/login',
      body: { text: `{"username":"${UPSTREAM_ACCOUNT.username}","password":"••••"}` },
      response: { status: 200, body: { text: expect.stringContaining('"access_token":"••••","refresh_token":"••••"') } },
      forwarded: { url: `${upstream.url}/oauth2/login`, status: 200, failure: null, events: null },
    });
    expect(login!.forwarded!.durationMs).toBeGreaterThan(0);
    expect(accepted).toMatchObject({
      headers: { apikey: '••••2d41', authorization: 'Bearer ••••' },
      response: { status: 202, body: { text: '{"accepted":3}' } },
      forwarded: { url: `${upstream.url}/user/events?access_token=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2`, status: 202, events: 3 },
    });
    expect(refused).toMatchObject({ response: { status: 401 }, forwarded: { status: 401 } });
  });

  it('masks a secret the upstream echoes back, and shows a compressed answer decoded while the SDK gets its bytes', async () => {
    const apiKey = 'sdk-api-key-0f9e8d7c';
    const echoed = `{"error":"unknown api key ${apiKey}"}`;
    const upstream = await recordingUpstream(() => ({
      status: 403,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: gzipSync(echoed),
    }));
    const forwarder = await forwardingTo(upstream.url);
    const response = await fetch(`${forwarder.url}/user/events`, {
      method: 'POST',
      headers: { apiKey, 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: '[]',
    });
    // fetch decodes the gzip the upstream sent, unchanged by the forwarder.
    expect({ status: response.status, encoding: response.headers.get('content-encoding'), body: await response.text() }).toEqual({
      status: 403,
      encoding: 'gzip',
      body: echoed,
    });
    expect(forwarder.traffic()[0]?.response?.body.text).toBe('{"error":"unknown api key ••••"}');
  });
});

describe('the forward option', () => {
  it.each([
    ['api.example.com', 'is not an absolute URL'],
    ['ftp://files.example.com', 'must be an http or https URL, not ftp'],
    ['https://sdk:hunter2@api.example.com', 'must not hold a username or password'],
    ['https://api.example.com/?key=1', 'must not hold a query or a fragment'],
  ])('refuses %s as an upstream, saying why', async (url, why) => {
    await expect(forwardingTo(url)).rejects.toMatchObject({ code: 'sandbox-options', message: expect.stringContaining(`forward.url: `) });
    await expect(forwardingTo(url)).rejects.toMatchObject({ message: expect.stringContaining(why) });
  });
});
