import { EventEmitter } from 'node:events';

/**
 * What `require('electron')` gives the built main bundle when it runs under plain Node: the
 * parts of Electron's main-process API that main.ts, window.ts, menu.ts and adapters/ use, each
 * recording its calls. Like Electron, it refuses what may only happen after `ready`
 * (windows, protocol handlers, sessions, screens, dialogs, the network, the key store, menus)
 * and what may only happen before it (privileged schemes, moving the data folder); unlike
 * Electron, it also writes each refusal down, so one that main catches still fails the test.
 */

export interface ElectronStandInOptions {
  /** What app.getAppPath() answers: the checkout, as `electron .` has it. */
  appPath: string;
  /** What app.getPath answers for each name not set by app.setPath. */
  paths: Record<string, string>;
}

/** An ipcMain.handle listener, as the stand-in calls it. */
export type InvokeHandler = (event: { sender: FakeWebContents; senderFrame: { url: string } | null }, input: unknown) => Promise<unknown>;

export interface FakeWebContents extends EventEmitter {
  mainFrame: { url: string };
  sent: { channel: string; payload: unknown }[];
  send(channel: string, payload: unknown): void;
  setWindowOpenHandler(handler: unknown): void;
}

export function createElectronStandIn(options: ElectronStandInOptions) {
  let ready = false;
  const misuse: string[] = [];
  const calls: string[] = [];
  const paths = new Map(Object.entries(options.paths));
  const schemes: string[] = [];
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>();
  const invokeHandlers = new Map<string, InvokeHandler>();
  const windows: FakeWindow[] = [];
  let exitCode: number | null = null;
  const errorBoxes: string[] = [];

  function refuse(message: string): never {
    misuse.push(message);
    throw new Error(message);
  }
  /** Electron's rule for most of its modules: nothing before the app is ready. */
  function afterReady(what: string): void {
    calls.push(what);
    if (!ready) refuse(`${what} was called before the app was ready`);
  }

  const events = new EventEmitter();
  let becomeReady: () => void = () => undefined;
  const whenReady = new Promise<void>((resolve) => (becomeReady = resolve));
  let quitting = false;
  const app = Object.assign(events, {
    isPackaged: false,
    setPath(name: string, value: string) {
      calls.push(`app.setPath(${name})`);
      // Electron keeps the data folder it opened at ready (its caches, the single-instance lock).
      if (ready && name === 'userData') refuse('app.setPath(userData) was called after the app was ready');
      paths.set(name, value);
    },
    getPath(name: string) {
      const value = paths.get(name);
      if (value === undefined) throw new Error(`The stand-in knows no path named ${name}`);
      return value;
    },
    getAppPath: () => options.appPath,
    getName: () => 'EventDesk',
    getVersion: () => '0.0.0-stand-in',
    requestSingleInstanceLock: () => true,
    isReady: () => ready,
    whenReady: () => whenReady,
    addRecentDocument: (file: string) => calls.push(`app.addRecentDocument(${file})`),
    // Electron's order: before-quit (which may be prevented), will-quit (likewise), quit.
    quit() {
      calls.push('app.quit');
      if (quitting) return;
      const asked = { prevented: false, preventDefault: () => (asked.prevented = true) };
      events.emit('before-quit', asked);
      if (asked.prevented) return;
      const willQuit = { prevented: false, preventDefault: () => (willQuit.prevented = true) };
      events.emit('will-quit', willQuit);
      if (willQuit.prevented) return;
      quitting = true;
      events.emit('quit', {}, 0);
    },
    exit(code = 0) {
      calls.push(`app.exit(${code})`);
      exitCode = code;
    },
  });

  class FakeWindow extends EventEmitter {
    readonly webContents: FakeWebContents;
    loadedUrl: string | null = null;
    private destroyed = false;
    readonly options: Record<string, unknown>;

    constructor(options: Record<string, unknown>) {
      super();
      this.options = options;
      afterReady('new BrowserWindow');
      const contents = new EventEmitter() as FakeWebContents;
      contents.mainFrame = { url: '' };
      contents.sent = [];
      contents.send = (channel, payload) => void contents.sent.push({ channel, payload });
      contents.setWindowOpenHandler = () => undefined;
      this.webContents = contents;
      windows.push(this);
      app.emit('web-contents-created', {}, contents);
    }
    loadURL(url: string): Promise<void> {
      calls.push(`loadURL(${url})`);
      this.loadedUrl = url;
      this.webContents.mainFrame.url = url;
      this.webContents.emit('did-start-loading');
      this.emit('ready-to-show');
      return Promise.resolve();
    }
    /** Closing the last window, as Electron does it: close, closed, then the app's window-all-closed. */
    close(): void {
      if (this.destroyed) return;
      this.emit('close', { preventDefault: () => undefined });
      this.destroyed = true;
      windows.splice(windows.indexOf(this), 1);
      this.emit('closed');
      if (windows.length === 0) app.emit('window-all-closed');
    }
    show = () => undefined;
    focus = () => undefined;
    maximize = () => undefined;
    restore = () => undefined;
    isMinimized = () => false;
    isMaximized = () => false;
    isFullScreen = () => false;
    getNormalBounds = () => ({ x: 0, y: 0, width: 1200, height: 800, ...pick(this.options, ['x', 'y', 'width', 'height']) });

    static getAllWindows = () => [...windows];
    static getFocusedWindow = () => windows[0] ?? null;
    static fromWebContents = (contents: unknown) => windows.find((window) => window.webContents === contents) ?? null;
  }

  const fakeSession = {
    setPermissionRequestHandler: () => undefined,
    setPermissionCheckHandler: () => undefined,
    setDevicePermissionHandler: () => undefined,
    setBluetoothPairingHandler: () => undefined,
    on: () => fakeSession,
  };
  const display = { workArea: { x: 0, y: 0, width: 1920, height: 1080 } };

  const electron = {
    app,
    BrowserWindow: FakeWindow,
    protocol: {
      registerSchemesAsPrivileged(custom: { scheme: string }[]) {
        calls.push('protocol.registerSchemesAsPrivileged');
        if (ready) refuse('protocol.registerSchemesAsPrivileged was called after the app was ready');
        schemes.push(...custom.map(({ scheme }) => scheme));
      },
      handle(scheme: string, handler: (request: Request) => Promise<Response>) {
        afterReady(`protocol.handle(${scheme})`);
        protocolHandlers.set(scheme, handler);
      },
    },
    session: {
      get defaultSession() {
        afterReady('session.defaultSession');
        return fakeSession;
      },
    },
    ipcMain: {
      handle(channel: string, handler: InvokeHandler) {
        calls.push(`ipcMain.handle(${channel})`);
        if (invokeHandlers.has(channel)) refuse(`Attempted to register a second handler for '${channel}'`);
        invokeHandlers.set(channel, handler);
      },
    },
    screen: {
      getPrimaryDisplay: () => (afterReady('screen.getPrimaryDisplay'), display),
      getAllDisplays: () => (afterReady('screen.getAllDisplays'), [display]),
    },
    dialog: {
      // The one dialog Electron shows before ready too.
      showErrorBox: (title: string, content: string) => void errorBoxes.push(`${title}: ${content}`),
      showMessageBox: async () => (afterReady('dialog.showMessageBox'), { response: 0 }),
      showOpenDialog: async () => (afterReady('dialog.showOpenDialog'), { canceled: true, filePaths: [] }),
      showSaveDialog: async () => (afterReady('dialog.showSaveDialog'), { canceled: true }),
    },
    Menu: {
      buildFromTemplate: (template: unknown[]) => (afterReady('Menu.buildFromTemplate'), { items: template }),
      setApplicationMenu: () => afterReady('Menu.setApplicationMenu'),
    },
    net: {
      fetch: (input: string, init?: RequestInit) => (afterReady('net.fetch'), fetch(input, init)),
    },
    // No key store here: as Electron answers on Linux without a keyring. Electron 45 deprecates the synchronous calls.
    safeStorage: {
      isEncryptionAvailable: () => refuse('safeStorage.isEncryptionAvailable is deprecated: use isAsyncEncryptionAvailable'),
      encryptString: () => refuse('safeStorage.encryptString is deprecated: use encryptStringAsync'),
      decryptString: () => refuse('safeStorage.decryptString is deprecated: use decryptStringAsync'),
      isAsyncEncryptionAvailable: async () => (afterReady('safeStorage.isAsyncEncryptionAvailable'), false),
      getSelectedStorageBackend: () => (afterReady('safeStorage.getSelectedStorageBackend'), 'basic_text'),
      encryptStringAsync: async () => refuse('safeStorage.encryptStringAsync was called though encryption is not available'),
      decryptStringAsync: async () => refuse('safeStorage.decryptStringAsync was called though encryption is not available'),
    },
    nativeTheme: { shouldUseDarkColors: false, themeSource: 'system' },
    clipboard: { writeText: () => undefined },
    shell: { openPath: async () => '', openExternal: async () => undefined },
  };

  return {
    electron,
    /** Electron's `ready`: the app emits it, then whenReady resolves. */
    ready(): void {
      ready = true;
      app.emit('ready', {}, {});
      becomeReady();
    },
    misuse,
    calls,
    schemes,
    protocolHandlers,
    invokeHandlers,
    windows: () => [...windows] as FakeWindow[],
    errorBoxes,
    exitCode: () => exitCode,
  };
}

function pick(from: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => typeof from[key] === 'number').map((key) => [key, from[key]]));
}

export type ElectronStandIn = ReturnType<typeof createElectronStandIn>;
