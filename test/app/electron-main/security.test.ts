import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, isTrustedAppUrl, mayNavigate } from '../../../app/electron-main/security.ts';

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
    ['app://eventdesk/index.html', true],
    ['app://eventdesk/assets/x.js', true],
    ['app://other/index.html', false],
    ['file:///index.html', false],
    // Under `npm start` the page loads from app:// too; the dev server's own origin is never a page's.
    ['http://localhost:5173/', false],
    ['not a url', false],
  ])('trusts %s: %s', (url, expected) => {
    expect(isTrustedAppUrl(url)).toBe(expected);
  });
});

describe('navigation', () => {
  const elsewhere = ['https://example.com/', 'http://localhost:5173/', 'file:///etc/passwd', 'app://other/index.html', 'javascript:alert(1)', 'not a url'];

  it.each(['app://eventdesk/index.html', ...elsewhere])('refuses every navigation in a packaged build: %s', (url) => {
    expect(mayNavigate(url, false)).toBe(false);
  });

  it.each(['app://eventdesk/index.html', 'app://eventdesk/index.html?t=1'])(
    "lets the dev server's reload of the app's own page through under npm start: %s",
    (url) => {
      expect(mayNavigate(url, true)).toBe(true);
    },
  );

  it.each(elsewhere)('refuses any other navigation under npm start: %s', (url) => {
    expect(mayNavigate(url, true)).toBe(false);
  });
});

describe('external links', () => {
  it('are never opened: no code of the app calls shell.openExternal', async () => {
    const folder = path.resolve(import.meta.dirname, '../../../app');
    const files = (await readdir(folder, { recursive: true })).filter((file) => /\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((file) => readFileSync(path.join(folder, file), 'utf8').includes('openExternal'))).toEqual([]);
  });
});
