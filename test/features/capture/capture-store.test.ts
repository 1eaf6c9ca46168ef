import { readFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createCaptureRecorder } from '../../../features/capture/node/capture-recorder.ts';
import { openCapture } from '../../../features/capture/node/capture-store.ts';
import { CAPTURE_WRITER_SCRIPT } from '../../../app/node/runtime-files.ts';
import type { SandboxExchange } from '../../../features/sandbox/server/exchange.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { answer, authenticated, login, postJson, sendEvents, validEvent } from '../sandbox/sandbox-client.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/** The capture store on a real capture.sqlite, fed by a real sandbox over loopback. */

describe('the capture store', () => {
  it('keeps each /user/events request with its events split out, each with its key fields and verdict', async () => {
    const { sandbox, store, drained } = await capturingSandbox(await dataFolder());
    const headers = await authenticated(sandbox);
    const good = [validEvent({ token: 't-1', customer_id: 'c-1' }), validEvent({ token: 't-2', customer_id: 'c-2' })];
    expect((await answer(sendEvents(sandbox, good, headers))).status).toBe(202);
    const bad = [validEvent({ token: 't-3' }), validEvent({ customer_id: 7, colour: 'red' })];
    expect((await answer(sendEvents(sandbox, bad, headers))).status).toBe(422);
    await drained();

    const [refused, accepted, loggedIn] = store.requests(10);
    expect(loggedIn).toMatchObject({ method: 'POST', path: '/oauth2/login', status: 200, eventCount: 0, reason: 'logged in' });
    expect(accepted).toMatchObject({ path: '/user/events', status: 202, eventCount: 2, reason: 'accepted 2 events' });
    expect(refused).toMatchObject({ status: 422, eventCount: 2, reason: 'invalid-events: 2 problems' });

    expect(store.eventsOf(accepted!.id).map((event) => [event.index, event.token, event.customerId, event.deviceId, event.createdAt, event.verdict])).toEqual([
      [0, 't-1', 'c-1', '1b4e28ba-2fa1-41d2-883f-0016d3cca427', '2026-05-31 09:30:00', 'accepted'],
      [1, 't-2', 'c-2', '1b4e28ba-2fa1-41d2-883f-0016d3cca427', '2026-05-31 09:30:00', 'accepted'],
    ]);
    const [clean, broken] = store.eventsOf(refused!.id);
    expect(clean).toMatchObject({ index: 0, token: 't-3', verdict: 'refused', problems: [], problemCount: 0 });
    expect(broken).toMatchObject({
      index: 1,
      customerId: '7',
      verdict: 'refused',
      problems: [
        { field: 'customer_id', message: 'Must be a string, not a number.' },
        { field: 'colour', message: 'Not a field of a user event.' },
      ],
      problemCount: 2,
    });
    // Each event reads back from its request's kept body, in order.
    expect([...store.eachEvent()].map(({ captured, event }) => [captured.requestId, captured.index, event])).toEqual([
      [accepted!.id, 0, good[0]],
      [accepted!.id, 1, good[1]],
      [refused!.id, 0, bad[0]],
      [refused!.id, 1, bad[1]],
    ]);
    // A page of the events table, in arrival order.
    expect(store.eventsPage(1, 2).map((event) => [event.requestId, event.index, event.token])).toEqual([
      [accepted!.id, 1, 't-2'],
      [refused!.id, 0, 't-3'],
    ]);
    expect(store.status()).toMatchObject({ capturing: true, problem: null, requests: 3, events: 4, notCapturedEvents: 0 });
  });

  it('keeps requests without events: a bad token, malformed JSON, a 413 refused before its body was read', async () => {
    const { sandbox, store, drained } = await capturingSandbox(await dataFolder(), { maxBodyBytes: 1000 });
    const headers = await authenticated(sandbox);
    expect((await postJson(`${sandbox.url}/user/events`, [validEvent()], { ...headers, Authorization: 'Bearer not-a-token-we-gave' })).status).toBe(401);
    expect((await postJson(`${sandbox.url}/user/events`, '[{"token": ', headers)).status).toBe(400);
    expect((await postJson(`${sandbox.url}/user/events`, 'x'.repeat(2000), headers)).status).toBe(413);
    await drained();
    const [tooLarge, malformed, unauthorised] = store.requests(3);
    expect(unauthorised).toMatchObject({ status: 401, eventCount: 0 });
    expect(unauthorised!.reason).toBe('bad token');
    expect(malformed).toMatchObject({ status: 400, eventCount: 0, reason: 'not JSON' });
    expect(store.request(malformed!.id)).toMatchObject({ body: '[{"token": ', bodyTruncated: false });
    expect(store.request(tooLarge!.id)).toMatchObject({ status: 413, body: '', bodyTruncated: true, reason: 'body too large' });
  });

  it('masks every secret before anything is written: no key, token or password is anywhere in the file', async () => {
    const folder = await dataFolder();
    const { sandbox, store, drained, file } = await capturingSandbox(folder);
    const { access_token: token } = await login(sandbox);
    const headers = { apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey, Authorization: `Bearer ${token}` };
    // An SDK that echoes its own credentials into an event, and a query string with a key.
    const leaky = [validEvent({ attributes: { debug: `key=${SANDBOX_DEMO_CREDENTIALS.apiKey} auth=${token} pw=${SANDBOX_DEMO_CREDENTIALS.password}` } })];
    expect((await answer(sendEvents(sandbox, leaky, headers))).status).toBe(202);
    expect((await postJson(`${sandbox.url}/user/events?access_token=${token}`, leaky, headers)).status).toBe(202);
    await drained();

    const detail = store.request(store.requests(1)[0]!.id)!;
    expect(detail.headers).toMatchObject({ apikey: '••••-key', authorization: 'Bearer ••••' });
    expect(detail.path).toBe('/user/events?access_token=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2');
    expect(JSON.parse(detail.body)).toEqual([validEvent({ attributes: { debug: 'key=•••• auth=•••• pw=••••' } })]);
    const loginRequest = store.request(store.requests(10).at(-1)!.id)!;
    expect(JSON.parse(loginRequest.body)).toEqual({ username: 'demo', password: '••••' });
    expect(JSON.parse(loginRequest.response!.body)).toMatchObject({ access_token: '••••', refresh_token: '••••' });

    store.close();
    const bytes = readdirSync(folder)
      .map((name) => readFileSync(path.join(folder, name)).toString('latin1'))
      .join('\n');
    expect(bytes.length).toBeGreaterThan(0);
    for (const secret of [token, SANDBOX_DEMO_CREDENTIALS.apiKey, SANDBOX_DEMO_CREDENTIALS.password]) expect(bytes).not.toContain(secret);
    expect(existsSync(file)).toBe(true);
  });

  it('keeps everything across a restart', async () => {
    const folder = await dataFolder();
    const first = await capturingSandbox(folder);
    expect((await sendEvents(first.sandbox, [validEvent(), validEvent()])).status).toBe(202);
    await first.drained();
    const before = first.store.status();
    first.store.close();

    const again = openCapture(before.file, { log: () => undefined });
    expect(again.status()).toMatchObject({ requests: before.requests, events: 2 });
    expect(again.requests(10).map((request) => request.path)).toEqual(['/user/events', '/oauth2/login']);
    again.close();
  });

  it('trims requests past the age limit, then the oldest past the size limit, with their events', async () => {
    const folder = await dataFolder();
    const capturing = await capturingSandbox(folder);
    const headers = await authenticated(capturing.sandbox);
    for (let n = 0; n < 4; n++) expect((await sendEvents(capturing.sandbox, [validEvent({ token: `t-${n}` })], headers)).status).toBe(202);
    await capturing.drained();
    // Opened again under a cap far smaller than what it holds (2 KB), as after the cap was lowered.
    const store = openCapture(capturing.file, { log: () => undefined, retention: { days: 14, megabytes: 0.002 } });
    onTestFinished(() => store.close());
    expect(store.status()).toMatchObject({ requests: 5, events: 4 });
    const sizeBefore = store.status().storedBytes;
    expect(sizeBefore).toBeGreaterThan(2048);

    // Fifteen days on, everything is past the 14 days.
    expect(store.applyRetention(new Date(Date.now() - 60_000))).toBeGreaterThan(0);
    const kept = store.status();
    expect(kept.storedBytes).toBeLessThanOrEqual(2048);
    expect(kept.requests).toBeLessThan(5);
    // What is left is the newest, with its events.
    expect(store.requests(10).at(0)!.id).toBe(5);
    expect(kept.events).toBeGreaterThan(0);
    expect([...store.eachEvent()].map(({ captured }) => captured.token)).toEqual(['t-0', 't-1', 't-2', 't-3'].slice(4 - kept.events));
    expect(store.applyRetention(new Date(Date.now() + 15 * 86_400_000))).toBe(kept.requests);
    expect(store.status()).toMatchObject({ requests: 0, events: 0 });
  });

  it('applies the retention when a sandbox starts capturing', async () => {
    const folder = await dataFolder();
    const first = await capturingSandbox(folder);
    expect((await sendEvents(first.sandbox, [validEvent()])).status).toBe(202);
    await first.drained();
    first.store.close();
    const raw = new DatabaseSync(first.file);
    raw.exec(`UPDATE requests SET received_at = '2026-01-01T00:00:00.000Z' WHERE path = '/oauth2/login'`);
    raw.close();

    const again = await capturingSandbox(folder);
    expect(again.store.requests(10).map((request) => request.path)).toEqual(['/user/events']);
  });

  it('sets a damaged file aside, says so, starts a fresh one, and the sandbox answers throughout', async () => {
    const folder = await dataFolder();
    const file = path.join(folder, 'capture.sqlite');
    writeFileSync(file, 'this is not a SQLite database, only text that claims a name it has not earned'.repeat(100));
    const said: string[] = [];
    const { sandbox, store, drained } = await capturingSandbox(folder, {}, { log: (message) => said.push(message) });
    expect((await sendEvents(sandbox, [validEvent()])).status).toBe(202);
    await drained();

    const status = store.status();
    expect(status.capturing).toBe(true);
    expect(status.problem).toMatch(
      /^The capture file could not be read, so it was set aside as .*capture\.damaged-.*\.sqlite and a fresh capture started\. \(.*file is not a database/,
    );
    expect(said).toEqual([status.problem]);
    const aside = readdirSync(folder).filter((name) => name.startsWith('capture.damaged-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(folder, aside[0]!), 'utf8')).toMatch(/^this is not a SQLite database/);
    expect(status).toMatchObject({ requests: 2, events: 1 });
  });

  it('waits only briefly on a lock another process holds, and counts what it could not write', async () => {
    const { sandbox, store, drained, file } = await capturingSandbox(await dataFolder());
    const headers = await authenticated(sandbox);
    await drained();
    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    const started = performance.now();
    try {
      expect((await sendEvents(sandbox, [validEvent(), validEvent()], headers)).status).toBe(202);
      await drained();
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // SQLite's default wait, and the history's, is 5 s: the sandbox's thread would wait as long.
    expect(performance.now() - started).toBeLessThan(2500);
    expect((await sendEvents(sandbox, [validEvent()], headers)).status).toBe(202);
    await drained();
    expect(store.status()).toMatchObject({ requests: 2, events: 1, notCapturedEvents: 2, notCapturedRequests: 1 });
  });

  it('never holds up the answers in a flood: past its queue it counts what it could not keep, in the file', async () => {
    const folder = await dataFolder();
    const { sandbox, store, drained } = await capturingSandbox(folder, {}, { limits: { events: 10, bytes: 64 * 1024 * 1024 } });
    const headers = await authenticated(sandbox);
    const batch = Array.from({ length: 10 }, (_, index) => validEvent({ token: `flood-${index}` }));
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendEvents(sandbox, batch, headers)));
    expect(answers.every((response) => response.status === 202)).toBe(true);
    await drained();
    const status = store.status();
    expect(status.events + status.notCapturedEvents).toBe(400);
    expect(status.requests - 1 + status.notCapturedRequests).toBe(40);

    // Forty exchanges told in one turn of the loop: one fits the queue, the others are counted.
    let told: SandboxExchange | null = null;
    const unsubscribe = sandbox.onExchange((exchange) => (told ??= exchange));
    expect((await sendEvents(sandbox, batch, headers)).status).toBe(202);
    unsubscribe();
    await drained();
    const before = store.status();
    const recorder = createCaptureRecorder(
      store,
      { secrets: [], serviceIdField: 'svc_id' },
      { writerScript: CAPTURE_WRITER_SCRIPT, limits: { events: 10, bytes: 1024 * 1024 } },
    );
    for (let n = 0; n < 40; n++) recorder.listener(told!);
    await recorder.close();
    const after = store.status();
    expect(after.events - before.events).toBe(10);
    expect(after.notCapturedEvents - before.notCapturedEvents).toBe(390);
    expect(after.notCapturedRequests - before.notCapturedRequests).toBe(39);

    // A batch that cannot reach the writer's thread (here a value no thread can be sent): it and
    // what comes after are counted, not lost silently, and the listener never throws at the sandbox.
    const said: string[] = [];
    const broken = createCaptureRecorder(
      store,
      { secrets: [], serviceIdField: 'svc_id' },
      { writerScript: CAPTURE_WRITER_SCRIPT, log: (message) => said.push(message) },
    );
    const unsendable = {
      ...told!,
      received: { ...told!.received!, violations: [{ index: 0, explain: () => 'no thread takes a function' }] },
    } as unknown as SandboxExchange;
    broken.listener(unsendable);
    await broken.drained();
    broken.listener(told!);
    await broken.close();
    expect(said).toEqual([expect.stringMatching(/^The capture's writer stopped: .*could not be cloned/)]);
    expect(store.status().notCapturedEvents - after.notCapturedEvents).toBe(20);
    expect(store.status().notCapturedRequests - after.notCapturedRequests).toBe(2);
    const counted = store.status();

    store.close();
    const reopened = openCapture(status.file, { log: () => undefined });
    expect(reopened.status()).toMatchObject({ notCapturedEvents: counted.notCapturedEvents, notCapturedRequests: counted.notCapturedRequests });
    expect(reopened.clear()).toEqual({ requests: counted.requests, events: counted.events });
    expect(reopened.status()).toMatchObject({ requests: 0, events: 0, notCapturedEvents: 0, notCapturedRequests: 0 });
    reopened.close();
  });
});
