import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MASK, maskSecret, redactHeader, redactHeaders, redactText, redactUrl } from '../../shared/redact.ts';

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
