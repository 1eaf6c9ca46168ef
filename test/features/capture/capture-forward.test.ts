import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { answer, postJson, useSandbox, validEvent } from '../sandbox/sandbox-client.ts';
import { exportCapture } from '../../../features/capture/node/capture-export.ts';
import { createCaptureRequests } from '../../../features/capture/node/captured-requests.ts';
import { closedPort, httpUpstream } from '../sandbox/upstreams.ts';
import { runCli } from '../../support/cli-run.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/**
 * A capturing sandbox that forwards (`forward: { url, timeoutMs }`) in front of a second real
 * sandbox, into a real capture.sqlite: the capture holds what the SDK sent and what the upstream said.
 */

const UPSTREAM_ACCOUNT = { username: 'upstream-user', password: 'upstream-password-7f3a9c' };
const UPSTREAM_API_KEY = 'upstream-api-key-5b8e2d41';

describe('a capturing sandbox that forwards', () => {
  it('keeps each request with the upstream’s answer, its events judged by the upstream', async () => {
    const folder = await dataFolder();
    const upstream = await useSandbox({ users: [UPSTREAM_ACCOUNT], apiKeys: [UPSTREAM_API_KEY] });
    const { sandbox, store, drained } = await capturingSandbox(folder, { forward: { url: upstream.url, timeoutMs: 5000 } });

    const tokens = (await answer(postJson(`${sandbox.url}/oauth2/login`, UPSTREAM_ACCOUNT))).body as { access_token: string };
    const headers = { apiKey: UPSTREAM_API_KEY, Authorization: `Bearer ${tokens.access_token}` };
    const good = [validEvent({ token: 'fwd-1' }), validEvent({ token: 'fwd-2' })];
    const bad = [validEvent({ token: 'fwd-3' }), validEvent({ token: 'fwd-4', customer_id: 7 })];
    expect((await postJson(`${sandbox.url}/user/events`, good, headers)).status).toBe(202);
    expect((await postJson(`${sandbox.url}/user/events`, bad, headers)).status).toBe(422);
    await drained();

    // The upstream received both batches (its traffic lists the newest first).
    expect(
      upstream
        .traffic()
        .filter((record) => record.path === '/user/events')
        .map((record) => record.response?.status),
    ).toEqual([422, 202]);
    const [refused, accepted, loggedIn] = store.requests(10);
    expect(loggedIn).toMatchObject({ path: '/oauth2/login', status: 200 });
    expect(store.request(loggedIn!.id)!.upstream).toMatchObject({ url: `${upstream.url}/oauth2/login`, status: 200, error: null });
    expect(JSON.parse(store.request(loggedIn!.id)!.upstream!.body)).toMatchObject({ access_token: '••••', refresh_token: '••••' });

    expect(store.request(accepted!.id)).toMatchObject({
      status: 202,
      eventCount: 2,
      response: { status: 202, body: '{"accepted":2}' },
      upstream: {
        url: `${upstream.url}/user/events`,
        status: 202,
        headers: expect.objectContaining({ 'content-type': 'application/json; charset=utf-8' }),
        body: '{"accepted":2}',
        error: null,
        durationMs: expect.any(Number),
      },
    });
    expect(store.eventsOf(accepted!.id).map((event) => [event.token, event.verdict, event.problemCount])).toEqual([
      ['fwd-1', 'accepted', 0],
      ['fwd-2', 'accepted', 0],
    ]);
    const refusal = store.request(refused!.id)!;
    expect(refusal).toMatchObject({ status: 422, eventCount: 2, upstream: { status: 422, error: null } });
    expect(JSON.parse(refusal.upstream!.body)).toMatchObject({ error: 'invalid-events' });
    // The upstream judged them: refused with their request, and no problems of the sandbox's own.
    expect(store.eventsOf(refused!.id).map((event) => [event.token, event.verdict, event.problems])).toEqual([
      ['fwd-3', 'refused', []],
      ['fwd-4', 'refused', []],
    ]);
    expect([...store.eachEvent()].map(({ event }) => event)).toEqual([...good, ...bad]);

    // The SDK's own credentials went upstream and are nowhere in the capture.
    store.close();
    const bytes = readdirSync(folder)
      .map((name) => readFileSync(path.join(folder, name)).toString('latin1'))
      .join('\n');
    for (const secret of [UPSTREAM_API_KEY, UPSTREAM_ACCOUNT.password, tokens.access_token]) expect(bytes).not.toContain(secret);
  });

  it('keeps a request the upstream never answered, with why and with the SDK’s events, not delivered (nobody refused them)', async () => {
    const url = await closedPort();
    const folder = await dataFolder();
    const { sandbox, store, drained } = await capturingSandbox(folder, { forward: { url, timeoutMs: 5000 } });
    const events = [validEvent({ token: 'lost-1' }), validEvent({ token: 'lost-2' })];
    expect((await postJson(`${sandbox.url}/user/events`, events)).status).toBe(502);
    await drained();

    const [only] = store.requests(10);
    const kept = store.request(only!.id)!;
    expect(kept).toMatchObject({ status: 502, eventCount: 2, response: { status: 502 } });
    expect(kept.upstream).toEqual({
      url: `${url}/user/events`,
      status: null,
      headers: {},
      body: '',
      error: `upstream-unreachable: The upstream ${new URL(url).host} refused the connection: nothing listens there; the request was recorded.`,
      durationMs: expect.any(Number),
    });
    expect(JSON.parse(kept.body)).toEqual(events);
    expect([...store.eachEvent()].map(({ captured, event }) => [captured.token, captured.verdict, captured.failure, event])).toEqual([
      ['lost-1', 'undelivered', 'upstream-unreachable', events[0]],
      ['lost-2', 'undelivered', 'upstream-unreachable', events[1]],
    ]);
    // The request's detail counts them apart from the refused.
    const requests = createCaptureRequests({
      capture: store,
      drained,
      writing: () => Promise.resolve(),
      clearTraffic: () => undefined,
      secrets: () => [],
      exportAs: () => Promise.resolve(null),
      appVersion: 'test',
    });
    expect(requests.detail(only!.id)).toMatchObject({ accepted: 0, refused: 0, undelivered: 2 });
    // Exactly them, for sending again once the upstream is back.
    expect(exportCapture(store, 'ndjson', { filter: null, verdict: 'undelivered' }, 'test')).toMatchObject({ count: 2, of: 2 });
    expect(exportCapture(store, 'ndjson', { filter: null, verdict: 'refused' }, 'test')).toMatchObject({ count: 0 });
    const exported = await runCli(['capture', 'export', '--verdict', 'undelivered', '--format', 'ndjson', '--data', folder], { timeout: 20_000 });
    expect(exported.code).toBe(0);
    expect(
      exported.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(events);
  });

  it('keeps the events of a request the upstream was too slow to answer as not delivered, timed out', async () => {
    const url = await httpUpstream(() => undefined);
    const { sandbox, store, drained } = await capturingSandbox(await dataFolder(), { forward: { url, timeoutMs: 200 } });
    expect((await postJson(`${sandbox.url}/user/events`, [validEvent({ token: 'slow-1' })])).status).toBe(502);
    await drained();
    expect([...store.eachEvent()].map(({ captured }) => [captured.token, captured.verdict, captured.failure])).toEqual([
      ['slow-1', 'undelivered', 'upstream-timeout'],
    ]);
  });
});
