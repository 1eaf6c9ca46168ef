import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxRequestRecordSchema, type SandboxRequestRecord } from '../../../features/sandbox/common/sandbox.ts';
import { answer, authenticated, login, postJson, sendEvents, useSandbox, validEvent } from './sandbox-client.ts';

async function temporaryFile(name: string): Promise<string> {
  return path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sandbox-')), name);
}

describe('the received traffic', () => {
  it('records each request with its time, headers, body and the response, newest first', async () => {
    const sandbox = await useSandbox();
    const before = Date.now();
    const headers = await authenticated(sandbox);
    const body = JSON.stringify([validEvent()]);
    await postJson(`${sandbox.url}/user/events?source=test`, body, { ...headers, 'X-Trace': 'abc' });
    const [events, loginRecord, ...rest] = sandbox.traffic();
    expect(rest).toEqual([]);
    expect(loginRecord).toMatchObject({ id: 1, method: 'POST', path: '/oauth2/login', response: { status: 200 } });
    expect(events).toMatchObject({
      id: 2,
      method: 'POST',
      path: '/user/events?source=test',
      headers: { 'content-type': 'application/json', 'x-trace': 'abc', apikey: '••••-key', authorization: 'Bearer ••••' },
      body: { text: body, bytes: body.length, truncated: false },
      response: { status: 202, headers: { 'content-type': 'application/json; charset=utf-8' }, body: { text: '{"accepted":1}', bytes: 14, truncated: false } },
      fault: null,
    });
    expect(Date.parse(events!.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(events!.durationMs).toBeGreaterThanOrEqual(0);
    expect(() => SandboxRequestRecordSchema.array().parse(sandbox.traffic())).not.toThrow();
  });

  it('records a body that starts with a byte order mark as its bytes decode, the mark kept', async () => {
    const sandbox = await useSandbox();
    const body = `\uFEFF${JSON.stringify([validEvent()])}`;
    await postJson(`${sandbox.url}/user/events`, body, await authenticated(sandbox));
    expect(sandbox.traffic()[0]).toMatchObject({ response: { status: 202 }, body: { text: body, bytes: Buffer.byteLength(body), truncated: false } });
  });

  it('shows an API key by its last four characters when it is long enough to spare them', async () => {
    const sandbox = await useSandbox({ apiKeys: ['live-key-0123456789'] });
    const { access_token } = await login(sandbox);
    await sendEvents(sandbox, [validEvent()], { apiKey: 'live-key-0123456789', Authorization: `Bearer ${access_token}` });
    expect(sandbox.traffic()[0]?.headers.apikey).toBe('••••6789');
  });

  it('masks the API key, the password and the bearer token wherever a request carries them, as the capture does', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', apiKeys: ['live-key-0123456789'] });
    const { access_token } = await login(sandbox);
    const carried = [{ ...validEvent(), attributes: { key: 'live-key-0123456789', pass: 'demo-password', token: access_token } }];
    await sendEvents(sandbox, carried, { apiKey: 'live-key-0123456789', Authorization: `Bearer ${access_token}` });
    await fetch(`${sandbox.url}/nowhere?note=live-key-0123456789`);
    const [lookup, events] = sandbox.traffic();
    expect(events!.body.text).not.toMatch(/live-key-0123456789|demo-password|${access_token}/);
    expect(JSON.parse(events!.body.text)).toMatchObject([{ attributes: { key: '••••', pass: '••••', token: '••••' } }]);
    expect(lookup!.path).toBe('/nowhere?note=••••');
  });

  it('keeps at most the configured number of requests, dropping the oldest', async () => {
    const sandbox = await useSandbox({ trafficLimit: 3 });
    for (let request = 1; request <= 5; request++) await fetch(`${sandbox.url}/nowhere/${request}`);
    expect(sandbox.traffic().map((record) => record.path)).toEqual(['/nowhere/5', '/nowhere/4', '/nowhere/3']);
    expect(sandbox.traffic().map((record) => record.id)).toEqual([5, 4, 3]);
  });

  it('keeps 10 000 requests by default', async () => {
    const sandbox = await useSandbox();
    expect(sandbox.options.trafficLimit).toBe(10_000);
  });

  it('drops the oldest requests to stay within its size budget', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', trafficTotalBytes: 12_000 });
    const headers = await authenticated(sandbox);
    for (let request = 0; request < 10; request++) await sendEvents(sandbox, ['x'.repeat(3000)], headers);
    const kept = sandbox.traffic();
    expect(kept.length).toBeLessThan(10);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept[0]?.id).toBe(11);
  });

  it('keeps only the first bytes of a large body and says so', async () => {
    const sandbox = await useSandbox({ mode: 'lenient', trafficBodyBytes: 100 });
    const body = JSON.stringify(['y'.repeat(500)]);
    await sendEvents(sandbox, body);
    expect(sandbox.traffic()[0]?.body).toEqual({ text: body.slice(0, 100), bytes: body.length, truncated: true });
  });

  it('tells listeners of each request until they unsubscribe, and survives a listener that throws', async () => {
    const sandbox = await useSandbox();
    const heard: SandboxRequestRecord[] = [];
    sandbox.onRequest(() => {
      throw new Error('a broken listener');
    });
    const unsubscribe = sandbox.onRequest((record) => heard.push(record));
    await fetch(`${sandbox.url}/first`);
    unsubscribe();
    await fetch(`${sandbox.url}/second`);
    expect(heard.map((record) => record.path)).toEqual(['/first']);
    expect(sandbox.traffic()).toHaveLength(2);
  });

  it('serves the traffic on GET /_sandbox/requests and clears it on DELETE, without recording either', async () => {
    const sandbox = await useSandbox();
    await login(sandbox);
    await fetch(`${sandbox.url}/somewhere`);
    const listed = await answer(fetch(`${sandbox.url}/_sandbox/requests`));
    expect(listed.status).toBe(200);
    expect((listed.body as SandboxRequestRecord[]).map((record) => record.path)).toEqual(['/somewhere', '/oauth2/login']);
    expect(await answer(fetch(`${sandbox.url}/_sandbox/requests`, { method: 'DELETE' }))).toEqual({ status: 204, body: null });
    expect(await answer(fetch(`${sandbox.url}/_sandbox/requests`))).toEqual({ status: 200, body: [] });
    expect(sandbox.traffic()).toEqual([]);
    await fetch(`${sandbox.url}/again`);
    expect(sandbox.traffic().map((record) => record.id)).toEqual([3]);
  });

  it('lists only the requests after a given one, and the newest N, on GET /_sandbox/requests?after=ID&limit=N', async () => {
    const sandbox = await useSandbox();
    for (const place of ['/one', '/two', '/three', '/four']) await fetch(`${sandbox.url}${place}`);
    const paths = async (query: string) =>
      ((await answer(fetch(`${sandbox.url}/_sandbox/requests${query}`))).body as SandboxRequestRecord[]).map((record) => record.path);
    expect(await paths('?after=2')).toEqual(['/four', '/three']);
    expect(await paths('?limit=1')).toEqual(['/four']);
    expect(await paths('?after=1&limit=2')).toEqual(['/four', '/three']);
    expect(await paths('?after=4')).toEqual([]);
    for (const wrong of ['?after=-1', '?after=two', '?limit=0', '?limit=1.5', `?after=${'9'.repeat(17)}`]) {
      const refused = await answer(fetch(`${sandbox.url}/_sandbox/requests${wrong}`));
      expect(refused).toMatchObject({ status: 400, body: { error: 'invalid-query' } });
    }
  });

  it('clears through the server too', async () => {
    const sandbox = await useSandbox();
    await fetch(`${sandbox.url}/somewhere`);
    sandbox.clearTraffic();
    expect(sandbox.traffic()).toEqual([]);
  });

  it('appends every record to the NDJSON log file', async () => {
    const logFile = await temporaryFile('traffic.ndjson');
    const sandbox = await useSandbox({ logFile });
    await login(sandbox);
    await fetch(`${sandbox.url}/somewhere`);
    await sandbox.close();
    const lines = (await readFile(logFile, 'utf8')).trimEnd().split('\n');
    expect(lines.map((line) => SandboxRequestRecordSchema.parse(JSON.parse(line)).path)).toEqual(['/oauth2/login', '/somewhere']);
  });

  it('refuses to start with a log file it cannot write', async () => {
    await expect(useSandbox({ logFile: '/nonexistent-folder/traffic.ndjson' })).rejects.toMatchObject({ code: 'sandbox-log' });
  });
});

