import { BrowserWindow, app, dialog, ipcMain, net, protocol, session } from 'electron';
import path from 'node:path';
import { channelNames } from '../shared/ipc.ts';
import { serveAppFile } from './app-files.ts';
import { electronClipboard } from './adapters/clipboard.ts';
import { electronDialogs } from './adapters/dialogs.ts';
import { safeStorageCipher } from './adapters/safe-storage.ts';
import { electronShell } from './adapters/shell.ts';
import { createDispatch, createPushSender, type Sender } from './ipc/dispatch.ts';
import { createHandlers } from './ipc/handlers.ts';
import { APP_ORIGIN, APP_SCHEME, isTrustedAppUrl } from './security.ts';
import { createServices } from './services/index.ts';
import { createMainWindow, hardenWebContents } from './window.ts';

// Tests and portable setups point the app at their own data folder.
const dataFolderOverride = process.env.EVENTDESK_DATA_DIR;
if (dataFolderOverride) app.setPath('userData', path.resolve(dataFolderOverride));

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
]);

const devServerUrl = MAIN_WINDOW_VITE_DEV_SERVER_URL;
/** EVENTDESK_SANDBOX_PORT fixes the embedded sandbox's port, to point an SDK at; by default any free one. */
const SANDBOX_PREFERRED_PORT = Number(process.env.EVENTDESK_SANDBOX_PORT ?? 0);
const rendererRoot = path.join(__dirname, '..', 'renderer', MAIN_WINDOW_VITE_NAME);

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  protocol.handle(APP_SCHEME, async (request) => {
    const { pathname } = new URL(request.url);
    const file = await serveAppFile(rendererRoot, pathname);
    return new Response(file.body, { status: file.status, headers: file.headers });
  });

  const services = await createServices({
    appInfo: {
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      arch: process.arch,
      runtime: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
    },
    dataFolder: app.getPath('userData'),
    cipher: safeStorageCipher,
    dialogs: electronDialogs,
    clipboard: electronClipboard,
    shell: electronShell,
    // Chromium's network stack: the system proxy and the OS trust store, which corporate users need.
    fetch: (input, init) => net.fetch(input, init),
    push: createPushSender((push, payload) => {
      for (const window of BrowserWindow.getAllWindows()) window.webContents.send(push, payload);
    }),
    sandbox: { port: SANDBOX_PREFERRED_PORT },
  });
  app.on('will-quit', () => void services.close());
  const dispatch = createDispatch(createHandlers(services), (url) => isTrustedAppUrl(url, devServerUrl));
  const senderOf = (event: Electron.IpcMainInvokeEvent): Sender => ({
    fromAppWindow: BrowserWindow.fromWebContents(event.sender) !== null,
    fromMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
    url: event.senderFrame?.url ?? '',
  });
  for (const channel of channelNames) {
    ipcMain.handle(channel, (event, input: unknown) => dispatch(channel, input, senderOf(event)));
  }

  const openWindow = () => createMainWindow(path.join(__dirname, 'preload.cjs'), devServerUrl ?? `${APP_ORIGIN}/index.html`);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
})
  .catch((error: unknown) => {
    // Without this a failed start leaves a running process and no window.
    dialog.showErrorBox('EventDesk could not start', error instanceof Error ? `${error.message}\n\n${error.stack ?? ''}` : String(error));
    app.exit(1);
  });
