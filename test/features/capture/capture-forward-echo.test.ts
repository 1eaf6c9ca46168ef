import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startEchoServer } from '../../fixtures/echo-server.ts';
import { leaksIn } from '../../fixtures/hostile/secrets.ts';
import { postJson, validEvent } from '../sandbox/sandbox-client.ts';
import { runCli } from '../../support/cli-run.ts';
import { capturingSandbox, dataFolder } from './capture-support.ts';

/**
 * Issue #29 item 6: a capturing sandbox with a traffic log, forwarding to a server that echoes
 * every header and body back (as `x-echo-*` headers, and JSON-escaped, URL-encoded and base64 in
 * its body). The secrets the client sent (its API key, its bearer token, a Basic header, its login
 * password) and the tokens the upstream issued are masked in everything recorded of the exchange,
 * the upstream's answer included: GET /_sandbox/requests, the --log file, capture.sqlite (and its
 * WAL, read as bytes) and `capture export --format har`.
 */

// Characters that change in every encoding: quote, backslash, slash, plus, equals, <&>, non-ASCII.
const API_KEY = 'ak_"echo\\key/+=_<&>5f3c9a';
const PASSWORD = 'pass "wörd" \\ 7e1d&x=1/<b>';

describe('a forwarding sandbox in front of a server that echoes secrets', () => {
  it('keeps none of the client’s secrets, nor the issued tokens, in its traffic, log, capture or HAR export', async () => {
    const echo = await startEchoServer();
    onTestFinished(() => echo.close());
    const folder = await dataFolder();
    const logFile = path.join(os.tmpdir(), `eventdesk-echo-log-${process.pid}-${Date.now()}.ndjson`);
    const { sandbox, drained } = await capturingSandbox(folder, { forward: { url: echo.url, timeoutMs: 5000 }, logFile });

    const login = await postJson(`${sandbox.url}/oauth2/login`, { username: 'qa-echo', password: PASSWORD });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const batch = [validEvent({ token: 'echo-1' })];
    expect((await postJson(`${sandbox.url}/user/events`, batch, { apiKey: API_KEY, Authorization: `Bearer ${access_token}` })).status).toBe(200);
    const basic = `Basic ${Buffer.from(`qa-echo:${PASSWORD}`).toString('base64')}`;
    expect((await postJson(`${sandbox.url}/user/events`, batch, { apiKey: API_KEY, Authorization: basic })).status).toBe(200);
    await drained();

    // The upstream did get them, and echoed them: that is the point of the test.
    const [tokens] = echo.issued;
    expect(echo.received.map((request) => request.headers.apikey)).toEqual([undefined, API_KEY, API_KEY]);
    const secrets = { 'API key': API_KEY, password: PASSWORD, 'access token': tokens!.accessToken, 'refresh token': tokens!.refreshToken };

    const listed = await (await fetch(`${sandbox.url}/_sandbox/requests`)).text();
    expect(JSON.parse(listed)).toHaveLength(3);
    expect(listed).toContain('x-echo-apikey');
    const har = await runCli(['capture', 'export', '--format', 'har', '--data', folder], { timeout: 20_000 });
    expect(har.code).toBe(0);
    expect(har.stdout).toContain('x-echo-apikey');
    const leaks = [...leaksIn('GET /_sandbox/requests', listed, secrets), ...leaksIn('capture export --format har', har.stdout, secrets)];
    await sandbox.close();
    const logged = await readFile(logFile, 'utf8');
    onTestFinished(() => import('node:fs/promises').then(({ rm }) => rm(logFile, { force: true })));
    expect(logged.trim().split('\n')).toHaveLength(3);
    leaks.push(...leaksIn('--log', logged, secrets));
    for (const name of await readdir(folder))
      leaks.push(
        ...leaksIn(name, (await readFile(path.join(folder, name))).toString('latin1'), secrets),
        ...leaksIn(name, await readFile(path.join(folder, name), 'utf8'), secrets),
      );
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('records a login whose upstream issues 60 KB tokens, the tokens masked', async () => {
    const echo = await startEchoServer({ tokenBytes: 60 * 1024 });
    onTestFinished(() => echo.close());
    const folder = await dataFolder();
    const { sandbox, store, drained } = await capturingSandbox(folder, { forward: { url: echo.url, timeoutMs: 5000 } });
    const login = await postJson(`${sandbox.url}/oauth2/login`, { username: 'qa-echo', password: PASSWORD });
    expect(login.status).toBe(200);
    await drained();

    const [tokens] = echo.issued;
    expect(tokens!.accessToken.length).toBeGreaterThan(60 * 1024);
    const listed = await (await fetch(`${sandbox.url}/_sandbox/requests`)).text();
    const [captured] = store.requests(10);
    expect(captured).toMatchObject({ path: '/oauth2/login', status: 200 });
    const kept = JSON.stringify(store.request(captured!.id));
    const secrets = { password: PASSWORD, 'access token': tokens!.accessToken, 'refresh token': tokens!.refreshToken };
    expect([...leaksIn('GET /_sandbox/requests', listed, secrets), ...leaksIn('capture', kept, secrets)]).toEqual([]);
    expect(JSON.parse(listed)).toEqual([expect.objectContaining({ path: '/oauth2/login', response: expect.objectContaining({ status: 200 }) })]);
  });
});
