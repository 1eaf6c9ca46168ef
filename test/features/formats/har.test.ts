import { describe, expect, it } from 'vitest';
import { exportHar, parseHar, type HarExchange } from '../../../features/formats/common/har.ts';
import { harProblems } from '../../../features/formats/common/har-spec.ts';
import { sampleEvent } from './events.ts';

const apiKey = 'ak_live_0123456789abcdef';
const accessToken = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';

const sent: HarExchange = {
  startedDateTime: '2026-05-04T10:20:30.123Z',
  time: 87,
  request: {
    method: 'POST',
    url: 'https://api.example.com/v1/user/events?dry=1',
    headers: { 'Content-Type': 'application/json', apiKey, Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify([sampleEvent, { ...sampleEvent, token: 'tök-2' }]),
  },
  response: {
    status: 202,
    statusText: 'Accepted',
    headers: { 'content-type': 'application/json', 'set-cookie': 'session=s3cr3t-cookie' },
    body: '{"accepted":2}',
  },
};
const failed: HarExchange = { ...sent, startedDateTime: '2026-05-04T10:21:00Z', response: null };
const login: HarExchange = {
  startedDateTime: '2026-05-04T10:19:00+02:00',
  time: 12,
  request: {
    method: 'POST',
    url: 'https://api.example.com/v1/oauth2/login',
    headers: { 'Content-Type': 'application/json' },
    body: '{"username":"qa","password":"hunter2-secret"}',
  },
  response: { status: 200, statusText: 'OK', headers: {}, body: `{"access_token":"${accessToken}"}` },
};

const exported = (options: Parameters<typeof exportHar>[1] = { appVersion: '0.1.0' }) => exportHar([login, sent, failed], options);

describe('HAR export', () => {
  it('writes a valid HAR 1.2 log', () => {
    const har = JSON.parse(exported());
    expect(harProblems(har)).toEqual([]);
    expect(har.log.creator).toEqual({ name: 'EventDesk', version: '0.1.0' });
    const entry = har.log.entries[1];
    expect(entry.request.queryString).toEqual([{ name: 'dry', value: '1' }]);
    // "tök-2" has one two-byte character.
    expect(entry.request.bodySize).toBe(sent.request.body!.length + 1);
    expect(entry.response).toMatchObject({ status: 202, content: { mimeType: 'application/json', text: '{"accepted":2}' } });
    expect(har.log.entries[2].response).toMatchObject({ status: 0, comment: 'No response arrived.' });
  });

  it('masks the API key, the token, cookies and known secrets unless asked to reveal them', () => {
    const text = exported({ appVersion: '0.1.0', secrets: [accessToken, 'hunter2-secret'] });
    for (const secret of [apiKey, accessToken, 's3cr3t-cookie', 'hunter2-secret']) expect(text).not.toContain(secret);
    expect(text).toContain('"value": "••••cdef"');
    const revealed = exported({ appVersion: '0.1.0', revealSecrets: true, secrets: [accessToken] });
    for (const secret of [apiKey, accessToken, 's3cr3t-cookie', 'hunter2-secret']) expect(revealed).toContain(secret);
  });

  it('imports back the events it exported, with the entry each came from', () => {
    expect(parseHar(exported())).toEqual({
      ok: true,
      events: [sampleEvent, { ...sampleEvent, token: 'tök-2' }, sampleEvent, { ...sampleEvent, token: 'tök-2' }],
      origins: [1, 1, 2, 2].map((entry) => ({ entry, startedDateTime: entry === 1 ? sent.startedDateTime : failed.startedDateTime, url: sent.request.url })),
      note: 'Found 4 events in 2 posts to /user/events, of 3 entries.',
    });
  });
});

describe('HAR validity check', () => {
  it('names each missing or mistyped required field', () => {
    const har = JSON.parse(exported());
    delete har.log.entries[0].cache;
    har.log.entries[1].request.headersSize = '-1';
    har.log.entries[1].startedDateTime = '2026-05-04 10:20:30';
    har.log.entries[2].time = 999;
    expect(harProblems(har)).toEqual([
      'log.entries.0.cache: Invalid input: expected object, received undefined',
      expect.stringMatching(/^log\.entries\.1\.startedDateTime: startedDateTime is an ISO 8601/),
      'log.entries.1.request.headersSize: Invalid input: expected number, received string',
      'log.entries.2: time is the sum of the known timings',
    ]);
    expect(harProblems({})).toEqual(['log: Invalid input: expected object, received undefined']);
  });
});

describe('HAR import', () => {
  const har = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'Chrome', version: '1' }, entries } });
  const entry = (method: string, url: string, text?: string) => ({
    startedDateTime: '2026-05-04T10:20:30Z',
    request: { method, url, ...(text === undefined ? {} : { postData: { mimeType: 'application/json', text } }) },
  });

  it('keeps only POSTs to /user/events and says which it skipped', () => {
    const result = parseHar(
      har([
        entry('GET', 'https://h/user/events'),
        entry('POST', 'https://h/user/events/', JSON.stringify(sampleEvent)),
        entry('POST', 'https://h/user/events-archive', '[{"x":1}]'),
        entry('POST', 'https://h/user/events', 'not json'),
        entry('post', 'https://h/api/user/events?x=1', '[{"a":1},{"b":2}]'),
      ]),
    );
    expect(result).toEqual({
      ok: true,
      events: [sampleEvent, { a: 1 }, { b: 2 }],
      origins: [1, 4, 4].map((index) => ({
        entry: index,
        startedDateTime: '2026-05-04T10:20:30Z',
        url: index === 1 ? 'https://h/user/events/' : 'https://h/api/user/events?x=1',
      })),
      note: 'Found 3 events in 2 posts to /user/events, of 5 entries. Skipped entries 4: their bodies hold no JSON events.',
    });
  });

  it.each([
    ['', /empty/],
    ['{"log": {', /not valid JSON at line 1/],
    ['[]', /no log\.entries list \(it holds a list\)/],
    [har([entry('GET', 'https://h/user/events')]), /None of the 1 entry/],
    [har([entry('POST', 'https://h/user/events', '[]')]), /have no JSON events/],
  ])('refuses %j', (text, message) => {
    expect(parseHar(text)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });
});
