import { describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { answer, login, postJson, useSandbox } from './sandbox-client.ts';

describe('POST /oauth2/login', () => {
  it('gives the token response of service-api.md §2.2 for the demo account', async () => {
    const sandbox = await useSandbox();
    const response = await postJson(`${sandbox.url}/oauth2/login`, { username: 'demo', password: 'demo-password' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    expect(body.expires_in).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('issues a new pair of tokens at each login', async () => {
    const sandbox = await useSandbox();
    const [first, second] = [await login(sandbox), await login(sandbox)];
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
  });

  it('writes expires_in as an absolute time, token lifetime ahead, in the configured zone (UTC by default)', async () => {
    const now = () => new Date('2026-07-04T09:05:03.750Z');
    const inUtc = await useSandbox({ now, tokenTtlSeconds: 600 });
    expect((await login(inUtc)).expires_in).toBe('2026-07-04 09:15:03');
    const inBerlin = await useSandbox({ now, tokenTtlSeconds: 600, timeZone: 'Europe/Berlin' });
    expect((await login(inBerlin)).expires_in).toBe('2026-07-04 11:15:03');
    const inKolkata = await useSandbox({ now, tokenTtlSeconds: 86_400, timeZone: 'Asia/Kolkata' });
    expect((await login(inKolkata)).expires_in).toBe('2026-07-05 14:35:03');
  });

  it('takes the configured users instead of the demo one', async () => {
    const sandbox = await useSandbox({ users: [{ username: 'qa', password: 'secret-qa-password' }] });
    await expect(login(sandbox, { username: 'qa', password: 'secret-qa-password' })).resolves.toMatchObject({ token_type: 'Bearer' });
    expect((await answer(postJson(`${sandbox.url}/oauth2/login`, SANDBOX_DEMO_CREDENTIALS))).status).toBe(401);
  });

  it.each([
    ['a wrong password', { username: 'demo', password: 'wrong' }],
    ['an unknown user', { username: 'nobody', password: 'demo-password' }],
    ['a password of another case', { username: 'demo', password: 'DEMO-PASSWORD' }],
  ])('answers 401 to %s', async (_, credentials) => {
    const sandbox = await useSandbox();
    expect(await answer(postJson(`${sandbox.url}/oauth2/login`, credentials))).toEqual({
      status: 401,
      body: { error: 'invalid-credentials', message: 'The username or password is wrong.' },
    });
  });

  it('answers 400 with the line and column of malformed JSON', async () => {
    const sandbox = await useSandbox();
    const result = await answer(postJson(`${sandbox.url}/oauth2/login`, '{\n  "username": "demo",\n  "password" "x"\n}'));
    expect(result).toEqual({
      status: 400,
      body: { error: 'malformed-json', message: `Malformed JSON at line 3, column 14: expected ':' after the field name, found '"x"'.`, line: 3, column: 14 },
    });
  });

  it.each([
    ['no password', { username: 'demo' }, 'The login needs password as a string.'],
    ['no fields', {}, 'The login needs username and password as a string.'],
    ['a number for a password', { username: 'demo', password: 1234 }, 'The login needs password as a string.'],
    ['an array', ['demo', 'demo-password'], 'The body must be a JSON object {"username": "...", "password": "..."}.'],
    ['null', null, 'The body must be a JSON object {"username": "...", "password": "..."}.'],
  ])('answers 400 to a login with %s', async (_, body, message) => {
    const sandbox = await useSandbox();
    expect(await answer(postJson(`${sandbox.url}/oauth2/login`, JSON.stringify(body)))).toEqual({ status: 400, body: { error: 'invalid-login', message } });
  });

  it('answers 415 to a body that is not sent as JSON', async () => {
    const sandbox = await useSandbox();
    const response = await fetch(`${sandbox.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'username=demo&password=demo-password',
    });
    expect(await answer(response)).toMatchObject({ status: 415, body: { error: 'unsupported-media-type' } });
  });

  it('answers 405 to another method and 404 to another path, as JSON errors', async () => {
    const sandbox = await useSandbox();
    const wrongMethod = await fetch(`${sandbox.url}/oauth2/login`);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(await answer(wrongMethod)).toEqual({ status: 405, body: { error: 'method-not-allowed', message: '/oauth2/login takes POST, not GET.' } });
    expect(await answer(postJson(`${sandbox.url}/oauth2/token`, SANDBOX_DEMO_CREDENTIALS))).toEqual({
      status: 404,
      body: { error: 'not-found', message: 'Nothing at /oauth2/token; the endpoints here are POST /oauth2/login, POST /user/events.' },
    });
  });
});
