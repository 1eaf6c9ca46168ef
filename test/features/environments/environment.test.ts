import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  ENVIRONMENT_COLORS,
  checkBaseUrl,
  checkSecret,
  checkSettings,
  nextEnvironmentColor,
  resolveTimeZone,
  type EnvironmentSettings,
} from '../../../features/environments/common/environment.ts';

const valid: EnvironmentSettings = { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: 'https://staging.example.com/api', username: 'qa' };

function problemsOf(patch: Partial<EnvironmentSettings>) {
  return checkSettings({ ...valid, ...patch });
}

describe('environment settings', () => {
  it('accepts valid settings with every default', () => {
    expect(checkSettings(valid)).toEqual([]);
  });

  it.each([
    ['', /Enter the service address/],
    ['api.example.com', /Add http:\/\/ or https:\/\/ in front, for example https:\/\/api\.example\.com/],
    ['localhost:8080', /Add http:\/\/ or https:\/\//],
    ['ftp://files.example.com', /not ftp:\/\//],
    ['file:///etc/passwd', /not file:\/\//],
    [' https://api.example.com', /spaces at its start or end/],
    ['https://user:pw@api.example.com', /Leave the user name and password out/],
    ['https://api.example.com/?x=1', /\?query/],
    ['https://', /not a valid web address|needs a host/],
  ])('explains what is wrong with the base URL %j', (url, message) => {
    expect(checkBaseUrl(url)).toMatch(message);
  });

  it.each(['api.example.com', 'localhost:8080', '127.0.0.1:4000/v2', '[::1]:8080', 'staging_api.internal/', '//api.example.com'])(
    'offers https:// in front of the host %j',
    (host) => {
      expect(checkBaseUrl(host)).toBe(`Add http:// or https:// in front, for example https://${host.replace(/^\/+/, '')}.`);
    },
  );

  it('offers the missing slashes after a scheme written without them, keeping the scheme', () => {
    expect(checkBaseUrl('https:api.example.com')).toBe('Add // after https:, for example https://api.example.com.');
    expect(checkBaseUrl('HTTP:/localhost:4000')).toBe('Add // after http:, for example http://localhost:4000.');
  });

  it('says what else is wrong with a host typed without a scheme before offering the scheme', () => {
    expect(checkBaseUrl('api.example.com/?x=1')).toMatch(/\?query/);
    expect(checkBaseUrl('user:pw@api.example.com')).toMatch(/Leave the user name and password out/);
  });

  it.each(['not a url', 'api example.com', 'https://api.example .com'])('says plainly that a base URL has no spaces: %j', (text) => {
    expect(checkBaseUrl(text)).toBe('A base URL has no spaces; it looks like https://api.example.com.');
  });

  it.each(['hello!', '???', '1234', '1.2.3', '-', 'javascript:alert(1)', 'api.example.com:99999', 'ftp:files'])(
    'says plainly that %j is not a web address',
    (text) => {
      expect(checkBaseUrl(text)).toBe('This is not a web address; a base URL looks like https://api.example.com.');
    },
  );

  it('never offers an address that would itself be refused', () => {
    const piece = fc.constantFrom(
      'a',
      'b1',
      'example',
      'com',
      '.',
      ':',
      '/',
      '//',
      '8080',
      '99999',
      '?',
      '#',
      '@',
      ' ',
      '!',
      '[',
      ']',
      '::1',
      '-',
      '_',
      'http:',
      'https:',
      'ftp:',
      '127.0.0.1',
      '%',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const suggested = /for example (\S+)\.$/.exec(checkBaseUrl(pieces.join('')) ?? '')?.[1];
        if (suggested !== undefined) expect(checkBaseUrl(suggested)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['http://127.0.0.1:4000', 'https://api.example.com', 'https://api.example.com/v2/', 'HTTPS://API.EXAMPLE.COM'])('accepts %s', (url) => {
    expect(checkBaseUrl(url)).toBeNull();
  });

  it('does not ask the embedded sandbox for a base URL', () => {
    expect(checkSettings({ ...valid, baseUrl: '' }, { embeddedSandbox: true })).toEqual([]);
  });

  it('refuses a zone that does not exist, and accepts UTC, local and IANA names', () => {
    expect(problemsOf({ timeZone: 'Mars/Olympus' })).toEqual([{ field: 'timeZone', message: expect.stringMatching(/not a time zone/) }]);
    for (const timeZone of ['UTC', 'local', 'Europe/Berlin', 'America/New_York']) expect(problemsOf({ timeZone })).toEqual([]);
  });

  it('checks names, colours, field names and numbers with their limits', () => {
    expect(problemsOf({ name: '   ' }).map((p) => p.field)).toEqual(['name']);
    expect(problemsOf({ color: 'blue' }).map((p) => p.field)).toEqual(['color']);
    expect(problemsOf({ serviceIdField: '1svc' }).map((p) => p.field)).toEqual(['serviceIdField']);
    expect(problemsOf({ chunkSize: 0 })[0]?.message).toBe('The chunk size must be from 1 to 100,000.');
    expect(problemsOf({ requestTimeoutMs: 1.5 })[0]?.message).toBe('The request timeout must be a whole number.');
    expect(problemsOf({ maxChunkBytes: 10 }).map((p) => p.field)).toEqual(['maxChunkBytes']);
    expect(problemsOf({ username: 'qa ' }).map((p) => p.field)).toEqual(['username']);
  });

  it('refuses extra headers that EventDesk sets itself, bad names and duplicates', () => {
    const problems = problemsOf({
      extraHeaders: [
        { name: 'X-Trace', value: '1' },
        { name: 'Authorization', value: 'x' },
        { name: 'bad header', value: 'x' },
        { name: 'x-trace', value: '2' },
      ],
    });
    expect(problems).toEqual([
      { field: 'extraHeaders.1.name', message: 'EventDesk sets Authorization itself.' },
      { field: 'extraHeaders.2.name', message: '"bad header" is not a valid header name.' },
      { field: 'extraHeaders.3.name', message: '"x-trace" appears twice.' },
    ]);
  });

  it('refuses variable names templates could not use', () => {
    expect(
      problemsOf({
        variables: [
          { name: 'tenant', value: 'a' },
          { name: 'has space', value: 'b' },
        ],
      }).map((p) => p.field),
    ).toEqual(['variables.1.name']);
  });

  it('catches stray white space in secrets', () => {
    expect(checkSecret('key123', 'API key')).toBeNull();
    expect(checkSecret('key123 ', 'API key')).toBe('The API key has spaces or line breaks at its start or end.');
    expect(checkSecret('key\n123', 'API key')).toBe('The API key contains spaces or line breaks.');
    expect(checkSecret('key\u0000123', 'API key')).toMatch(/characters a header cannot carry/);
    expect(checkSecret('kéy123', 'API key')).toMatch(/characters a header cannot carry/);
  });

  it('refuses header values with line breaks and usernames with invisible characters', () => {
    expect(problemsOf({ extraHeaders: [{ name: 'X-Trace', value: 'a\r\nInjected: 1' }] })).toEqual([
      { field: 'extraHeaders.0.value', message: 'A header value cannot contain line breaks or control characters.' },
    ]);
    expect(problemsOf({ extraHeaders: [{ name: 'X-Trace', value: 'tab\tis fine' }] })).toEqual([]);
    expect(problemsOf({ username: 'demo\u202e' }).map((problem) => problem.field)).toEqual(['username']);
    expect(problemsOf({ username: 'bad\u0007bell' }).map((problem) => problem.field)).toEqual(['username']);
  });

  it('reads local as the machine zone', () => {
    expect(resolveTimeZone('local')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('the colour of a new environment', () => {
  it('is the palette’s first that no environment has, whatever the case it was written in', () => {
    expect(nextEnvironmentColor([])).toBe(ENVIRONMENT_COLORS[0]);
    expect(nextEnvironmentColor(['#2E9D6A'])).toBe(ENVIRONMENT_COLORS[0]);
    expect(nextEnvironmentColor(['#2e9d6a', '#2f6fde'])).toBe(ENVIRONMENT_COLORS[2]);
    expect(nextEnvironmentColor(['#2f6fde', '#123456', '#2e9d6a'])).toBe(ENVIRONMENT_COLORS[2]);
  });

  it('goes round the palette again once every colour is taken', () => {
    expect(nextEnvironmentColor([...ENVIRONMENT_COLORS])).toBe(ENVIRONMENT_COLORS[0]);
    expect(nextEnvironmentColor([...ENVIRONMENT_COLORS, '#000000'])).toBe(ENVIRONMENT_COLORS[1]);
  });
});
