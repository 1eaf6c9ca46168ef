import { BrowserWindow, app, nativeTheme, shell } from 'electron';
import { checkExternalLink, secureWebPreferences } from './security.ts';

export function createMainWindow(preload: string, url: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 840,
    minWidth: 920,
    minHeight: 560,
    show: false,
    title: app.getName(),
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#f7f7f8',
    webPreferences: secureWebPreferences(preload),
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(url);
  return window;
}

/** Applied to every web contents the app ever creates: no navigation, no new windows, no webviews. */
export function hardenWebContents(contents: Electron.WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Nothing the app shows needs a camera, a microphone, notifications or any other permission. */
export function denyPermissionRequests(session: Electron.Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
}

/** Opens a link in the user's browser only if checkExternalLink allows it; says whether it did. */
export async function openExternalLink(url: string): Promise<boolean> {
  const decision = checkExternalLink(url);
  if (!decision.allowed) return false;
  await shell.openExternal(decision.url);
  return true;
}
