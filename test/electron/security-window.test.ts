import { beforeEach, describe, expect, it, vi } from 'vitest';
import { secureWebPreferences } from '../../electron/security.ts';
import type { WindowStateStore } from '../../electron/services/window-state.ts';

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

const { createMainWindow, denyPermissionRequests, hardenWebContents, openExternalLink } = await import('../../electron/window.ts');

type Listener = (event: { preventDefault: () => void }) => void;

function fakeContents() {
  const listeners = new Map<string, Listener>();
  let windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: typeof windowOpenHandler) => (windowOpenHandler = handler),
  };
  return { contents: contents as unknown as Electron.WebContents, listeners, windowOpenHandler: () => windowOpenHandler };
}

beforeEach(() => {
  created.length = 0;
  openExternal.mockClear();
});

describe('the window glue', () => {
  it('creates the window with the pinned secure webPreferences', () => {
    const states = { load: () => null, saveSoon: () => undefined, saveNow: () => undefined } as unknown as WindowStateStore;
    createMainWindow('/app/preload.cjs', 'app://eventdesk/index.html', states);
    expect(created).toHaveLength(1);
    expect(created[0]!.webPreferences).toEqual(secureWebPreferences('/app/preload.cjs'));
  });

  it.each(['will-navigate', 'will-redirect', 'will-attach-webview'])('cancels %s', (name) => {
    const { contents, listeners } = fakeContents();
    hardenWebContents(contents);
    const preventDefault = vi.fn();
    listeners.get(name)!({ preventDefault });
    expect(preventDefault).toHaveBeenCalledOnce();
  });

  it('refuses every new window, whatever its URL', () => {
    const { contents, windowOpenHandler } = fakeContents();
    hardenWebContents(contents);
    for (const url of ['https://example.com/', 'app://eventdesk/index.html', 'file:///etc/passwd']) {
      expect(windowOpenHandler()!({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('denies every permission request but a sanitized clipboard write', () => {
    let handler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
    denyPermissionRequests({ setPermissionRequestHandler: (next: typeof handler) => (handler = next) } as unknown as Electron.Session);
    for (const permission of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal']) {
      const callback = vi.fn();
      handler!(null, permission, callback);
      expect(callback).toHaveBeenCalledWith(false);
    }
    const copy = vi.fn();
    handler!(null, 'clipboard-sanitized-write', copy);
    expect(copy).toHaveBeenCalledWith(true);
  });

  it('hands the browser only checked https links, in their parsed form', async () => {
    await expect(openExternalLink('HTTPS://Docs.Example.com/guide')).resolves.toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://docs.example.com/guide');
    for (const url of ['http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'https://u:p@example.com/']) {
      await expect(openExternalLink(url)).resolves.toBe(false);
    }
    expect(openExternal).toHaveBeenCalledOnce();
  });
});
