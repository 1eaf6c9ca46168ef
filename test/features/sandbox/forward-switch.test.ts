import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { answer, authenticated, postJson, useSandbox, validEvent } from './sandbox-client.ts';
import { httpUpstream } from './upstreams.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { freePort } from '../../fixtures/free-port.ts';

/**
 * Forwarding changed while the sandbox runs (the Sandbox tab's "Forward to"): real sandboxes
 * over loopback, one in front of the others, every sandbox with the same demo account.
 */

/** Logs in through `sandbox` (to whichever server answers there) and posts one event. */
async function postThrough(sandbox: SandboxServer) {
  return answer(postJson(`${sandbox.url}/user/events`, [validEvent()], await authenticated(sandbox)));
}

const eventPosts = (sandbox: SandboxServer) => sandbox.traffic().filter((record) => record.path === '/user/events').length;

describe('forwarding changed at run time', () => {
  it('switches on, off and to another upstream, each request going where forwarding pointed when it came', async () => {
    const staging = await useSandbox();
    const other = await useSandbox();
    const front = await useSandbox();
    expect(front.forward()).toBeNull();

    expect(await front.setForward({ url: staging.url, timeoutMs: 4000 })).toEqual({ url: staging.url, timeoutMs: 4000 });
    expect(front.forward()).toEqual({ url: staging.url, timeoutMs: 4000 });
    expect(front.options.forward).toEqual({ url: staging.url, timeoutMs: 4000 });
    expect(await postThrough(front)).toEqual({ status: 202, body: { accepted: 1 } });
    expect(eventPosts(staging)).toBe(1);
    expect(front.traffic()[0]!.forwarded).toMatchObject({ url: `${staging.url}/user/events`, status: 202, failure: null });

    expect(await front.setForward(null)).toBeNull();
    expect(await postThrough(front)).toEqual({ status: 202, body: { accepted: 1 } });
    expect(front.traffic()[0]!.forwarded).toBeUndefined();
    expect(eventPosts(staging)).toBe(1);

    // The timeout left out is an environment's default, as on the command line.
    expect(await front.setForward({ url: other.url })).toEqual({ url: other.url, timeoutMs: 30_000 });
    expect(await postThrough(front)).toEqual({ status: 202, body: { accepted: 1 } });
    expect(eventPosts(other)).toBe(1);
    expect(eventPosts(staging)).toBe(1);
  });

  it('lets a request under way finish with the upstream it began with, then closes the connections kept open to that one', async () => {
    const sockets: Socket[] = [];
    let received = 0;
    let delayMs = 0;
    const slow = await httpUpstream(
      (request, response) => {
        request.resume();
        request.on('end', () => {
          received++;
          setTimeout(() => response.writeHead(202, { 'Content-Type': 'application/json' }).end('{"accepted":1,"from":"slow"}'), delayMs);
        });
      },
      (socket) => sockets.push(socket),
    );
    const fast = await useSandbox();
    const front = await useSandbox({ forward: { url: slow, timeoutMs: 4000 } });
    const headers = { apiKey: 'demo-api-key', Authorization: 'Bearer any' };
    // Two requests at once leave two kept-alive connections to the upstream; one answers slowly.
    expect(await answer(postJson(`${front.url}/user/events`, [validEvent()], headers))).toMatchObject({ status: 202 });
    delayMs = 400;
    const underWay = answer(postJson(`${front.url}/user/events`, [validEvent()], headers));
    const alsoUnderWay = answer(postJson(`${front.url}/user/events`, [validEvent()], headers));
    await expect.poll(() => received).toBe(3);
    expect(sockets).toHaveLength(2);

    await front.setForward({ url: fast.url, timeoutMs: 4000 });
    expect(await postThrough(front)).toEqual({ status: 202, body: { accepted: 1 } });
    expect(eventPosts(fast)).toBe(1);
    // Those under way still get the slow upstream's answers, and only then are its connections closed.
    expect(sockets.some((socket) => !socket.destroyed)).toBe(true);
    expect(await underWay).toEqual({ status: 202, body: { accepted: 1, from: 'slow' } });
    expect(await alsoUnderWay).toEqual({ status: 202, body: { accepted: 1, from: 'slow' } });
    await expect.poll(() => sockets.every((socket) => socket.destroyed || socket.readyState === 'closed')).toBe(true);
    expect(received).toBe(3);
  });

  it('refuses an upstream that is not a base URL, or that is this sandbox itself, and keeps forwarding as it was', async () => {
    const staging = await useSandbox();
    const front = await useSandbox();
    await front.setForward({ url: staging.url, timeoutMs: 4000 });
    const port = new URL(front.url).port;
    await expect(front.setForward({ url: 'ftp://staging.example.com' })).rejects.toMatchObject({
      code: 'sandbox-forward-invalid',
      message: 'The sandbox cannot forward there: url: The upstream must be an http or https URL, not ftp.',
    });
    await expect(front.setForward({ url: staging.url, timeoutMs: 0 })).rejects.toMatchObject({
      code: 'sandbox-forward-invalid',
      message: expect.stringContaining('timeoutMs'),
    });
    for (const url of [front.url, `http://localhost:${port}`, `http://localhost:${port}/base`]) {
      await expect(front.setForward({ url })).rejects.toMatchObject({
        code: 'sandbox-forward-loop',
        message: `${url} is this sandbox's own address: forwarding there would pass each request back to itself without end.`,
      });
    }
    expect(front.forward()).toEqual({ url: staging.url, timeoutMs: 4000 });
    expect(await postThrough(front)).toEqual({ status: 202, body: { accepted: 1 } });
    expect(eventPosts(staging)).toBe(1);
  });

  it('will not start forwarding to its own address (eventdesk sandbox --port N --forward http://localhost:N)', async () => {
    const port = await freePort();
    const url = `http://localhost:${port}`;
    await expect(startSandbox({ port, forward: { url, timeoutMs: 4000 } })).rejects.toMatchObject({
      code: 'sandbox-forward-loop',
      message: `${url} is this sandbox's own address: forwarding there would pass each request back to itself without end.`,
    });
    // It let go of the port.
    const again = await useSandbox({ port });
    expect(again.url).toBe(`http://127.0.0.1:${port}`);
  });
});
