import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSandboxFlags } from '../../../../app/cli/sandbox/sandbox-flags.ts';
import type { SandboxRequestRecord } from '../../../../features/sandbox/common/sandbox.ts';
import { freePort } from '../../../fixtures/free-port.ts';
import { runSandbox } from './cli-process.ts';
import { answer, postJson, useSandbox, validEvent } from '../../../features/sandbox/sandbox-client.ts';

describe('eventdesk sandbox --forward', () => {
  it('says where it forwards, passes the SDK’s login and events to the upstream and records both sides', async () => {
    const account = { username: 'staging-user', password: 'staging-password-91c2' };
    const apiKey = 'staging-api-key-3d7a';
    const upstream = await useSandbox({ users: [account], apiKeys: [apiKey] });
    const forwarder = await runSandbox(['--port', '0', '--forward', upstream.url, '--forward-timeout', '4000']);
    expect(forwarder.output()).toContain(`Forwarding to ${upstream.url}:`);
    expect(forwarder.output()).toContain('the upstream has 4000 ms to answer');

    const login = await postJson(`${forwarder.url}/oauth2/login`, account);
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const sent = await answer(postJson(`${forwarder.url}/user/events`, [validEvent(), validEvent()], { apiKey, Authorization: `Bearer ${access_token}` }));
    expect(sent).toEqual({ status: 202, body: { accepted: 2 } });
    expect(upstream.traffic().map((record) => [record.path, record.response?.status])).toEqual([
      ['/user/events', 202],
      ['/oauth2/login', 200],
    ]);

    const recorded = (await answer(fetch(`${forwarder.url}/_sandbox/requests`))).body as SandboxRequestRecord[];
    expect(recorded).toMatchObject([
      { forwarded: { url: `${upstream.url}/user/events`, status: 202, events: 2 } },
      { forwarded: { url: `${upstream.url}/oauth2/login`, status: 200 } },
    ]);
    expect(JSON.stringify(recorded)).not.toContain(account.password);
    forwarder.child.kill('SIGTERM');
    expect(await forwarder.exited).toEqual({ code: 0, signal: null });
  });

  it('answers 502 when the upstream is down, saying the request was recorded only with --capture', async () => {
    const down = `http://127.0.0.1:${await freePort()}`;
    const host = new URL(down).host;
    const bare = await runSandbox(['--forward', down]);
    expect(await answer(postJson(`${bare.url}/oauth2/login`, { username: 'u', password: 'p' }))).toEqual({
      status: 502,
      body: { error: 'upstream-unreachable', message: `The upstream ${host} refused the connection: nothing listens there.` },
    });
    const data = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-forward-'));
    const capturing = await runSandbox(['--forward', down, '--capture', '--data', data]);
    expect(await answer(postJson(`${capturing.url}/oauth2/login`, { username: 'u', password: 'p' }))).toEqual({
      status: 502,
      body: { error: 'upstream-unreachable', message: `The upstream ${host} refused the connection: nothing listens there; the request was recorded.` },
    });
    expect(readSandboxFlags(['--forward', down])).toMatchObject({ ok: true, options: { forward: { recorded: false } } });
    expect(readSandboxFlags(['--forward', down, '--capture'])).toMatchObject({ ok: true, options: { forward: { recorded: true } } });
  });

  it('reads --forward and --forward-timeout into the options, 30 s by default', () => {
    expect(readSandboxFlags(['--forward', 'https://staging.example.com/api', '--forward-timeout', '2500'])).toMatchObject({
      ok: true,
      options: { forward: { url: 'https://staging.example.com/api', timeoutMs: 2500 } },
    });
    expect(readSandboxFlags(['--forward', 'https://staging.example.com'])).toMatchObject({
      ok: true,
      options: { forward: { url: 'https://staging.example.com', timeoutMs: 30_000 } },
    });
    expect(readSandboxFlags([])).toMatchObject({ ok: true, options: { forward: null } });
  });

  it('names the flag that is wrong', () => {
    expect(readSandboxFlags(['--forward', 'https://user:secret@staging.example.com'])).toEqual({
      ok: false,
      message: '--forward: The upstream URL must not hold a username or password: the SDK logs in with its own credentials, which are passed on.',
    });
    expect(readSandboxFlags(['--forward', 'staging'])).toEqual({
      ok: false,
      message: '--forward: "staging" is not an absolute URL; give one such as https://api.example.com.',
    });
    expect(readSandboxFlags(['--forward', 'http://127.0.0.1:9', '--forward-timeout', '0'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^--forward-timeout: /),
    });
    expect(readSandboxFlags(['--forward-timeout', '500'])).toEqual({ ok: false, message: '--forward-timeout: only with --forward URL.' });
  });
});
