import { describe, expect, it } from 'vitest';
import { LISTED_PROBLEM_LIMIT } from '../../../features/sandbox/server/event-rules.ts';
import { answer, authenticated, login, postJson, sendEvents, useSandbox, validEvent } from './sandbox-client.ts';

describe('POST /user/events: who may call', () => {
  it('answers 403 when the apiKey header is missing or unknown', async () => {
    const sandbox = await useSandbox();
    const { Authorization } = await authenticated(sandbox);
    expect(await answer(sendEvents(sandbox, [validEvent()], { Authorization }))).toEqual({
      status: 403,
      body: { error: 'missing-api-key', message: 'The apiKey header is missing.' },
    });
    expect(await answer(sendEvents(sandbox, [validEvent()], { Authorization, apiKey: 'not-the-key' }))).toMatchObject({
      status: 403,
      body: { error: 'unknown-api-key' },
    });
  });

  it('takes any of the configured API keys, and only those', async () => {
    const sandbox = await useSandbox({ apiKeys: ['first-key-123', 'second-key-456'] });
    const { Authorization } = await authenticated(sandbox);
    expect((await sendEvents(sandbox, [validEvent()], { Authorization, apiKey: 'second-key-456' })).status).toBe(202);
    expect((await sendEvents(sandbox, [validEvent()], { Authorization, apiKey: 'demo-api-key' })).status).toBe(403);
  });

  it.each([
    ['missing', undefined, 'missing-token'],
    ['not a bearer token', 'Basic ZGVtbzpkZW1vLXBhc3N3b3Jk', 'malformed-authorization'],
    ['a bearer without a token', 'Bearer ', 'malformed-authorization'],
    ['unknown', 'Bearer bm90LWEtdG9rZW4', 'unknown-token'],
  ])('answers 401 when the bearer token is %s', async (_, authorization, error) => {
    const sandbox = await useSandbox();
    const headers: Record<string, string> = { apiKey: 'demo-api-key', ...(authorization === undefined ? {} : { Authorization: authorization }) };
    const response = await sendEvents(sandbox, [validEvent()], headers);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="sandbox"/);
    expect(await answer(response)).toMatchObject({ status: 401, body: { error } });
  });

  it('reads the Bearer scheme without regard to case', async () => {
    const sandbox = await useSandbox();
    const { access_token } = await login(sandbox);
    expect((await sendEvents(sandbox, [validEvent()], { apiKey: 'demo-api-key', Authorization: `bearer ${access_token}` })).status).toBe(202);
  });

  it('answers 401 once the token has expired, and not a second before', async () => {
    let clock = new Date('2026-07-04T09:00:00.000Z');
    const sandbox = await useSandbox({ tokenTtlSeconds: 60, now: () => clock });
    const headers = await authenticated(sandbox);
    clock = new Date('2026-07-04T09:00:59.999Z');
    expect((await sendEvents(sandbox, [validEvent()], headers)).status).toBe(202);
    clock = new Date('2026-07-04T09:01:00.000Z');
    expect(await answer(sendEvents(sandbox, [validEvent()], headers))).toEqual({
      status: 401,
      body: { error: 'expired-token', message: 'The access token has expired: log in again.' },
    });
  });
});

describe('POST /_sandbox/tokens/expire', () => {
  it('ends every token issued so far, so the next call is refused as expired; a login after it works', async () => {
    const sandbox = await useSandbox();
    const first = await authenticated(sandbox);
    const second = await authenticated(sandbox);
    expect(await answer(postJson(`${sandbox.url}/_sandbox/tokens/expire`, ''))).toEqual({ status: 200, body: { expired: 2 } });
    for (const headers of [first, second])
      expect(await answer(sendEvents(sandbox, [validEvent()], headers))).toMatchObject({ status: 401, body: { error: 'expired-token' } });
    expect((await sendEvents(sandbox, [validEvent()], await authenticated(sandbox))).status).toBe(202);
    expect(await answer(postJson(`${sandbox.url}/_sandbox/tokens/expire`, ''))).toEqual({ status: 200, body: { expired: 1 } });
  });
});

