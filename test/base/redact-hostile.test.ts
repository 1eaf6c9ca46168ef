import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, redactText, redactValue } from '../../base/common/redaction/redact.ts';
import {
  allPercentEncoded,
  allUnicodeEscaped,
  goJson,
  HTML_PASSWORD,
  hugeApiKey,
  LONE_SURROGATES,
  longToken,
  phpJson,
  SLASHED_KEY,
} from '../fixtures/hostile/secrets.ts';

/** Issue #29 items 4 and 5: secrets of any length, escaped any way JSON and URLs allow, and hex. */

describe('a secret of any length', () => {
  it('masks a 60 KB token in a login answer, and the password beside it, without throwing', () => {
    const token = longToken(60 * 1024);
    const answer = JSON.stringify({ access_token: token, refresh_token: `${token}-r`, echo: { password: 'hunter2-long' } });
    const masked = redactText(answer, ['hunter2-long', token, `${token}-r`]);
    expect(masked).not.toContain(token.slice(0, 64));
    expect(masked).not.toContain('hunter2-long');
    expect(masked.length).toBeLessThan(200);
  });

  it('masks the base64 of a 200 KB secret, past where an argument list overflows the stack', () => {
    const secret = longToken(200 * 1024, 7);
    const header = `Basic ${Buffer.from(`user:${secret}`).toString('base64')}`;
    const masked = redactText(header, [secret]);
    expect(masked).toMatch(/^Basic [A-Za-z0-9+/]{0,8}••••=*$/);
  });

  it('masks a 50 MB API key and leaves the text around it', () => {
    const key = hugeApiKey();
    expect(redactText(`apiKey: ${key}; next`, [key])).toBe(`apiKey: ${MASK}; next`);
    expect(redactText('no key here', [key])).toBe('no key here');
  });

  it('leaves text alone for secrets too short to look for, empty ones and non-strings', () => {
    const text = 'a b c hunter';
    for (const secrets of [[''], ['a'], ['abc'], [null, undefined], [] as string[]]) expect(redactText(text, secrets)).toBe(text);
  });

  it('masks secrets with unpaired surrogates, in texts with unpaired surrogates', () => {
    const text = `\udc00${LONE_SURROGATES}\ud800 ${JSON.stringify(LONE_SURROGATES)} ${Buffer.from(LONE_SURROGATES).toString('base64')}`;
    const masked = redactText(text, [LONE_SURROGATES]);
    expect(masked).not.toContain(LONE_SURROGATES);
    expect(masked).not.toContain(JSON.stringify(LONE_SURROGATES).slice(1, -1));
    expect(masked).not.toContain(Buffer.from(LONE_SURROGATES).toString('base64'));
  });

  it('masks every string of a value holding a long secret', () => {
    const token = longToken(80 * 1024, 3);
    expect(JSON.stringify(redactValue({ [token]: [token, { deep: `Bearer ${token}` }] }, [token]))).toBe(`{"${MASK}":["${MASK}",{"deep":"Bearer ${MASK}"}]}`);
  });
});

describe('a secret escaped as JSON writers and URLs escape it', () => {
  /** Name, secret, form, and how many characters may stay beside the mask (what encodes the text around the secret). */
  const cases: [string, string, string, number?][] = [
    ['PHP writes / as \\/', SLASHED_KEY, phpJson(SLASHED_KEY)],
    ['Go writes <, & and > as \\u003c…', HTML_PASSWORD, goJson(HTML_PASSWORD)],
    ['every character \\u-escaped, lower-case hex', HTML_PASSWORD, allUnicodeEscaped(HTML_PASSWORD)],
    ['every character \\u-escaped, upper-case hex', 'pässwörd/1', allUnicodeEscaped('pässwörd/1', true)],
    ['PHP inside a JSON string (escaped twice)', SLASHED_KEY, JSON.stringify(phpJson(SLASHED_KEY)).slice(1, -1)],
    ['every byte %-encoded, lower-case hex', 'pässwörd/1', allPercentEncoded('pässwörd/1')],
    ['every byte %-encoded, upper-case hex', SLASHED_KEY, allPercentEncoded(SLASHED_KEY, true)],
    ['%-encoded inside a JSON string, with \\u0025 for %', 'key with spaces', allPercentEncoded('key with spaces').replaceAll('%', '\\u0025')],
    ['form-encoded, a space as +', 'key with spaces', 'key+with+spaces'],
    ['base64 written by PHP, / as \\/', SLASHED_KEY, Buffer.from(`??>${SLASHED_KEY}`).toString('base64').replaceAll('/', '\\/')],
    ['base64 of a PHP JSON body', 'pass/wörd"1', Buffer.from(`{"password":"${phpJson('pass/wörd"1')}"}`).toString('base64'), 18],
    ['base64 of a Go JSON body', HTML_PASSWORD, Buffer.from(`{"user":"qa","password":"${goJson(HTML_PASSWORD)}"}`).toString('base64url'), 34],
    ['hex, lower case', SLASHED_KEY, Buffer.from(SLASHED_KEY).toString('hex')],
    ['hex, upper case, inside a longer hex text', SLASHED_KEY, Buffer.from(`id:${SLASHED_KEY}`).toString('hex').toUpperCase()],
  ];
  for (const [name, secret, form, kept = 8] of cases) {
    it(`masks it: ${name}`, () => {
      const masked = redactText(`{"echo":"${form}","other":"kept"}`, [secret]);
      expect(masked).toContain(MASK);
      expect(masked).toContain('"other":"kept"');
      for (const left of masked.replace('{"echo":"', '').replace('","other":"kept"}', '').split(MASK)) expect(left.length, masked).toBeLessThanOrEqual(kept);
    });
  }

  it('masks it whichever characters a writer chose to escape, and how', () => {
    const escapeOne = (unit: string, choice: number) => {
      const hex = unit.charCodeAt(0).toString(16).padStart(4, '0');
      const json = JSON.stringify(unit).slice(1, -1);
      return [json === unit ? unit : json, `\\u${hex}`, `\\u${hex.toUpperCase()}`, unit === '/' ? '\\/' : json][choice]!;
    };
    fc.assert(
      fc.property(
        fc.string({ minLength: 4, maxLength: 30, unit: 'grapheme' }),
        fc.infiniteStream(fc.integer({ min: 0, max: 3 })),
        fc.string(),
        (secret, choices, around) => {
          fc.pre(!secret.includes('•') && !around.includes('•') && !around.includes('\\'));
          const escaped = secret
            .split('')
            .map((unit) => escapeOne(unit, choices.next().value))
            .join('');
          expect(redactText(`${around}${escaped}${around}`, [secret])).not.toContain(escaped);
        },
      ),
    );
  });

  it('masks it whichever bytes a URL encoder chose to encode', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 30, unit: 'grapheme' }), fc.infiniteStream(fc.integer({ min: 0, max: 2 })), (secret, choices) => {
        fc.pre(!secret.includes('•') && !secret.includes('%') && !secret.includes('+'));
        const encoded = [...secret]
          .map((character) => {
            const choice = choices.next().value;
            const bytes = allPercentEncoded(character, choice === 2);
            return choice === 0 && /^[\x21-\x7e]$/.test(character) ? character : bytes;
          })
          .join('');
        expect(redactText(`q=${encoded}&n=1`, [secret])).not.toContain(encoded);
      }),
    );
  });
});
