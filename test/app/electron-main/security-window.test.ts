import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WindowStateStore } from '../../../app/node/window-state.ts';

// window.ts is the glue between the pure checks in security.ts and Electron; with Electron
// replaced at this boundary, these tests show the glue applies them.

const created: Record<string, unknown>[] = [];
const openExternal = vi.fn(async () => undefined);

vi.mock('electron', () => ({
  BrowserWindow: class {
    constructor(options: Record<string, unknown>) {
      created.push(options);
    }
    once(): void {}
    on(): void {}
    loadURL = async () => undefined;
  },
  app: { getName: () => 'EventDesk' },
  screen: { getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }), getAllDisplays: () => [] },
  nativeTheme: { shouldUseDarkColors: false },
  shell: { openExternal },
}));

const { createMainWindow, hardenWebContents, restrictPermissions } = await import('../../../app/electron-main/window.ts');

type Listener = (event: { preventDefault: () => void }, ...rest: unknown[]) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof windowOpenHandler) => (windowOpenHandler = handler),
  };
  return { contents: contents as unknown as Electron.WebContents, listeners, windowOpenHandler: () => windowOpenHandler };
}

const DENIED_PERMISSIONS = ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'midiSysex', 'display-capture'];

/** A session as restrictPermissions leaves it: the handler it set for each setter, the listener for each event. */
function restrictedSession() {
  const handlers = new Map<string, unknown>();
  const listeners = new Map<string, Listener>();
  const setter = (name: string) => (handler: unknown) => handlers.set(name, handler);
  const session = {
    setPermissionRequestHandler: setter('setPermissionRequestHandler'),
    setPermissionCheckHandler: setter('setPermissionCheckHandler'),
    setDevicePermissionHandler: setter('setDevicePermissionHandler'),
    setBluetoothPairingHandler: setter('setBluetoothPairingHandler'),
    on: (name: string, listener: Listener) => listeners.set(name, listener),
  };
  restrictPermissions(session as unknown as Electron.Session);
  return { handlers, listeners };
}

beforeEach(() => {
  created.length = 0;
  openExternal.mockClear();
});

