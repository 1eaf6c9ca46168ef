import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { NO_FAULTS } from '../../../features/sandbox/common/sandbox.ts';
import { answer, authenticated, login, postJson, sendEvents, useSandbox, validEvent } from './sandbox-client.ts';

const events = [validEvent()];

/** Sends one request and tells what came back: a status, or the error of a cut connection. */
async function outcome(send: Promise<Response>): Promise<number | string> {
  try {
    return (await send).status;
  } catch (error) {
    return ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (error as Error).message;
  }
}

describe('fault injection', () => {
  it('starts with no faults', async () => {
    const sandbox = await useSandbox();
    expect(sandbox.faults()).toEqual(NO_FAULTS);
  });

  it('adds latency to login and to events, not to the tool endpoints', async () => {
    const sandbox = await useSandbox({ faults: { latencyMs: 300 } });
    const headers = await authenticated(sandbox);
    let started = performance.now();
    expect((await sendEvents(sandbox, events, headers)).status).toBe(202);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    started = performance.now();
    await login(sandbox);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    started = performance.now();
    await fetch(`${sandbox.url}/_sandbox/requests`);
    expect(performance.now() - started).toBeLessThan(290);
  });

  it('answers a fail sequence in order, 200 meaning "answer normally", then answers normally', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [500, 200, 503, 'reset', 401] } });
    const headers = await authenticated(sandbox);
    const seen: (number | string)[] = [];
    for (let request = 0; request < 7; request++) seen.push(await outcome(sendEvents(sandbox, events, headers)));
    expect(seen).toEqual([500, 202, 503, 'ECONNRESET', 401, 202, 202]);
    expect(sandbox.faults().failSequence).toEqual([]);
  });

  it('answers a forced status with a JSON error and records which fault decided it', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [503] } });
    expect(await answer(sendEvents(sandbox, events))).toEqual({
      status: 503,
      body: { error: 'service-unavailable', message: "Forced by the sandbox's fault injection (fail-sequence)." },
    });
    expect(sandbox.traffic()[0]).toMatchObject({ path: '/user/events', fault: 'fail-sequence', response: { status: 503 } });
  });

  it('leaves a request refused for its credentials to that refusal, at once, and the fail sequence as it was', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [500], latencyMs: 2000 } });
    const started = performance.now();
    expect(await answer(postJson(`${sandbox.url}/user/events`, events, { apiKey: 'not-the-key' }))).toMatchObject({
      status: 403,
      body: { error: 'unknown-api-key' },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(sandbox.faults().failSequence).toEqual([500]);
  });

  it('does not let the fail sequence touch login', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [500] } });
    await expect(login(sandbox)).resolves.toMatchObject({ token_type: 'Bearer' });
    expect(sandbox.faults().failSequence).toEqual([500]);
  });

  it('fails every request at fail rate 1 with the fail status, and none at 0', async () => {
    const sandbox = await useSandbox({ faults: { failRate: 1, failStatus: 502 } });
    const headers = await authenticated(sandbox);
    for (let request = 0; request < 5; request++) expect(await outcome(sendEvents(sandbox, events, headers))).toBe(502);
    expect(sandbox.traffic()[0]?.fault).toBe('fail-rate');
    sandbox.setFaults({ failRate: 0 });
    for (let request = 0; request < 5; request++) expect(await outcome(sendEvents(sandbox, events, headers))).toBe(202);
  });

  it('fails about the given share of requests at a fail rate between 0 and 1', async () => {
    const sandbox = await useSandbox({ faults: { failRate: 0.5 } });
    const headers = await authenticated(sandbox);
    const statuses = [];
    for (let request = 0; request < 200; request++) statuses.push(await outcome(sendEvents(sandbox, events, headers)));
    const failed = statuses.filter((status) => status === 500).length;
    // Binomial(200, 0.5): outside 60..140 happens about once in 10^8 runs.
    expect(failed).toBeGreaterThan(60);
    expect(failed).toBeLessThan(140);
    expect(statuses.filter((status) => status !== 500).every((status) => status === 202)).toBe(true);
  });

  it('cuts the connection mid-request at fail status "reset", recording no response', async () => {
    const sandbox = await useSandbox({ faults: { failRate: 1, failStatus: 'reset' } });
    const headers = await authenticated(sandbox);
    expect(await outcome(sendEvents(sandbox, events, headers))).toBe('ECONNRESET');
    expect(sandbox.traffic()[0]).toMatchObject({ path: '/user/events', response: null, fault: 'fail-rate' });
  });

  it('sends Retry-After in seconds with a forced 429', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [429], retryAfterSeconds: 7 } });
    const response = await sendEvents(sandbox, events);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect(await response.json()).toMatchObject({ error: 'too-many-requests' });
  });

  it('sends Retry-After as an HTTP date, that many seconds after the server clock', async () => {
    const now = () => new Date('2026-07-04T09:05:03.000Z');
    const sandbox = await useSandbox({ now, faults: { failSequence: [429], retryAfterSeconds: 90, retryAfterAsDate: true } });
    const response = await sendEvents(sandbox, events);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('Sat, 04 Jul 2026 09:06:33 GMT');
  });

  it('refuses more events than the maximum per request with 413', async () => {
    const sandbox = await useSandbox({ faults: { maxEvents: 2 } });
    const headers = await authenticated(sandbox);
    expect((await sendEvents(sandbox, [validEvent(), validEvent()], headers)).status).toBe(202);
    expect(await answer(sendEvents(sandbox, [validEvent(), validEvent(), validEvent()], headers))).toEqual({
      status: 413,
      body: { error: 'too-many-events', message: '3 events in one request; at most 2 are taken.' },
    });
  });

  it('changes at run time through the server, keeping the faults a patch leaves out', async () => {
    const sandbox = await useSandbox({ faults: { latencyMs: 5 } });
    expect(sandbox.setFaults({ failSequence: [500], maxEvents: 10 })).toEqual({ ...NO_FAULTS, latencyMs: 5, failSequence: [500], maxEvents: 10 });
    expect((await sendEvents(sandbox, events)).status).toBe(500);
    expect(sandbox.setFaults({ maxEvents: null }).maxEvents).toBeNull();
  });

  it('refuses an invalid change with an AppError and keeps the faults as they were', async () => {
    const sandbox = await useSandbox();
    expect(() => sandbox.setFaults({ failRate: 2 })).toThrow(AppError);
    expect(() => sandbox.setFaults({ failSequence: [302] } as never)).toThrow(/failSequence/);
    expect(sandbox.faults()).toEqual(NO_FAULTS);
  });

  it('hands out copies, so a caller cannot change the faults behind the server', async () => {
    const sandbox = await useSandbox({ faults: { failSequence: [500] } });
    sandbox.faults().failSequence.push(503);
    expect(sandbox.faults().failSequence).toEqual([500]);
  });

  it('changes at run time over HTTP: GET and PATCH /_sandbox/faults', async () => {
    const sandbox = await useSandbox();
    const patch = (body: unknown) =>
      fetch(`${sandbox.url}/_sandbox/faults`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect(await answer(patch({ failSequence: [429], retryAfterSeconds: 3 }))).toEqual({
      status: 200,
      body: { ...NO_FAULTS, failSequence: [429], retryAfterSeconds: 3 },
    });
    expect(await answer(fetch(`${sandbox.url}/_sandbox/faults`))).toEqual({ status: 200, body: { ...NO_FAULTS, failSequence: [429], retryAfterSeconds: 3 } });
    expect((await sendEvents(sandbox, events)).headers.get('retry-after')).toBe('3');
    expect(await answer(patch({ latencyMs: -1 }))).toMatchObject({ status: 400, body: { error: 'invalid-faults' } });
    expect(await answer(patch({ noSuchFault: true }))).toMatchObject({ status: 400, body: { error: 'invalid-faults' } });
    expect((await postJson(`${sandbox.url}/_sandbox/faults`, {})).status).toBe(405);
  });
});
