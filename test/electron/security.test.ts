import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, checkExternalLink, isTrustedAppUrl } from '../../electron/security.ts';

describe('window security', () => {
  it('pins the content security policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'none'; script-src 'self'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('allows no inline script, eval or remote origin in any directive', () => {
    const directives = CONTENT_SECURITY_POLICY.split('; ');
    const script = directives.find((directive) => directive.startsWith('script-src'));
    expect(script).toBe("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
  });

  it.each([
    ['app://eventdesk/index.html', undefined, true],
    ['app://eventdesk/assets/x.js', undefined, true],
    ['app://other/index.html', undefined, false],
    ['file:///index.html', undefined, false],
    ['http://localhost:5173/', undefined, false],
    ['http://localhost:5173/', 'http://localhost:5173', true],
    ['http://localhost:5174/', 'http://localhost:5173', false],
    ['not a url', undefined, false],
  ])('trusts %s (dev server %s): %s', (url, dev, expected) => {
    expect(isTrustedAppUrl(url, dev)).toBe(expected);
  });
});

describe('external links', () => {
  it.each([
    ['https://docs.example.com/guide?x=1#part', 'https://docs.example.com/guide?x=1#part'],
    ['HTTPS://Example.COM', 'https://example.com/'],
  ])('opens %s in the browser, as %s', (url, opened) => {
    expect(checkExternalLink(url)).toEqual({ allowed: true, url: opened });
  });

  it.each([
    ['http://example.com/', /only https/],
    ['file:///etc/passwd', /only https/],
    ['javascript:alert(1)', /only https/],
    ['ms-msdt:/id PCWDiagnostic', /only https/],
    ['smb://attacker.example/share', /only https/],
    ['app://eventdesk/index.html', /only https/],
    ['https://user:secret@example.com/', /credentials/],
    ['https://token@example.com/', /credentials/],
    ['not a url', /not a URL/],
    ['', /not a URL/],
  ])('refuses %s', (url, reason) => {
    const decision = checkExternalLink(url);
    expect(decision.allowed).toBe(false);
    expect(decision.allowed === false && decision.reason).toMatch(reason);
  });
});
