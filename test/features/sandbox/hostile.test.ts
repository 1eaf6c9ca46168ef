import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../base/common/json-nesting.ts';
import { answer, authenticated, flood, login, readUntilClosed, requestHead, sendEvents, socketTo, useSandbox } from './sandbox-client.ts';

const MIB = 1024 * 1024;

describe('a hostile client', () => {
  it('sending a 100 MB body without a length is answered 413 and cut off long before the end', async () => {
    const sandbox = await useSandbox();
    const headers = await authenticated(sandbox);
    const socket = await socketTo(sandbox);
    const closed = readUntilClosed(socket);
    socket.write(requestHead(new URL(sandbox.url).host, { ...headers, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }));
    const written = await flood(socket, 100 * MIB, true);
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 413 Payload Too Large\r\n/);
    expect(text).toContain('Connection: close');
    expect(text).toContain('{"error":"body-too-large","message":"The body is over the limit of 1048576 bytes."}');
    expect(written).toBeLessThan(20 * MIB);
    expect(sandbox.traffic()[0]).toMatchObject({ response: { status: 413 }, body: { truncated: true } });
    expect(sandbox.traffic()[0]!.body.bytes).toBeGreaterThan(MIB);
  });

  it('declaring a 100 MB body is answered 413 before it sends any of it', async () => {
    const sandbox = await useSandbox();
    const headers = await authenticated(sandbox);
    const socket = await socketTo(sandbox);
    const closed = readUntilClosed(socket);
    socket.write(requestHead(new URL(sandbox.url).host, { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(100 * MIB) }));
    const { text } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(sandbox.traffic()[0]).toMatchObject({ body: { bytes: 0 }, response: { status: 413 } });
  });

  it('sending its headers too slowly is timed out', async () => {
    const sandbox = await useSandbox({ headersTimeoutMs: 300 });
    const socket = await socketTo(sandbox);
    const closed = readUntilClosed(socket);
    socket.write('POST /user/events HTTP/1.1\r\nHost: sandbox\r\n');
    const { text, elapsedMs } = await closed;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsedMs).toBeLessThan(3000);
  });

  it('connecting and saying nothing is timed out', async () => {
    const sandbox = await useSandbox({ headersTimeoutMs: 300 });
    const { elapsedMs } = await readUntilClosed(await socketTo(sandbox));
    expect(elapsedMs).toBeLessThan(3000);
  });

  it('trickling its body, a byte at a time, is answered 408 and cut off', async () => {
    const sandbox = await useSandbox({ bodyTimeoutMs: 400 });
    const headers = await authenticated(sandbox);
    const socket = await socketTo(sandbox);
    const closed = readUntilClosed(socket);
    socket.write(requestHead(new URL(sandbox.url).host, { ...headers, 'Content-Type': 'application/json', 'Content-Length': '1000' }));
    const trickle = setInterval(() => socket.writable && socket.write('['), 50);
    const { text, elapsedMs } = await closed;
    clearInterval(trickle);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('{"error":"body-timeout","message":"The body did not arrive within 400 ms."}');
    expect(elapsedMs).toBeLessThan(3000);
  });

  it.each([
    ['arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
    ['unclosed arrays', '['.repeat(100_000)],
  ])('nesting %s 100 000 levels deep gets 400, in both modes and at login', async (_, body) => {
    for (const mode of ['strict', 'lenient'] as const) {
      const sandbox = await useSandbox({ mode });
      expect(await answer(sendEvents(sandbox, body))).toEqual({
        status: 400,
        body: { error: 'json-too-deep', message: `The JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.` },
      });
      const loginAnswer = await answer(fetch(`${sandbox.url}/oauth2/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
      expect(loginAnswer.status).toBe(400);
    }
  });

  it(`nesting ${MAX_JSON_DEPTH} levels is fine, and brackets inside strings do not count`, async () => {
    const sandbox = await useSandbox({ mode: 'lenient' });
    const headers = await authenticated(sandbox);
    const deepest = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect((await sendEvents(sandbox, deepest, headers)).status).toBe(202);
    expect((await sendEvents(sandbox, `[${deepest}]`, headers)).status).toBe(400);
    expect((await sendEvents(sandbox, JSON.stringify(['['.repeat(1000), '\\"[[[[']), headers)).status).toBe(202);
  });

  it('going away mid-body is recorded without a response, and the server carries on', async () => {
    const sandbox = await useSandbox();
    const headers = await authenticated(sandbox);
    const socket = await socketTo(sandbox);
    socket.write(requestHead(new URL(sandbox.url).host, { ...headers, 'Content-Type': 'application/json', 'Content-Length': '1000' }) + '[1,2,3');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await expect.poll(() => sandbox.traffic()[0]).toMatchObject({ body: { text: '[1,2,3', bytes: 6, truncated: true }, response: null });
    await expect(login(sandbox)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('sending bytes that are not HTTP gets 400 from Node, and the server carries on', async () => {
    const sandbox = await useSandbox();
    const socket = await socketTo(sandbox);
    const closed = readUntilClosed(socket);
    socket.write('\x00\x01\x02 not http at all\r\n\r\n');
    expect((await closed).text).toMatch(/^HTTP\/1\.1 400 /);
    await expect(login(sandbox)).resolves.toMatchObject({ token_type: 'Bearer' });
  });

  it('that trips a fault in the sandbox itself gets a JSON 500, and the server carries on', async () => {
    let clockBroken = false;
    const sandbox = await useSandbox({
      now: () => {
        if (clockBroken) throw new Error('the clock broke');
        return new Date();
      },
    });
    const headers = await authenticated(sandbox);
    clockBroken = true;
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await answer(sendEvents(sandbox, [1], headers))).toEqual({
        status: 500,
        body: { error: 'internal-error', message: 'The sandbox failed on this request; it keeps running.' },
      });
    } finally {
      console.error = consoleError;
    }
    expect(errors).toHaveLength(1);
    clockBroken = false;
    expect((await sendEvents(sandbox, '[]', headers)).status).toBe(400);
  });
});
