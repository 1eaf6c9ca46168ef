import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { planChunks } from '../../../features/history/common/chunking.ts';
import type { SandboxFaultsPatch } from '../../../features/sandbox/common/sandbox.ts';
import { MAX_RESPONSE_BODY_BYTES, type AttemptEnd, type ChunkPatch } from '../../../features/history/common/submission.ts';
import { endpoint } from '../../../features/environments/node/auth.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { backoffMs, retryAfterMs, sendChunks, type SendChunk, type SendChunksOptions } from '../../../features/sending/node/sender.ts';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';

/**
 * sendChunks against the real sandbox over loopback, logged in as its demo user. Waits go
 * through an injected sleep that returns at once and remembers what it was asked to wait.
 */

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

function eventTexts(count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      token: `tok-${index}`,
      attributes: { plan: 'pro', spend: `${index}.50` },
      created_at: '2026-11-22 10:00:00',
      svc_id: 7,
      device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      customer_id: `c-${index}`,
    }),
  );
}

async function setup(sandboxOptions: SandboxStartOptions = {}, rememberPassword = true) {
  const { sandbox, sessions, info, logins } = await startSandboxSessions(open, sandboxOptions);
  await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: info.demoUsername, password: info.demoPassword, rememberPassword });
  sandbox.clearTraffic();

  const eventRequests = () => sandbox.traffic().filter((record) => record.path === '/user/events');
  /** Every token the sandbox accepted with a 202, as often as it did, oldest first. */
  const acceptedTokens = () =>
    eventRequests()
      .reverse()
      .filter((record) => record.response?.status === 202)
      .flatMap((record) => {
        expect(record.body.truncated).toBe(false);
        return (JSON.parse(record.body.text) as { token: string }[]).map((event) => event.token);
      });

  /** Runs a send and keeps everything its callbacks said, by each chunk's first event; `more.onChunk` hears them too. */
  async function send(texts: string[], chunks: SendChunk[], { onChunk, ...more }: Partial<SendChunksOptions> = {}) {
    const patches = new Map<number, ChunkPatch[]>();
    const splits: [number, SendChunk[]][] = [];
    const activities: (string | null)[] = [];
    const sleeps: number[] = [];
    const result = await sendChunks({
      environmentId: LOCAL_SANDBOX_ID,
      sessions,
      fetch: (input, init) => fetch(input, init),
      url: endpoint(sandbox.url, '/user/events'),
      eventTexts: texts,
      chunks,
      timeoutMs: 5000,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      onChunk: (firstEvent, patch) => {
        patches.set(firstEvent, [...(patches.get(firstEvent) ?? []), patch]);
        onChunk?.(firstEvent, patch);
      },
      onSplit: (firstEvent, parts) => splits.push([firstEvent, parts]),
      onActivity: (text) => activities.push(text),
      ...more,
    });
    const final = (firstEvent: number) => patches.get(firstEvent)?.at(-1);
    /** How many chunks last said each status: a chunk split by a 413 counts as its parts. */
    const ended = () => {
      const counts: Record<string, number> = {};
      for (const list of patches.values()) counts[list.at(-1)!.status!] = (counts[list.at(-1)!.status!] ?? 0) + 1;
      return counts;
    };
    return { result, patches, final, ended, splits, activities, sleeps };
  }

  return { sandbox, sessions, send, eventRequests, logins, acceptedTokens, setFaults: (patch: SandboxFaultsPatch) => sandbox.setFaults(patch) };
}

const chunksOf = (texts: string[], chunkSize: number): SendChunk[] =>
  planChunks(texts, { chunkSize, maxChunkBytes: 5 * 1024 * 1024 }).map((chunk) => ({ firstEvent: chunk.firstEvent, eventCount: chunk.eventCount }));