describe('secrets in the traffic', () => {
  it('never keep a password, a token or an API key: not in traffic(), not on /_sandbox/requests, not in the log', async () => {
    const password = 'correct-horse-battery-staple';
    const apiKey = 'secret-api-key-for-the-test';
    const logFile = await temporaryFile('traffic.ndjson');
    const sandbox = await useSandbox({ users: [{ username: 'qa', password }], apiKeys: [apiKey], logFile });
    const loginUrl = `${sandbox.url}/oauth2/login`;
    const tokens = await login(sandbox, { username: 'qa', password });
    const headers = { apiKey, Authorization: `Bearer ${tokens.access_token}` };
    await sendEvents(sandbox, [validEvent()], headers);
    // The ways a client gets a login wrong still carry the password.
    await postJson(loginUrl, { username: 'qa', pass: password });
    await postJson(loginUrl, `{"username": "qa", "password": "${password}"`);
    await postJson(loginUrl, [password]);
    await postJson(`${sandbox.url}/oauth/login`, { username: 'qa', password });
    await fetch(loginUrl, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: `qa:${password}` });
    await sendEvents(sandbox, [validEvent()], { ...headers, Authorization: `Bearer ${tokens.refresh_token}` });
    await sendEvents(sandbox, [validEvent()], { ...headers, Authorization: tokens.access_token });
    await postJson(`${sandbox.url}/user/events?access_token=${tokens.access_token}&apiKey=${apiKey}&page=2`, [validEvent()]);

    const served = await (await fetch(`${sandbox.url}/_sandbox/requests`)).text();
    await sandbox.close();
    const kept = { traffic: JSON.stringify(sandbox.traffic()), served, log: await readFile(logFile, 'utf8') };
    for (const [where, text] of Object.entries(kept)) {
      expect(text.length, where).toBeGreaterThan(1000);
      for (const secret of [password, apiKey, tokens.access_token, tokens.refresh_token]) expect(text.includes(secret), `${where} holds ${secret}`).toBe(false);
    }
    expect(sandbox.traffic()[0]?.path).toBe(
      '/user/events?access_token=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&apiKey=%E2%80%A2%E2%80%A2%E2%80%A2%E2%80%A2&page=2',
    );
    expect(sandbox.traffic().find((record) => record.response?.status === 200)).toMatchObject({
      body: { text: '{"username":"qa","password":"••••"}' },
      response: { body: { text: expect.stringContaining('"access_token":"••••","refresh_token":"••••"') } },
    });
  });
});
