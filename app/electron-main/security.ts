import type { WebPreferences } from 'electron';
import { APP_HOST, APP_SCHEME } from '../../base/common/app-origin.ts';

/**
 * The security settings of every EventDesk window, in a module apart from the Electron glue
 * (window.ts), so the checks run in a test without starting Electron.
 */

/**
 * Production pages load under this policy. Monaco needs inline styles; nothing needs inline
 * scripts, eval or any remote origin.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers that go with every page and asset EventDesk serves. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The one permission the page may have: writing plain text to the clipboard ("Copy" buttons;
 * Chromium sanitizes what is written). Reading the clipboard, the camera, notifications and
 * everything else are refused.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
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
    // A middle click on a link would otherwise ask for a new window; none is ever wanted.
    disableBlinkFeatures: 'Auxclick',
  };
}

/** Only pages EventDesk serves itself may call IPC: its own scheme, in a packaged build and under `npm start` alike. */
export function isTrustedAppUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/**
 * Whether a page may navigate to `url` (will-navigate). A packaged build refuses every
 * navigation. Under `npm start` the dev server reloads the page itself (an edit hot reload cannot
 * apply, a preload rebuilt, the server restarted), so a navigation within the app's own origin,
 * where the development page loads, goes through; every other is refused there too.
 */
export function mayNavigate(url: string, development: boolean): boolean {
  return development && isTrustedAppUrl(url);
}