describe('sendChunks against the sandbox', () => {
  it('masks the key and token the request carried, and the secrets it is given, in every answer, even one cut at the limit', async () => {
    const { send } = await setup();
    const secret = 'renewed-secret-0123456789abcdef';
    let carried: Record<string, string> = {};
    // The server echoes the request's key in a header and its token JSON-escaped in the body,
    // and puts another secret right across the 64 KiB limit.
    const echo = async (input: string | URL | Request, init?: RequestInit) => {
      carried = Object.fromEntries(new Headers(init?.headers));
      await fetch(input, init);
      const token = carried.authorization!.replace(/^Bearer /, '');
      const start = JSON.stringify({ token });
      const body = `${start}${'x'.repeat(MAX_RESPONSE_BODY_BYTES - 10 - start.length)}${secret}${'y'.repeat(100)}`;
      return new Response(body, { status: 200, headers: { 'x-echo-apikey': carried.apikey!, 'content-type': 'text/plain' } });
    };
    const ends: AttemptEnd[] = [];
    const texts = eventTexts(1);
    const { final } = await send(texts, chunksOf(texts, 1), { fetch: echo, secrets: () => [secret], onAttempt: () => (end) => ends.push(end) });
    const token = carried.authorization!.replace(/^Bearer /, '');
    expect(token.length).toBeGreaterThan(20);
    for (const recorded of [final(0)!, { ...ends[0]!, attempts: 1 }]) {
      const text = JSON.stringify(recorded);
      expect(recorded.responseTruncated).toBe(true);
      expect(recorded.responseBody!.length).toBeLessThanOrEqual(MAX_RESPONSE_BODY_BYTES);
      for (const part of [carried.apikey!, token, secret.slice(0, 8)]) expect(text).not.toContain(part);
      expect(recorded.responseHeaders!['x-echo-apikey']).toContain('••••');
    }
  });

  it('send every chunk, keep each 202 answer with its headers redacted, and count the events', async () => {
    const { send, acceptedTokens, eventRequests } = await setup();
    const texts = eventTexts(6);
    const { result, patches, final, ended, activities } = await send(texts, chunksOf(texts, 2));
    expect(result).toBe('ok');
    expect(ended()).toEqual({ ok: 3 });
    expect([...patches.keys()]).toEqual([0, 2, 4]);
    for (const firstEvent of [0, 2, 4]) {
      expect(patches.get(firstEvent)!.map((patch) => patch.status)).toEqual(['sending', 'ok']);
      expect(final(firstEvent)).toMatchObject({
        status: 'ok',
        statusCode: 202,
        responseBody: '{"accepted":2}',
        responseTruncated: false,
        attempts: 1,
        error: null,
      });
      expect(final(firstEvent)!.responseHeaders!['content-type']).toContain('application/json');
    }
    expect(acceptedTokens()).toEqual(texts.map((_, index) => `tok-${index}`));
    expect(eventRequests()[0]!.headers.authorization).toBe('Bearer ••••');
    expect(activities).toEqual([]);
  });

  it('not retry a 422, and keep its body', async () => {
    const { send, eventRequests } = await setup();
    const texts = ['{"token":"only-a-token"}', ...eventTexts(1)];
    const { result, final, ended, sleeps } = await send(texts, chunksOf(texts, 1));
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: 422, attempts: 1, error: expect.stringContaining('HTTP 422') });
    expect(final(0)!.responseBody).toContain('invalid-events');
    expect(final(1)).toMatchObject({ status: 'ok', statusCode: 202 });
    expect(result).toBe('partial');
    expect(ended()).toEqual({ ok: 1, failed: 1 });
    expect(eventRequests()).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('not retry a 400', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [400] });
    const texts = eventTexts(1);
    const { result, final } = await send(texts, chunksOf(texts, 1));
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: 400, attempts: 1 });
    expect(final(0)!.responseBody).toContain('bad-request');
    expect(result).toBe('failed');
    expect(eventRequests()).toHaveLength(1);
  });

  it('stop the send on a 403, saying there is no access, and leave the rest pending for Resume', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [200, 403] });
    const texts = eventTexts(4);
    const { result, final, ended, patches, sleeps } = await send(texts, chunksOf(texts, 1));
    expect(final(0)).toMatchObject({ status: 'ok', statusCode: 202 });
    expect(final(1)).toMatchObject({ status: 'failed', statusCode: 403, attempts: 1 });
    expect(final(1)!.error).toBe(
      "The API key or the user has no access to this application (HTTP 403). The send stopped here: fix the access (the API key, or the user's rights), then resume to send the rest.",
    );
    // Chunks 3 and 4 were never sent: each would only have met the same 403.
    expect(patches.has(2)).toBe(false);
    expect(patches.has(3)).toBe(false);
    expect(result).toBe('partial');
    expect(ended()).toEqual({ ok: 1, failed: 1 });
    expect(eventRequests()).toHaveLength(2);
    expect(sleeps).toEqual([]);
  });

  it('log in again once on a 401 and send the chunk once more', async () => {
    const { send, setFaults, logins, acceptedTokens } = await setup();
    setFaults({ failSequence: [401] });
    const texts = eventTexts(2);
    const answers: [number, AttemptEnd][] = [];
    const { result, final, activities } = await send(texts, chunksOf(texts, 1), { onAttempt: (attempt) => (end) => answers.push([attempt.firstEvent, end]) });
    expect(final(0)).toMatchObject({ status: 'ok', statusCode: 202, attempts: 2 });
    // The 401 is an attempt of its own, answered: not one that went out without an answer.
    expect(answers.map(([firstEvent, end]) => [firstEvent, end.statusCode, end.error])).toEqual([
      [0, 401, 'The login was refused (HTTP 401); EventDesk logged in again and sent once more.'],
      [0, 202, null],
      [1, 202, null],
    ]);
    expect(final(1)).toMatchObject({ status: 'ok', attempts: 1 });
    expect(logins()).toBe(1);
    expect(activities).toContain('the login was refused (HTTP 401); logged in again, sending once more');
    expect(result).toBe('ok');
    expect(acceptedTokens()).toEqual(['tok-0', 'tok-1']);
  });

  it('stop the send when the login is refused again, leaving the rest pending for Resume', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [401, 401] });
    const texts = eventTexts(3);
    const { result, final, ended, patches } = await send(texts, chunksOf(texts, 1));
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: 401, attempts: 2, error: expect.stringContaining('Log in') });
    expect(final(0)!.error).toContain('HTTP 401');
    expect(patches.has(1)).toBe(false);
    expect(patches.has(2)).toBe(false);
    expect(result).toBe('failed');
    expect(ended()).toEqual({ failed: 1 });
    expect(eventRequests()).toHaveLength(2);
  });

  it('stop the send when a 401 comes and no password is remembered', async () => {
    const { send, setFaults, eventRequests } = await setup({}, false);
    setFaults({ failSequence: [200, 401] });
    const texts = eventTexts(3);
    const ends: AttemptEnd[] = [];
    const { result, final, ended, patches } = await send(texts, chunksOf(texts, 1), { onAttempt: () => (end) => ends.push(end) });
    expect(final(0)).toMatchObject({ status: 'ok' });
    expect(final(1)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('Log in again') });
    expect(ends.map((end) => end.statusCode)).toEqual([202, 401]);
    expect(patches.has(2)).toBe(false);
    expect(result).toBe('partial');
    expect(ended()).toEqual({ ok: 1, failed: 1 });
    expect(eventRequests()).toHaveLength(2);
  });

  it('split a chunk the server finds too large in halves, down to single events', async () => {
    const { send, setFaults, eventRequests, acceptedTokens } = await setup();
    setFaults({ maxEvents: 1 });
    const texts = eventTexts(4);
    const { result, splits, final, ended, patches } = await send(texts, chunksOf(texts, 4));
    expect(splits).toEqual([
      [
        0,
        [
          { firstEvent: 0, eventCount: 2 },
          { firstEvent: 2, eventCount: 2 },
        ],
      ],
      [
        0,
        [
          { firstEvent: 0, eventCount: 1 },
          { firstEvent: 1, eventCount: 1 },
        ],
      ],
      [
        2,
        [
          { firstEvent: 2, eventCount: 1 },
          { firstEvent: 3, eventCount: 1 },
        ],
      ],
    ]);
    // A chunk split says 'sending' once; its first part goes on under the same first event.
    expect([0, 1, 2, 3].map((firstEvent) => patches.get(firstEvent)!.map((patch) => patch.status))).toEqual([
      ['sending', 'sending', 'sending', 'ok'],
      ['sending', 'ok'],
      ['sending', 'sending', 'ok'],
      ['sending', 'ok'],
    ]);
    for (const firstEvent of [0, 1, 2, 3]) expect(final(firstEvent)).toMatchObject({ status: 'ok', statusCode: 202, attempts: 1 });
    expect(result).toBe('ok');
    expect(ended()).toEqual({ ok: 4 });
    expect(
      eventRequests()
        .map((record) => record.response?.status)
        .reverse(),
    ).toEqual([413, 413, 202, 202, 413, 202, 202]);
    expect(acceptedTokens().sort()).toEqual(['tok-0', 'tok-1', 'tok-2', 'tok-3']);
  });

  it('split on a forced 413, and fail a single event that still gets one', async () => {
    const { send, setFaults } = await setup();
    setFaults({ failSequence: [413, 413] });
    const texts = eventTexts(2);
    const { result, splits, final, ended } = await send(texts, chunksOf(texts, 2));
    expect(splits).toEqual([
      [
        0,
        [
          { firstEvent: 0, eventCount: 1 },
          { firstEvent: 1, eventCount: 1 },
        ],
      ],
    ]);
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: 413, attempts: 1, error: 'The server refused this single event as too large (HTTP 413).' });
    expect(final(1)).toMatchObject({ status: 'ok' });
    expect(result).toBe('partial');
    expect(ended()).toEqual({ ok: 1, failed: 1 });
  });

  it('wait as long as Retry-After says in seconds on a 429, and say so', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [429, 429], retryAfterSeconds: 4 });
    const texts = eventTexts(1);
    const { final, sleeps, activities, patches } = await send(texts, chunksOf(texts, 1));
    expect(sleeps).toEqual([4000, 4000]);
    // Each retry is said while it waits and while it is out, until the chunk is answered.
    expect(activities).toEqual([
      'rate limited (429), retry 1 of 4 in 4 s',
      'rate limited (429), retry 1 of 4 under way',
      'rate limited (429), retry 2 of 4 in 4 s',
      'rate limited (429), retry 2 of 4 under way',
      null,
    ]);
    expect(final(0)).toMatchObject({ status: 'ok', attempts: 3 });
    expect(patches.get(0)!.map((patch) => [patch.status, patch.attempts, patch.statusCode])).toEqual([
      ['sending', 0, null],
      ['sending', 1, 429],
      ['sending', 2, 429],
      ['ok', 3, 202],
    ]);
    expect(eventRequests()).toHaveLength(3);
  });

  it('wait until the HTTP date of Retry-After, and never past the cap', async () => {
    const { send, setFaults } = await setup();
    setFaults({ failSequence: [429], retryAfterSeconds: 7, retryAfterAsDate: true });
    const texts = eventTexts(1);
    const dated = await send(texts, chunksOf(texts, 1));
    expect(dated.sleeps).toHaveLength(1);
    // The date has whole seconds: 7 s ahead of the server's clock, less the part of a second cut off.
    expect(dated.sleeps[0]).toBeGreaterThan(5500);
    expect(dated.sleeps[0]).toBeLessThanOrEqual(7000);
    expect(dated.final(0)).toMatchObject({ status: 'ok', attempts: 2 });

    setFaults({ failSequence: [429], retryAfterSeconds: 600, retryAfterAsDate: false });
    const capped = await send(texts, chunksOf(texts, 1), { retryAfterCapSeconds: 30 });
    expect(capped.sleeps).toEqual([30_000]);
  });

  it('read Retry-After in both forms, and wait 1 s when it is missing or unreadable', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('3', now, 60)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now, 60)).toBe(5000);
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now, 60)).toBe(0);
    expect(retryAfterMs('120', now, 60)).toBe(60_000);
    expect(retryAfterMs(null, now, 60)).toBe(1000);
    expect(retryAfterMs('soon', now, 60)).toBe(1000);
  });

  it('back off exponentially with jitter on 500 and 503, then succeed', async () => {
    const { send, setFaults, acceptedTokens } = await setup();
    setFaults({ failSequence: [500, 503] });
    const texts = eventTexts(1);
    const { final, sleeps, activities } = await send(texts, chunksOf(texts, 1));
    expect(sleeps).toEqual([250, 500]);
    expect(activities).toEqual([
      'server error 500, retry 1 of 4 in 0.3 s',
      'server error 500, retry 1 of 4 under way',
      'server error 503, retry 2 of 4 in 0.5 s',
      'server error 503, retry 2 of 4 under way',
      null,
    ]);
    expect(final(0)).toMatchObject({ status: 'ok', statusCode: 202, attempts: 3, error: null });
    expect(acceptedTokens()).toEqual(['tok-0']);
  });

  it('keep the jitter within ±50% and the backoff under 10 s', () => {
    expect(backoffMs(1, () => 0)).toBe(125);
    expect(backoffMs(1, () => 0.999999)).toBeCloseTo(375, 0);
    expect(backoffMs(3, () => 0.5)).toBe(1000);
    expect(backoffMs(20, () => 0.5)).toBe(10_000);
  });

  it('retry after a connection reset', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: ['reset'] });
    const texts = eventTexts(1);
    const { final, sleeps, activities } = await send(texts, chunksOf(texts, 1));
    expect(final(0)).toMatchObject({ status: 'ok', attempts: 2 });
    expect(sleeps).toEqual([250]);
    expect(activities[0]).toMatch(/^connection reset, retry 1 of 4 in/);
    expect(
      eventRequests()
        .map((record) => record.response?.status ?? 'reset')
        .reverse(),
    ).toEqual(['reset', 202]);
  });

  it('count a reset as a request that may have arrived, and a refused connection as one that cannot have', async () => {
    const { send, setFaults } = await setup();
    setFaults({ failSequence: ['reset'] });
    const texts = eventTexts(1);
    const ends: AttemptEnd[] = [];
    await send(texts, chunksOf(texts, 1), { onAttempt: () => (end) => ends.push(end) });
    expect(ends.map((end) => [end.statusCode, end.mayHaveArrived])).toEqual([
      [null, true],
      [202, false],
    ]);
    // A port just freed: the connection is refused before a byte goes out.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    ends.length = 0;
    // The secrets stay bound to the sandbox's address, so the request names it; the fetch goes to the closed port.
    const refused = (input: string | URL | Request, init?: RequestInit) =>
      fetch(String(input).replace(new URL(String(input)).origin, `http://127.0.0.1:${port}`), init);
    const { final } = await send(texts, chunksOf(texts, 1), { fetch: refused, onAttempt: () => (end) => ends.push(end) });
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: null });
    expect(ends.map((end) => [end.statusCode, end.mayHaveArrived])).toEqual([[null, false]]);
  });

  it('retry a request that times out, and fail when attempts run out', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ latencyMs: 400 });
    const texts = eventTexts(1);
    const { final, result, activities } = await send(texts, chunksOf(texts, 1), { timeoutMs: 100, maxAttempts: 2 });
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: null, attempts: 2 });
    expect(final(0)!.error).toMatch(/did not answer within .*Gave up after 2 attempts/);
    expect(activities[0]).toMatch(/^no answer within 0.1 s, retry 1 of 1 in/);
    expect(result).toBe('failed');
    await expect.poll(() => eventRequests().length).toBe(2);
  });

  it('give up after maxAttempts server errors, keeping the last answer', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [500, 502, 503, 200] });
    const texts = eventTexts(2);
    const { final, result, ended, sleeps } = await send(texts, chunksOf(texts, 1), { maxAttempts: 3 });
    expect(final(0)).toMatchObject({
      status: 'failed',
      statusCode: 503,
      attempts: 3,
      error: 'The last answer was HTTP 503 (a server error). Gave up after 3 attempts.',
    });
    expect(final(0)!.responseBody).toContain('service-unavailable');
    expect(sleeps).toEqual([250, 500]);
    expect(final(1)).toMatchObject({ status: 'ok', attempts: 1 });
    expect(result).toBe('partial');
    expect(ended()).toEqual({ ok: 1, failed: 1 });
    expect(eventRequests()).toHaveLength(4);
  });

  it('cancel mid-send: acknowledged chunks stay ok, the one under way says so, the rest are cancelled', async () => {
    const { send, setFaults, acceptedTokens } = await setup();
    setFaults({ latencyMs: 150 });
    const texts = eventTexts(10);
    const controller = new AbortController();
    const { result, ended } = await send(texts, chunksOf(texts, 2), {
      signal: controller.signal,
      onChunk: (firstEvent, patch) => {
        if (firstEvent === 2 && patch.status === 'ok') setTimeout(() => controller.abort(), 50);
      },
    });
    expect(result).toBe('cancelled');
    // Every one of the five chunks ended: none is left pending.
    expect(ended()).toEqual({ ok: 2, failed: 1, cancelled: 2 });
    // The chunk cut off mid-request may still have reached the sandbox; nothing after it did.
    await expect.poll(() => acceptedTokens().length, { timeout: 2000 }).toBeGreaterThanOrEqual(4);
    expect(acceptedTokens().slice(0, 4)).toEqual(['tok-0', 'tok-1', 'tok-2', 'tok-3']);
    expect(acceptedTokens().every((token) => Number(token.slice(4)) < 6)).toBe(true);
  });

  it('report the cancel in each chunk record', async () => {
    const { send, setFaults } = await setup();
    setFaults({ latencyMs: 150 });
    const texts = eventTexts(4);
    const controller = new AbortController();
    const records = new Map<number, ChunkPatch>();
    const { result } = await send(texts, chunksOf(texts, 1), {
      signal: controller.signal,
      onChunk: (firstEvent, patch) => {
        records.set(firstEvent, patch);
        if (firstEvent === 1 && patch.status === 'sending') setTimeout(() => controller.abort(), 50);
      },
    });
    expect(result).toBe('cancelled');
    expect(records.get(0)).toMatchObject({ status: 'ok', statusCode: 202 });
    expect(records.get(1)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('Cancelled during attempt 1') });
    expect(records.get(2)).toMatchObject({ status: 'cancelled', attempts: 0, statusCode: null });
    expect(records.get(3)).toMatchObject({ status: 'cancelled', attempts: 0 });
  });

  it('cancel during a wait to retry', async () => {
    const { send, setFaults, eventRequests } = await setup();
    setFaults({ failSequence: [503] });
    const texts = eventTexts(2);
    const controller = new AbortController();
    const { result, final, ended } = await send(texts, chunksOf(texts, 1), {
      signal: controller.signal,
      sleep: async () => controller.abort(),
    });
    expect(final(0)).toMatchObject({ status: 'failed', statusCode: 503, attempts: 1, error: expect.stringContaining('Cancelled while waiting to retry') });
    expect(final(1)).toMatchObject({ status: 'cancelled', attempts: 0 });
    expect(result).toBe('cancelled');
    expect(ended()).toEqual({ failed: 1, cancelled: 1 });
    expect(eventRequests()).toHaveLength(1);
  });

  it('keep the accounting right with 3 chunks at once, through faults and splits', async () => {
    const { send, setFaults, acceptedTokens } = await setup();
    setFaults({ latencyMs: 10, maxEvents: 3, retryAfterSeconds: 0, failSequence: [500, 'reset', 429, 200, 503, 200, 'reset', 502] });
    const texts = eventTexts(100);
    const chunks = chunksOf(texts, 5);
    expect(chunks).toHaveLength(20);
    let inFlight = 0;
    let mostInFlight = 0;
    const finals = new Map<number, ChunkPatch>();
    const splitParts = new Map<number, SendChunk>();
    const run = await send(texts, chunks, {
      concurrency: 3,
      onChunk: (firstEvent, patch) => {
        if (patch.status === 'sending' && patch.attempts === 0) mostInFlight = Math.max(mostInFlight, ++inFlight);
        if (patch.status !== 'sending') {
          inFlight--;
          expect(finals.has(firstEvent)).toBe(false);
          finals.set(firstEvent, patch);
        }
      },
      onSplit: (_, parts) => {
        inFlight--;
        for (const part of parts) splitParts.set(part.firstEvent, part);
      },
    });
    expect(mostInFlight).toBe(3);
    expect(run.result).toBe('ok');
    expect(run.ended()).toEqual({ ok: 40 });
    // Every chunk of 5 was split in 3 and 2, and every part finished ok, under its own first event.
    expect([...splitParts.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, at) => [5 * at, 5 * at + 3]).flat());
    expect([...finals.keys()].sort((a, b) => a - b)).toEqual([...splitParts.keys()].sort((a, b) => a - b));
    expect([...finals.values()].every((patch) => patch.status === 'ok' && patch.statusCode === 202)).toBe(true);
    const eventsOfFinals = [...finals.keys()].reduce((sum, firstEvent) => sum + splitParts.get(firstEvent)!.eventCount, 0);
    expect(eventsOfFinals).toBe(100);
    const accepted = acceptedTokens();
    expect(accepted).toHaveLength(100);
    expect(new Set(accepted)).toEqual(new Set(texts.map((_, index) => `tok-${index}`)));
    expect(run.sleeps.length).toBe(6);
    // With chunks in flight at once, a wait says whose it is: the chunk's events.
    const waits = run.activities.filter((text) => text !== null);
    expect(waits.length).toBeGreaterThan(0);
    for (const text of waits) expect(text).toMatch(/^events \d+–\d+: /);
  });
});
