import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../features/environments/common/session.ts';
import { endpoint } from '../../../features/environments/node/auth.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createSessions } from '../../../features/environments/node/sessions.ts';
import type { SandboxStartOptions } from '../../../features/sandbox/server/config.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

const batch = JSON.stringify([
  {
    token: 't-1',
    attributes: { plan: 'pro' },
    created_at: '2026-11-22 10:00:00',
    svc_id: 7,
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    customer_id: 'c-1',
  },
]);

async function setup(sandboxOptions: SandboxStartOptions = {}) {
  const started = await startSandboxSessions(open, sandboxOptions);
  const { sandbox, sessions } = started;
  const url = endpoint(sandbox.url, '/user/events');
  const send = () => sessions.authorized(LOCAL_SANDBOX_ID, url, (headers) => fetch(url, { method: 'POST', headers, body: batch }));
  return { ...started, send };
}

describe('sessions against the sandbox', () => {
  it('log in, show who and until when in the environment zone, and keep the tokens in main', async () => {
    const { sessions, info, events, vault } = await setup({ timeZone: 'Europe/Berlin' });
    const session = await sessions.login({
      environmentId: LOCAL_SANDBOX_ID,
      username: info.demoUsername,
      password: info.demoPassword,
      rememberPassword: false,
    });
    expect(session).toMatchObject({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', state: 'active', expiresReadAs: 'date-time', autoRenew: false });
    expect(session.serverExpiry).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const token = vault.get(LOCAL_SANDBOX_ID).accessToken!;
    expect(token.length).toBeGreaterThan(30);
    expect(JSON.stringify([session, events])).not.toContain(token);
    expect(events.map((event) => event.reason)).toEqual(['logged-in']);
    expect(vault.get(LOCAL_SANDBOX_ID).password).toBeUndefined();
  });

  it('refuse a wrong password as wrong credentials', async () => {
    const { sessions } = await setup();
    await expect(sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: 'nope', rememberPassword: false })).rejects.toMatchObject({
      code: 'wrong-credentials',
    });
    expect(sessions.status(LOCAL_SANDBOX_ID)).toBeNull();
  });

  it('send with the apiKey and Bearer headers the service expects', async () => {
    const { sessions, info, send, sandbox } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: false });
    expect((await send()).status).toBe(202);
    const request = sandbox.traffic().find((record) => record.path === '/user/events')!;
    expect(request.headers.apikey).toBeDefined();
    expect(request.headers.authorization).toBe('Bearer ••••');
  });

  it('answer a 401 with one re-login and one retry', async () => {
    const { sessions, info, send, sandbox, logins, events } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    sandbox.setFaults({ failSequence: [401] });
    expect((await send()).status).toBe(202);
    expect(logins()).toBe(2);
    expect(events.at(-1)).toMatchObject({
      reason: 'renewed',
      message: 'The server refused the login (HTTP 401): EventDesk logged in again with the remembered password.',
    });
  });

  it('never loop: when the retry is refused too, its answer is final', async () => {
    const { sessions, info, send, sandbox, logins } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    sandbox.setFaults({ failSequence: [401, 401, 401] });
    expect((await send()).status).toBe(401);
    expect(logins()).toBe(2);
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toHaveLength(2);
  });

  it('ask for the password when a 401 comes and none is remembered, and send nothing more', async () => {
    const { sessions, info, send, sandbox, events } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: false });
    sandbox.setFaults({ failSequence: [401] });
    await expect(send()).rejects.toMatchObject({ code: 'needs-login' });
    expect(events.at(-1)?.reason).toBe('needs-login');
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toHaveLength(1);
  });

  it('log in again by itself when the token has expired', async () => {
    // Two seconds, not one: the sandbox stamps tokens to the whole second, so a one-second token
    // issued late in a second can expire almost at once and set off a third login.
    const { sessions, info, send, logins, events } = await setup({ tokenTtlSeconds: 2 });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    sessions.dispose(); // stop the scheduled renewal: this test is about the expired token met at send time
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(sessions.status(LOCAL_SANDBOX_ID)?.state).toBe('expired');
    expect((await send()).status).toBe(202);
    expect(logins()).toBe(2);
    // After the expiry, not before it.
    expect(events.at(-1)).toMatchObject({ reason: 'renewed', message: 'Your login had expired: EventDesk logged in again with the remembered password.' });
  });

  it('renew shortly before expiry when the password is remembered, and say so', async () => {
    const { sessions, info, events } = await setup({ tokenTtlSeconds: 2 });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    await expect.poll(() => events.map((event) => event.reason), { timeout: 4000 }).toContain('renewed');
    expect(events.find((event) => event.reason === 'renewed')?.message).toBe('Logged in again automatically before the session expired.');
    expect(sessions.status(LOCAL_SANDBOX_ID)?.state).toBe('active');
  });

  // `eventdesk send` disposes the sessions when the send ends. A renewal under way at that moment
  // used to set fresh timers as it ended, and then renew every two seconds for ever: the command
  // never exited (the "hang under CPU load" of the CLI send test).
  it('set no timer after dispose, even for a renewal that was under way and ends later', async () => {
    const { sandbox, environments, vault, info } = await startSandboxSessions(open, { tokenTtlSeconds: 2 });
    const logins = () => sandbox.traffic().filter((record) => record.path === '/oauth2/login').length;
    let holdLogins = false;
    let loginStarted: () => void = () => undefined;
    const loginHeld = new Promise<void>((resolve) => (loginStarted = resolve));
    let releaseLogin: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (releaseLogin = resolve));
    const events: SessionEvent[] = [];
    const sessions = createSessions({
      environments,
      vault,
      push: (event) => events.push(event),
      fetch: async (input, init) => {
        if (holdLogins && input.endsWith('/oauth2/login')) {
          loginStarted();
          await released;
        }
        return fetch(input, init);
      },
    });
    open.push({ close: () => sessions.dispose() });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    holdLogins = true;
    await loginHeld; // the renewal timer fired: its login is under way, held here
    sessions.dispose();
    releaseLogin();
    await expect.poll(() => events.map((event) => event.reason), { timeout: 4000 }).toEqual(['logged-in', 'renewed']);
    expect(logins()).toBe(2);
    // The renewed token's own renewal would have come 500 ms before it expires: wait past that.
    await expect.poll(() => sessions.status(LOCAL_SANDBOX_ID)?.state, { timeout: 4000 }).toBe('expired');
    await sleep(300);
    expect(logins()).toBe(2);
    expect(events.map((event) => event.reason)).toEqual(['logged-in', 'renewed']);
  });

  it('ask before expiry when the password is not remembered', async () => {
    const { sessions, info, events } = await setup({ tokenTtlSeconds: 2 });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: false });
    await expect.poll(() => events.map((event) => event.reason), { timeout: 4000 }).toEqual(['logged-in', 'needs-login', 'expired']);
  });

  it('wipe the tokens on logout', async () => {
    const { sessions, info, vault } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    await sessions.logout(LOCAL_SANDBOX_ID);
    expect(vault.get(LOCAL_SANDBOX_ID)).toEqual({ apiKey: info.demoApiKey, password: info.demoPassword });
    expect(sessions.status(LOCAL_SANDBOX_ID)).toBeNull();
  });

  it('do not bring a session back when logout comes during a renewal', async () => {
    const { sessions, info, send, sandbox } = await setup({ faults: { latencyMs: 300 } });
    sandbox.setFaults({ latencyMs: 0 });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    sandbox.setFaults({ latencyMs: 300, failSequence: [401] });
    const sending = send().catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 450));
    await sessions.logout(LOCAL_SANDBOX_ID);
    expect(await sending).toMatchObject({ code: 'logged-out' });
    expect(sessions.status(LOCAL_SANDBOX_ID)).toBeNull();
  });

  it('forget the password of a failed login when "remember" is off', async () => {
    const { sessions, info, vault } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    await expect(sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: 'wrong', rememberPassword: false })).rejects.toMatchObject({
      code: 'wrong-credentials',
    });
    expect(vault.get(LOCAL_SANDBOX_ID).password).toBeUndefined();
  });

  it('keep the username of a failed login out of the environment, and refuse invisible characters', async () => {
    const { sessions, environments } = await setup();
    await expect(sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'someone', password: 'wrong', rememberPassword: false })).rejects.toMatchObject({
      code: 'wrong-credentials',
    });
    expect(environments.get(LOCAL_SANDBOX_ID).username).toBe('demo');
    await expect(sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo\u202e', password: 'x', rememberPassword: false })).rejects.toMatchObject({
      code: 'invalid-username',
    });
  });

  it('refuse a token that is already expired when read in the environment zone, instead of renewing in a loop', async () => {
    const { sessions, info, logins } = await setup({ timeZone: 'America/New_York' });
    await expect(
      sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true }),
    ).rejects.toMatchObject({
      code: 'token-already-expired',
      message: expect.stringContaining('time zone'),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logins()).toBe(1);
  });

  it('wait out a token that lasts longer than a timer can, without renewing at once', async () => {
    const { sessions, info, logins } = await setup({ tokenTtlSeconds: 40 * 86_400 });
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logins()).toBe(1);
    expect(sessions.status(LOCAL_SANDBOX_ID)?.state).toBe('active');
  });

  it('end the session when its environment is removed or points elsewhere', async () => {
    const { sessions, info, environments } = await setup();
    await sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: info.demoPassword, rememberPassword: false });
    const copy = await environments.duplicate(LOCAL_SANDBOX_ID);
    const edit = { settings: { ...environments.get(copy.id), baseUrl: 'https://elsewhere.example.com' } };
    await sessions.login({ environmentId: copy.id, username: 'demo', password: info.demoPassword, rememberPassword: false });
    expect(sessions.status(copy.id)?.state).toBe('active');
    await environments.update(copy.id, edit);
    expect(sessions.status(copy.id)).toBeNull();
    expect(sessions.status(LOCAL_SANDBOX_ID)?.state).toBe('active');
    await environments.remove(LOCAL_SANDBOX_ID);
    expect(sessions.status(LOCAL_SANDBOX_ID)).toBeNull();
  });
});
