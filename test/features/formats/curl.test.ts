import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportCurl, parseCurl } from '../../../features/formats/common/curl.ts';
import type { HttpRequest } from '../../../features/formats/common/http-request.ts';
import { splitShellWords } from '../../../features/formats/common/shell-words.ts';
import { sampleEvent } from './events.ts';

const apiKey = 'ak_live_0123456789abcdef';
const accessToken = 'eyJhbGciOiJIUzI1NiJ9.payload.signature';
const body = JSON.stringify([sampleEvent]);

const submission: HttpRequest = {
  method: 'POST',
  url: 'https://api.example.com/user/events',
  headers: { 'Content-Type': 'application/json', apiKey, Authorization: `Bearer ${accessToken}` },
  body,
};

function words(text: string): string[] {
  const split = splitShellWords(text);
  if (!split.ok) throw new Error(split.message);
  return split.words;
}

describe('bash words', () => {
  it("reads single, double and $'…' quotes, escapes and line continuations", () => {
    expect(words(`a 'b c' "d \\"e\\" \\$f \\x" $'g\\nh\\t\\'i\\x41\\u00e9\\101' j\\ k l\\\n m`)).toEqual([
      'a',
      'b c',
      'd "e" $f \\x',
      "g\nh\t'iAéA",
      'j k',
      'l',
      'm',
    ]);
    expect(words(`'it'\\''s' ""  x"y"'z'`)).toEqual(["it's", '', 'xyz']);
    expect(words('curl \\\r\n  -v # a comment\n x')).toEqual(['curl', '-v', 'x']);
  });

  it('says which quote is not closed', () => {
    expect(splitShellWords("a 'b")).toEqual({ ok: false, message: "A '…' quote is not closed." });
    expect(splitShellWords('a "b')).toMatchObject({ ok: false, message: expect.stringMatching(/"…"/) });
    expect(splitShellWords("a $'b")).toMatchObject({ ok: false, message: expect.stringMatching(/\$'…'/) });
  });
});

describe('cURL import', () => {
  it('reads a command copied from Chrome devtools (bash)', () => {
    const command = `curl 'https://api.example.com/user/events' \\
  -H 'accept: */*' \\
  -H 'apiKey: ${apiKey}' \\
  -H 'authorization: Bearer ${accessToken}' \\
  -H 'content-type: application/json' \\
  --data-raw $'${body.replaceAll("'", "\\'")}' \\
  --compressed`;
    expect(parseCurl(command)).toEqual({
      ok: true,
      request: {
        method: 'POST',
        url: 'https://api.example.com/user/events',
        headers: { accept: '*/*', apiKey, authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body,
      },
      events: [sampleEvent],
      note: 'Ignored the options --compressed.',
    });
  });

  it('reads a Postman-style command: --location, --request, --header, --data, --url', () => {
    const command = `curl --location --request PUT --url "https://api.example.com/user/events" --header "Content-Type: application/json" --data "{\\"token\\": \\"t\\"}"`;
    expect(parseCurl(command)).toMatchObject({
      ok: true,
      request: { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"token": "t"}' },
      events: [{ token: 't' }],
    });
  });

  it('reads glued and = forms, and turns -u into Basic', () => {
    expect(parseCurl(`curl -XPOST -HX-A:1 --header=X-B:2 -d'[{"a":1}]' -u qa:pässword https://h/user/events`)).toMatchObject({
      ok: true,
      request: {
        method: 'POST',
        headers: { 'X-A': '1', 'X-B': '2', Authorization: `Basic ${Buffer.from('qa:pässword').toString('base64')}` },
        body: '[{"a":1}]',
      },
    });
  });

  it.each([
    ['', /start with curl/],
    ['wget https://h', /start with curl/],
    ["curl 'https://h", /quote is not closed/],
    ['curl -H "a: b"', /no URL/],
    ['curl https://h/user/events', /sends no body/],
    ['curl https://h -d @events.json', /file events\.json/],
    ["curl https://h -d 'token=a'", /body is not JSON/],
    ["curl https://h -d '42'", /body is no batch: it holds a number, not a list/],
    ['curl ^"https://h/user/events^" ^\n  -H ^"Content-Type: application/json^" ^\n  --data-raw ^"[]^"', /Windows command prompt .*Copy it as cURL \(bash\)/],
  ])('refuses %j', (command, message) => {
    expect(parseCurl(command)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });
});

describe('cURL export', () => {
  it('masks the API key and the token unless asked to reveal them', () => {
    const command = exportCurl(submission);
    expect(command).not.toContain(apiKey);
    expect(command).not.toContain(accessToken);
    expect(command).toContain("-H 'apiKey: ••••cdef'");
    expect(command).toContain("-H 'Authorization: Bearer ••••'");
    const revealed = exportCurl(submission, { revealSecrets: true });
    expect(revealed).toContain(apiKey);
    expect(revealed).toContain(accessToken);
  });

  it('masks secret query parameters and known secrets in the body', () => {
    const command = exportCurl(
      { method: 'POST', url: 'https://h/oauth2/login?apiKey=abcdefghijklmnop', headers: {}, body: '{"username":"qa","password":"hunter2-secret"}' },
      { secrets: ['hunter2-secret'] },
    );
    expect(command).not.toContain('abcdefghijklmnop');
    expect(command).not.toContain('hunter2-secret');
  });

  it('writes one option a line, for bash', () => {
    expect(exportCurl({ ...submission, headers: { 'Content-Type': 'application/json' }, body: `[{"note":"it's"}]` })).toBe(
      `curl https://api.example.com/user/events \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '[{"note":"it'\\''s"}]'`,
    );
    expect(exportCurl({ method: 'DELETE', url: 'https://h/x', headers: {}, body: null })).toBe('curl -X DELETE https://h/x');
  });

  it('imports back exactly what it exported, whatever the text', () => {
    const text = fc.string({ unit: 'binary' });
    fc.assert(
      fc.property(
        fc.webUrl(),
        fc.constantFrom('POST', 'PUT', 'PATCH'),
        fc.dictionary(
          fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,15}$/),
          text.map((value) => value.trim()),
        ),
        fc.array(fc.dictionary(fc.string(), text), { minLength: 1 }),
        (url, method, headers, events) => {
          const request = { method, url, headers, body: JSON.stringify(events) };
          expect(parseCurl(exportCurl(request, { revealSecrets: true }))).toMatchObject({ ok: true, request, events });
        },
      ),
    );
  });
});