describe('POST /user/events: the body', () => {
  it('answers 415 to another Content-Type, and takes application/json with a UTF-8 charset', async () => {
    const sandbox = await useSandbox();
    const headers = await authenticated(sandbox);
    const body = JSON.stringify([validEvent()]);
    const send = (contentType: string) => fetch(`${sandbox.url}/user/events`, { method: 'POST', headers: { ...headers, 'Content-Type': contentType }, body });
    expect(await answer(send('text/plain'))).toMatchObject({ status: 415, body: { error: 'unsupported-media-type' } });
    expect((await send('application/json; charset=latin1')).status).toBe(415);
    expect((await send('Application/JSON; charset=UTF-8')).status).toBe(202);
  });

  it.each([
    ['[{"token": "a",}]', 1, 16, `expected a field name in double quotes, found '}'`],
    ['[\n  {"token": "a"}\n  {"token": "b"}\n]', 3, 3, `expected ',' or ']', found '{'`],
    ['[\n  nope\n]', 2, 3, `expected a value or ']', found 'nope'`],
    ['[{"token": "a"', 1, 15, `it ends where ',' or '}' should be`],
    ['[] []', 1, 4, `there is more after the end of the JSON, starting with '['`],
    ['', 1, 1, 'it ends where a value (an object, array, string, number, true, false or null) should be'],
    ['[\u00A0]', 1, 2, `expected a value or ']', found "\\u00A0"`],
    ['[{"a": 1 "b\n"}]', 1, 10, `expected ',' or '}', found '"b'`],
  ])('answers 400 with the line and column of malformed JSON: %j', async (body, line, column, reason) => {
    const sandbox = await useSandbox();
    expect(await answer(sendEvents(sandbox, body))).toEqual({
      status: 400,
      body: { error: 'malformed-json', message: `Malformed JSON at line ${line}, column ${column}: ${reason}.`, line, column },
    });
  });

  it('answers 400 to a body that is not UTF-8', async () => {
    const sandbox = await useSandbox();
    const headers = await authenticated(sandbox);
    const response = await fetch(`${sandbox.url}/user/events`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]),
    });
    expect(await answer(response)).toMatchObject({ status: 400, body: { error: 'invalid-utf8' } });
  });

  it.each([
    ['an object', validEvent(), 'not-an-array'],
    ['a string', 'hello', 'not-an-array'],
    ['an empty array', [], 'empty-array'],
  ])('answers 400 to %s', async (_, body, error) => {
    const sandbox = await useSandbox();
    expect(await answer(sendEvents(sandbox, JSON.stringify(body)))).toMatchObject({ status: 400, body: { error } });
  });

  it('answers 413 to a body over the maximum size', async () => {
    const sandbox = await useSandbox({ maxBodyBytes: 1000 });
    const headers = await authenticated(sandbox);
    const events = Array.from({ length: 10 }, (_, index) => validEvent({ token: `event-${index}` }));
    expect(JSON.stringify(events).length).toBeGreaterThan(1000);
    expect(await answer(sendEvents(sandbox, events, headers))).toEqual({
      status: 413,
      body: { error: 'body-too-large', message: 'The body is over the limit of 1000 bytes.' },
    });
    expect((await sendEvents(sandbox, events.slice(0, 2), headers)).status).toBe(202);
  });
});

