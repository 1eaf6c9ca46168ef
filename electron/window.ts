import { BrowserWindow, app, nativeTheme } from 'electron';
import { secureWebPreferences } from './security.ts';

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