describe('the window glue', () => {
  /** What createMainWindow hands to BrowserWindow as webPreferences. */
  function webPreferences(): Record<string, unknown> {
    const states = { load: () => null, saveSoon: () => undefined, saveNow: () => undefined } as unknown as WindowStateStore;
    createMainWindow('/app/preload.cjs', 'app://eventdesk/index.html', states);
    expect(created).toHaveLength(1);
    return created[0]!.webPreferences as Record<string, unknown>;
  }

  it.each([
    ['contextIsolation', true, 'the preload and the page run in separate worlds, so the page cannot reach what the preload holds'],
    ['sandbox', true, 'the renderer runs in the OS sandbox, so a compromised page reaches no file or process'],
    ['nodeIntegration', false, 'the page has no require, process or module'],
    ['nodeIntegrationInWorker', false, 'nor do its workers (the validator and Monaco run in workers)'],
    ['nodeIntegrationInSubFrames', false, 'nor any frame inside it'],
    ['webviewTag', false, 'no <webview> can be created, with options of its own'],
    ['webSecurity', true, 'the same-origin policy and the CSP hold'],
    ['allowRunningInsecureContent', false, 'an https page may load nothing over http'],
    ['experimentalFeatures', false, 'no Blink feature that is not finished and reviewed'],
    ['navigateOnDragDrop', false, 'a file dropped on the window is imported, never opened in its place as a file:// page'],
    ['safeDialogs', true, 'a page that opens dialog after dialog can be stopped'],
    ['spellcheck', false, 'the spellchecker would fetch dictionaries from a remote server'],
    ['disableBlinkFeatures', 'Auxclick', 'a middle click on a link would ask for a new window'],
  ] as [string, boolean | string, string][])('creates the window with %s: %j, because %s', (property, value) => {
    expect(webPreferences()[property]).toEqual(value);
  });

  it('creates the window with our preload and no enableBlinkFeatures', () => {
    const preferences = webPreferences();
    expect(preferences.preload).toBe('/app/preload.cjs');
    expect(preferences).not.toHaveProperty('enableBlinkFeatures');
  });

  /** Whether hardenWebContents let the page's navigation to `url` go (it did not cancel will-navigate). */
  function navigates(url: string, development: boolean): boolean {
    const { contents, listeners } = fakeContents();
    hardenWebContents(contents, development);
    const preventDefault = vi.fn();
    listeners.get('will-navigate')!({ preventDefault, url } as never);
    return preventDefault.mock.calls.length === 0;
  }

  it.each(['will-redirect', 'will-attach-webview'])('cancels %s, in a packaged build and under npm start', (name) => {
    for (const development of [false, true]) {
      const { contents, listeners } = fakeContents();
      hardenWebContents(contents, development);
      const preventDefault = vi.fn();
      listeners.get(name)!({ preventDefault });
      expect(preventDefault).toHaveBeenCalledOnce();
    }
  });

  it.each(['app://eventdesk/index.html', 'https://example.com/', 'http://localhost:5173/'])('cancels every navigation in a packaged build: %s', (url) => {
    expect(navigates(url, false)).toBe(false);
  });

  it("lets the dev server's reload of the page through under npm start, and nothing else", () => {
    expect(navigates('app://eventdesk/index.html', true)).toBe(true);
    for (const url of ['https://example.com/', 'http://localhost:5173/', 'file:///etc/passwd', 'app://other/index.html'])
      expect(navigates(url, true)).toBe(false);
  });

  it('refuses every new window, whatever its URL', () => {
    const { contents, windowOpenHandler } = fakeContents();
    hardenWebContents(contents, false);
    for (const url of ['https://example.com/', 'app://eventdesk/index.html', 'file:///etc/passwd']) {
      expect(windowOpenHandler()!({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every permission request but a sanitized clipboard write', () => {
    const { handlers } = restrictedSession();
    const request = handlers.get('setPermissionRequestHandler') as (contents: unknown, permission: string, callback: (granted: boolean) => void) => void;
    for (const permission of DENIED_PERMISSIONS) {
      const callback = vi.fn();
      request(null, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    const copy = vi.fn();
    request(null, 'clipboard-sanitized-write', copy);
    expect(copy).toHaveBeenCalledWith(true);
  });

  it('answers every permission check no but a sanitized clipboard write', () => {
    const { handlers } = restrictedSession();
    const check = handlers.get('setPermissionCheckHandler') as (contents: unknown, permission: string, origin: string, details: unknown) => boolean;
    for (const permission of [...DENIED_PERMISSIONS, 'hid', 'serial', 'usb']) expect(check(null, permission, 'app://eventdesk', {})).toBe(false);
    expect(check(null, 'clipboard-sanitized-write', 'app://eventdesk', {})).toBe(true);
  });

  it('grants no device permission', () => {
    const { handlers } = restrictedSession();
    const device = handlers.get('setDevicePermissionHandler') as (details: unknown) => boolean;
    for (const deviceType of ['hid', 'serial', 'usb', 'bluetooth']) expect(device({ deviceType, origin: 'app://eventdesk', device: {} })).toBe(false);
  });

  it('refuses Bluetooth pairing', () => {
    const { handlers } = restrictedSession();
    const pair = handlers.get('setBluetoothPairingHandler') as (details: unknown, callback: (response: { confirmed: boolean }) => void) => void;
    const callback = vi.fn();
    pair({ deviceId: 'dev-1', pairingKind: 'confirm', frame: null }, callback);
    expect(callback).toHaveBeenCalledWith({ confirmed: false });
  });

  it.each([
    ['select-hid-device', (callback: unknown) => [{ deviceList: [{ deviceId: 'hid-1' }], frame: null }, callback], undefined],
    ['select-usb-device', (callback: unknown) => [{ deviceList: [{ deviceId: 'usb-1' }], frame: null }, callback], undefined],
    ['select-serial-port', (callback: unknown) => [[{ portId: 'port-1' }], null, callback], ''],
  ] as const)('chooses no device on %s, and keeps Electron from choosing the first', (name, argsWith, cancelled) => {
    const { listeners } = restrictedSession();
    const preventDefault = vi.fn();
    const callback = vi.fn();
    listeners.get(name)!({ preventDefault }, ...argsWith(callback));
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(callback).toHaveBeenCalledOnce();
    expect(callback.mock.calls[0]).toEqual(cancelled === undefined ? [] : [cancelled]);
  });

  it('chooses no Bluetooth device for a page, and keeps Electron from choosing the first', () => {
    const { contents, listeners } = fakeContents();
    hardenWebContents(contents, false);
    const preventDefault = vi.fn();
    const callback = vi.fn();
    listeners.get('select-bluetooth-device')!({ preventDefault }, [{ deviceId: 'bt-1', deviceName: 'Headset' }], callback);
    expect(preventDefault).toHaveBeenCalledOnce();
    expect(callback).toHaveBeenCalledWith('');
  });
});