describe('POST /user/events: strict mode', () => {
  it('accepts valid events with 202 {accepted: n}', async () => {
    const sandbox = await useSandbox();
    const events = [validEvent(), validEvent({ token: 'b', attributes: {}, svc_id: -7 }), validEvent({ created_at: '2024-02-29 23:59:59' })];
    expect(await answer(sendEvents(sandbox, events))).toEqual({ status: 202, body: { accepted: 3 } });
  });

  it('answers 422 naming each problem by event index and field', async () => {
    const sandbox = await useSandbox();
    const events = [
      validEvent(),
      validEvent({ token: 7, svc_id: '42' }),
      validEvent({ created_at: '2026-02-30 10:00:00' }),
      validEvent({ created_at: '2026-03-01T10:00:00', svc_id: 4.5 }),
      validEvent({ attributes: { plan: 'pro', spend: 12.5, tags: ['a'] } }),
      'not an event',
      { token: 'only a token' },
      validEvent({ svcId: 42 }),
      validEvent({ attributes: null, device_id: null }),
    ];
    const result = await answer(sendEvents(sandbox, events));
    expect(result).toEqual({
      status: 422,
      body: {
        error: 'invalid-events',
        message: '16 problems in the events.',
        errors: [
          { index: 1, field: 'token', message: 'Must be a string, not a number.' },
          { index: 1, field: 'svc_id', message: 'Must be an integer, not a string.' },
          { index: 2, field: 'created_at', message: '2026-02-30 is not a date in the calendar.' },
          { index: 3, field: 'created_at', message: '"2026-03-01T10:00:00" is not in the form YYYY-MM-DD HH:MM:SS.' },
          { index: 3, field: 'svc_id', message: 'Must be an integer, not 4.5.' },
          { index: 4, field: 'attributes.spend', message: 'An attribute value must be a string, not a number.' },
          { index: 4, field: 'attributes.tags', message: 'An attribute value must be a string, not an array.' },
          { index: 5, field: '', message: 'An event must be a JSON object, not a string.' },
          { index: 6, field: 'attributes', message: 'Required.' },
          { index: 6, field: 'created_at', message: 'Required.' },
          { index: 6, field: 'svc_id', message: 'Required.' },
          { index: 6, field: 'device_id', message: 'Required.' },
          { index: 6, field: 'customer_id', message: 'Required.' },
          { index: 7, field: 'svcId', message: 'Not a field of a user event.' },
          { index: 8, field: 'attributes', message: 'Must be an object of attribute names to values, not null.' },
          { index: 8, field: 'device_id', message: 'Must be a string, not null.' },
        ],
      },
    });
  });

  it(`lists at most ${LISTED_PROBLEM_LIMIT} problems and counts them all`, async () => {
    const sandbox = await useSandbox();
    const events = Array.from({ length: 150 }, () => validEvent({ svc_id: 'x' }));
    const result = await answer(sendEvents(sandbox, events));
    expect(result).toMatchObject({ status: 422, body: { message: `150 problems in the events; the first ${LISTED_PROBLEM_LIMIT} are listed.` } });
    expect((result.body as { errors: unknown[] }).errors).toHaveLength(LISTED_PROBLEM_LIMIT);
  });

  it('checks the service-id field under its configured name', async () => {
    const sandbox = await useSandbox({ serviceIdField: 'acme_id' });
    const { svc_id, ...rest } = validEvent();
    expect((await sendEvents(sandbox, [{ ...rest, acme_id: svc_id }])).status).toBe(202);
    expect(await answer(sendEvents(sandbox, [validEvent()]))).toMatchObject({
      status: 422,
      body: {
        errors: [
          { index: 0, field: 'acme_id', message: 'Required.' },
          { index: 0, field: 'svc_id', message: 'Not a field of a user event.' },
        ],
      },
    });
  });
});

describe('POST /user/events: lenient mode', () => {
  it('accepts any JSON array as it is', async () => {
    const sandbox = await useSandbox({ mode: 'lenient' });
    expect(await answer(sendEvents(sandbox, [1, 'two', { svcId: '3' }, null]))).toEqual({ status: 202, body: { accepted: 4 } });
  });

  it('still wants credentials, JSON and a non-empty array', async () => {
    const sandbox = await useSandbox({ mode: 'lenient' });
    expect((await postJson(`${sandbox.url}/user/events`, [1], {})).status).toBe(403);
    expect((await sendEvents(sandbox, '[1,')).status).toBe(400);
    expect((await sendEvents(sandbox, [])).status).toBe(400);
    expect((await sendEvents(sandbox, { events: [] })).status).toBe(400);
  });
});
