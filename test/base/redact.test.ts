import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, maskSecret, redactHeader, redactHeaders, redactText, redactUrl } from '../../base/common/redaction/redact.ts';

describe('redaction', () => {
  it('masks an API key, keeping the last four characters of a long one', () => {
    expect(redactHeader('apiKey', 'ak_live_0123456789abcd')).toBe('••••abcd');
    expect(redactHeader('APIKEY', 'ak_live_0123456789abcd')).toBe('••••abcd');
    expect(redactHeader('x-api-key', 'short-key')).toBe(MASK);
  });

  it('masks an Authorization header but keeps its scheme', () => {
    expect(redactHeader('Authorization', 'Bearer eyJhbGciOi.payload.sig')).toBe('Bearer ••••');
    expect(redactHeader('authorization', 'opaque-without-scheme')).toBe(MASK);
    expect(redactHeader('Proxy-Authorization', 'Basic dXNlcjpwYXNz')).toBe('Basic ••••');
  });

  it('masks cookies whole and leaves other headers alone', () => {
    expect(redactHeaders({ Cookie: 'session=abc', 'Content-Type': 'application/json', 'X-Request-Id': '42' })).toEqual({
      Cookie: MASK,
      'Content-Type': 'application/json',
      'X-Request-Id': '42',
    });
  });

  it('masks passwords and secret query parameters in URLs', () => {
    expect(redactUrl('https://qa:hunter2@api.example.com/user/events?apiKey=abc&page=2&access_token=t')).toBe(
      `https://qa:${encodeURIComponent(MASK)}@api.example.com/user/events?apiKey=${encodeURIComponent(MASK)}&page=2&access_token=${encodeURIComponent(MASK)}`,
    );
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('masks every known secret in a text, longest first', () => {
    expect(redactText('login failed for hunter2 with key hunter2-extended', ['hunter2', 'hunter2-extended'])).toBe(`login failed for ${MASK} with key ${MASK}`);
    expect(redactText('nothing to hide', [undefined, null, ''])).toBe('nothing to hide');
  });

  it('never lets a secret of 4+ characters survive in the text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 40 }), fc.string(), fc.string(), (secret, before, after) => {
        fc.pre(!MASK.includes(secret) && !secret.includes('•'));
        expect(redactText(`${before}${secret}${after}`, [secret])).not.toContain(secret);
      }),
    );
  });

  it('keeps a hint only when it does not give most of the secret away', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (secret) => {
        const masked = maskSecret(secret);
        const revealed = masked.slice(MASK.length);
        expect(revealed.length).toBeLessThanOrEqual(Math.floor(secret.length / 3));
      }),
    );
  });
});

describe('redaction of a secret in every form it can take', () => {
  const secret = 'pa"ss\\wörd key/+=?&';
  const forms = {
    'as is': secret,
    'JSON-escaped': JSON.stringify(secret).slice(1, -1),
    'JSON-escaped twice': JSON.stringify(JSON.stringify(secret)).slice(1, -1),
    'JSON-escaped as ASCII': JSON.stringify(secret).slice(1, -1).replace('ö', '\\u00f6'),
    'URL-encoded': encodeURIComponent(secret),
    'form-encoded': new URLSearchParams({ s: secret }).toString().slice(2),
    'URL-encoded, lowercase hex': encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
    base64: Buffer.from(secret).toString('base64'),
    'URL-safe base64': Buffer.from(secret).toString('base64url'),
  };

  for (const [name, form] of Object.entries(forms)) {
    it(`masks it ${name}`, () => {
      const masked = redactText(`{"echo":"${form}","other":"kept"}`, [secret]);
      expect(masked).not.toContain(form);
      expect(masked).toContain('"other":"kept"');
    });
  }

  it('masks it inside a longer base64 text, at each of the three byte offsets', () => {
    for (const user of ['u', 'us', 'use']) {
      const header = Buffer.from(`${user}:${secret}`).toString('base64');
      const masked = redactText(`Basic ${header}`, [secret]);
      expect(masked).toContain(MASK);
      // What is left of the encoding decodes to no more than the user name and a few bits around it.
      for (const run of masked.replace('Basic ', '').split(MASK)) expect(run.length).toBeLessThanOrEqual(8);
    }
  });

  it('masks a short secret inside a longer base64 text too, at every byte offset', () => {
    for (const secret of ['hunter', 'k7Qx9', 'abcd']) {
      for (const before of ['', 'u', 'us', 'usr:', '{"password":"us:']) {
        const encoded = btoa(`${before}${secret}"}`);
        const masked = redactText(encoded, [secret]);
        expect(masked, `${secret} after ${JSON.stringify(before)}`).toContain(MASK);
      }
    }
  });

  it('never lets any form of a secret survive in the text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8, maxLength: 40 }), fc.constantFrom(...Object.keys(forms)), fc.string(), (candidate, formName, around) => {
        fc.pre(!candidate.includes('•') && !around.includes('•'));
        const encoders: Record<string, (text: string) => string> = {
          'as is': (text) => text,
          'JSON-escaped': (text) => JSON.stringify(text).slice(1, -1),
          'JSON-escaped twice': (text) => JSON.stringify(JSON.stringify(text)).slice(1, -1),
          'JSON-escaped as ASCII': (text) =>
            JSON.stringify(text)
              .slice(1, -1)
              .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
          'URL-encoded': encodeURIComponent,
          'form-encoded': (text) => new URLSearchParams({ s: text }).toString().slice(2),
          'URL-encoded, lowercase hex': (text) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
          base64: (text) => Buffer.from(text).toString('base64'),
          'URL-safe base64': (text) => Buffer.from(text).toString('base64url'),
        };
        const encoded = encoders[formName]!(candidate);
        fc.pre(encoded.length >= 4);
        expect(redactText(`${around}${encoded}${around}`, [candidate])).not.toContain(encoded);
      }),
    );
  });

  it('leaves a text without a secret as it was, and ignores forms too short to be a secret', () => {
    expect(redactText('abc and a€ and short', ['abc', 'a€'])).toBe('abc and a€ and short');
    expect(redactText('plain text', ['some-long-secret'])).toBe('plain text');
  });
});
