import { BrowserWindow, app, nativeTheme, screen } from 'electron';
import { ALLOWED_PERMISSIONS, mayNavigate, secureWebPreferences } from './security.ts';
import { placeWindow, type WindowState, type WindowStateStore } from '../node/window-state.ts';

/** Opens where it was last time if that is still on a screen, and remembers where it goes. */
export function createMainWindow(preload: string, url: string, states: WindowStateStore): BrowserWindow {
  const placed = placeWindow(
    states.load(),
    screen.getPrimaryDisplay().workArea,
    screen.getAllDisplays().map((display) => display.workArea),
  );
  const window = new BrowserWindow({
    ...placed.bounds,
    fullscreen: placed.fullScreen,
    minWidth: 920,
    minHeight: 560,
    show: false,
    title: app.getName(),
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#16181d' : '#f7f7f8',
    webPreferences: secureWebPreferences(preload),
  });
  window.once('ready-to-show', () => {
    if (placed.maximized) window.maximize();
    window.show();
  });
  rememberWindowState(window, states);
  void window.loadURL(url);
  return window;
}

function rememberWindowState(window: BrowserWindow, states: WindowStateStore): void {
  // The normal bounds, so a window closed maximised un-maximises to where it was.
  const snapshot = (): WindowState => ({ bounds: window.getNormalBounds(), maximized: window.isMaximized(), fullScreen: window.isFullScreen() });
  const saveSoon = () => states.saveSoon(snapshot);
  window.on('resize', saveSoon);
  window.on('move', saveSoon);
  window.on('maximize', saveSoon);
  window.on('unmaximize', saveSoon);
  window.on('enter-full-screen', saveSoon);
  window.on('leave-full-screen', saveSoon);
  window.on('close', () => states.saveNow(snapshot()));
}

/** Brings the window to the front, restoring it if it was minimised (a second launch asked for it). */
export function bringToFront(window: BrowserWindow): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

/**
 * Applied to every web contents the app ever creates: no navigation (but the dev server's own
 * reloads under `npm start`, see mayNavigate), no new windows, no webviews, no Bluetooth device.
 */
export function hardenWebContents(contents: Electron.WebContents, development: boolean): void {
  contents.on('will-navigate', (event) => {
    if (!mayNavigate(event.url, development)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  // Without preventDefault Electron picks the first device found; an empty id cancels the request.
  contents.on('select-bluetooth-device', (event, _devices, callback) => {
    event.preventDefault();
    callback('');
  });
}

/**
 * Nothing the app shows needs a camera, a microphone, notifications, a device or any permission
 * but ALLOWED_PERMISSIONS: requests are refused, checks answer no, and every device chooser
 * (HID, serial, USB, Bluetooth pairing) chooses nothing.
 */
export function restrictPermissions(session: Electron.Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(ALLOWED_PERMISSIONS.has(permission)));
  // Checks are what navigator.permissions.query and the device APIs ask before any request.
  session.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
  session.setDevicePermissionHandler(() => false);
  // Without preventDefault Electron picks the first device found; no id cancels the request.
  session.on('select-hid-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  session.on('select-serial-port', (event, _ports, _contents, callback) => {
    event.preventDefault();
    callback('');
  });
  session.on('select-usb-device', (event, _details, callback) => {
    event.preventDefault();
    callback();
  });
  // Pairing asks the page's user to confirm or type a PIN; it is never confirmed. Windows and Linux only.
  if (process.platform !== 'darwin') session.setBluetoothPairingHandler((_details, callback) => callback({ confirmed: false }));
}
