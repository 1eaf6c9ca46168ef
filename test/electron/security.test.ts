import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, isTrustedAppUrl, secureWebPreferences } from '../../electron/security.ts';

describe('window security', () => {
  it('pins the webPreferences of every window', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toEqual({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
  });

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
