import { BrowserWindow, app, dialog, ipcMain, net, protocol, session } from 'electron';
import path from 'node:path';
import { commands, type CommandId } from '../common/commands.ts';
import { channelNames } from '../common/ipc.ts';
import { appSchemeResponder, builtPages } from './app-scheme.ts';
import { devServerPages } from './development-pages.ts';
import { electronClipboard } from './clipboard.ts';
import { electronDialogs } from './dialogs.ts';
import { openSafeStorageCipher } from './safe-storage.ts';
import { electronShell } from './shell.ts';
import type { RecentFile } from '../../features/documents/common/files.ts';
import { portFromVariable } from '../../features/sandbox/common/sandbox-port.ts';
import { startServicesThread } from '../host/services-client.ts';
import { admit, createPushSender, type Sender } from '../ipc/dispatch.ts';
import { logFailures } from '../ipc/logged-dispatch.ts';
import { installMenu } from './menu.ts';
import { menuTemplate, runsInMain, type MainCommand } from './menu-template.ts';
import { APP_ORIGIN, APP_SCHEME } from '../../base/common/app-origin.ts';
import { isTrustedAppUrl } from './security.ts';
import { batchFileFromArgv } from '../../features/documents/node/opened-files.ts';
import { workspaceFolderFromArgv } from '../../features/workspace/node/workspace-opening.ts';
import { createWindowStateStore } from '../node/window-state.ts';
import { bringToFront, createMainWindow, hardenWebContents, restrictPermissions } from './window.ts';

// Tests and portable setups point the app at their own data folder. Set before the single-instance
// lock, which is per data folder: two test runs with their own folders do not collide.
const dataFolderOverride = process.env.EVENTDESK_DATA_DIR;
if (dataFolderOverride) app.setPath('userData', path.resolve(dataFolderOverride));

// A second launch hands its file to the first instance (the second-instance event) and ends.
if (app.requestSingleInstanceLock()) start();
else app.quit();

function start(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }]);

  const devServerUrl = MAIN_WINDOW_VITE_DEV_SERVER_URL;
  const rendererRoot = path.join(__dirname, '..', 'renderer', MAIN_WINDOW_VITE_NAME);

  // Files the OS hands over before the services are up (the launch's own, macOS open-file at
  // launch) wait here; afterwards they go straight to the services.
  const early: string[] = [];
  const firstFile = batchFileFromArgv(process.argv, process.cwd());
  if (firstFile) early.push(firstFile);
  let openFromOs = (file: string): void => void early.push(file);
  // A workspace folder on the command line (`eventdesk-app ~/shop-events`); in development
  // `electron .` names the app's own folder, which is none.
  const notWorkspaces = app.isPackaged ? [] : [app.getAppPath()];
  let earlyWorkspace = workspaceFolderFromArgv(process.argv, process.cwd(), notWorkspaces);
  let openWorkspace = (folder: string): void => void (earlyWorkspace = folder);
  let showWindow = (): void => undefined;

  app.on('open-file', (event, file) => {
    event.preventDefault();
    openFromOs(file);
    if (app.isReady()) showWindow();
  });
  app.on('second-instance', (_event, argv, workingDirectory) => {
    showWindow();
    const file = batchFileFromArgv(argv, workingDirectory);
    if (file) openFromOs(file);
    const folder = workspaceFolderFromArgv(argv, workingDirectory, notWorkspaces);
    if (folder) openWorkspace(folder);
  });

  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, devServerUrl !== undefined));

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(async () => {
      restrictPermissions(session.defaultSession);
      // A plan's validators are the services' to serve: none until they are up.
      let planScript = (_hash: string): Promise<string | null> => Promise.resolve(null);
      // Under `npm start` too the page loads from app://, its files from the dev server.
      const pages = devServerUrl ? devServerPages(devServerUrl, (request) => net.fetch(request)) : builtPages(rendererRoot);
      const answer = appSchemeResponder(pages, (hash) => planScript(hash));
      protocol.handle(APP_SCHEME, async (request) => {
        const file = await answer(request.url, request.headers);
        return new Response(file.body, { status: file.status, headers: file.headers });
      });

      const dataFolder = app.getPath('userData');
      // EVENTDESK_SANDBOX_PORT comes first; unset, the services take the port saved in the Sandbox
      // tab, else the default. A value that is no port stops the start with a message saying so.
      const sandboxPort = portFromVariable(process.env.EVENTDESK_SANDBOX_PORT);
      const cipher = await openSafeStorageCipher();
      const push = createPushSender((name, payload) => {
        for (const window of BrowserWindow.getAllWindows()) window.webContents.send(name, payload);
      });
      // The services run on their own thread: a long task there (indexing a big batch, a slow
      // query) never freezes the window, its menus or the IPC routing done here. This thread
      // keeps what only it may use, and the services reach it by message: the key store, the
      // dialogs, the clipboard, the shell and Chromium's network stack.
      const thread = await startServicesThread(
        path.join(__dirname, 'services-thread.cjs'),
        {
          appInfo: {
            name: app.getName(),
            version: app.getVersion(),
            platform: process.platform,
            arch: process.arch,
            runtime: { electron: process.versions.electron, chrome: process.versions.chrome, node: process.versions.node },
          },
          dataFolder,
          // A worker's script is a file: the writer's bundle sits beside this one (an entry of forge.config.ts).
          captureWriter: path.join(__dirname, 'capture-writer-thread.cjs'),
          // Packaged, the service's description sits beside the asar (extraResources).
          sandbox: {
            portVariable: sandboxPort,
            openapiFile: app.isPackaged ? path.join(process.resourcesPath, 'openapi.yaml') : path.join(app.getAppPath(), 'docs', 'openapi.yaml'),
          },
          secretStorage: cipher.status(),
        },
        {
          cipher,
          dialogs: electronDialogs,
          clipboard: electronClipboard,
          shell: electronShell,
          // Chromium's network stack: the system proxy and the OS trust store, which corporate users need.
          fetch: (input, init) => net.fetch(input, init),
        },
        push,
      );
      const { services } = thread;
      planScript = (hash) => services.plans.script(hash);
      const log = {
        info: (message: string, fields?: Record<string, unknown>) => void services.log.info(message, fields),
        warn: (message: string, fields?: Record<string, unknown>) => void services.log.warn(message, fields),
        error: (message: string, fields?: Record<string, unknown>) => void services.log.error(message, fields),
      };
      log.info('EventDesk started', {
        version: app.getVersion(),
        platform: process.platform,
        arch: process.arch,
        electron: process.versions.electron,
        packaged: app.isPackaged,
        dataFolder,
      });
      // Electron still shows its own dialog for an uncaught exception; the monitor only writes it down.
      process.on('uncaughtExceptionMonitor', (error, origin) => log.error('Uncaught exception', { origin, error: String(error.stack ?? error) }));
      // Electron's main process only warns about these (--unhandled-rejections=warn); keep a record.
      process.on('unhandledRejection', (reason) => log.error('Unhandled promise rejection', { error: String(reason) }));
      // Quitting waits until every send has recorded how it ended, then lets the thread go.
      let closing: Promise<void> | null = null;
      app.on('before-quit', (event) => {
        if (closing) return;
        event.preventDefault();
        log.info('EventDesk quit');
        closing = thread.close().finally(() => app.quit());
      });

      const dispatch = logFailures(async (channel, input, sender) => {
        const admitted = admit(channel, input, sender, isTrustedAppUrl);
        return admitted.ok ? thread.call(admitted.channel, admitted.input) : admitted.envelope;
      }, log);
      const senderOf = (event: Electron.IpcMainInvokeEvent): Sender => ({
        fromAppWindow: BrowserWindow.fromWebContents(event.sender) !== null,
        fromMainFrame: event.senderFrame !== null && event.senderFrame === event.sender.mainFrame,
        url: event.senderFrame?.url ?? '',
      });
      for (const channel of channelNames) {
        ipcMain.handle(channel, (event, input: unknown) => dispatch(channel, input, senderOf(event)));
      }

      /** A menu action or an OS hand-over that failed: the user asked for it, so they are told. */
      const report = (what: string) => (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        log.warn(what, { error: message });
        const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
        const options = { type: 'error' as const, message: what, detail: message };
        void (window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options));
      };

      const mainCommands: Record<MainCommand, () => Promise<unknown>> = {
        'help.dataFolder': () => services.desktop.openDataFolder(),
        'help.diagnostics': () => services.desktop.exportDiagnostics(),
      };
      const runCommand = (command: CommandId): void => {
        if (runsInMain(command)) void mainCommands[command]().catch(report(`EventDesk could not run “${commands[command].title}”.`));
        else push('app:command', { command });
      };
      const rebuildMenu = async (): Promise<void> => {
        const template = menuTemplate({
          platform: process.platform,
          packaged: app.isPackaged,
          recent: await services.files.recent(),
          recentWorkspaces: await services.workspaces.recent(),
          theme: await services.desktop.theme(),
          appName: app.getName(),
        });
        installMenu(template, {
          command: runCommand,
          openRecent: (file) => void services.openedFiles.openRecent(file).catch(report(`EventDesk could not open ${path.basename(file)}.`)),
          openRecentWorkspace: (root) => void services.workspaces.openRecent(root).catch(report(`EventDesk could not open the workspace ${root}.`)),
        });
      };
      thread.on('recent-changed', (recent) => {
        // The OS's own recent list too (the macOS Dock menu, the Windows jump list).
        const newest = (recent as RecentFile[])[0];
        if (newest) app.addRecentDocument(newest.path);
        void rebuildMenu();
      });
      thread.on('theme-changed', () => void rebuildMenu());
      thread.on('recent-workspaces-changed', () => void rebuildMenu());
      await rebuildMenu();

      const windowStates = createWindowStateStore(dataFolder);
      const openWindow = (): BrowserWindow => {
        const window = createMainWindow(path.join(__dirname, 'preload.cjs'), `${APP_ORIGIN}/index.html`, windowStates);
        // Files opened while the page (re)loads or after its window closed wait for it to take them.
        window.webContents.on('did-start-loading', () => void services.openedFiles.pageGone());
        window.on('closed', () => void services.openedFiles.pageGone());
        return window;
      };
      showWindow = () => {
        const window = BrowserWindow.getAllWindows()[0];
        if (window) bringToFront(window);
        else openWindow();
      };
      openFromOs = (file) => void services.openedFiles.openFromOs(file).catch(report(`EventDesk could not open ${path.basename(file)}.`));

      openWorkspace = (folder) => void services.workspaces.openGiven(folder).catch(report(`EventDesk could not open the workspace ${folder}.`));

      openWindow();
      for (const file of early.splice(0)) openFromOs(file);
      if (earlyWorkspace) openWorkspace(earlyWorkspace);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((error: unknown) => {
      // Without this a failed start leaves a running process and no window.
      dialog.showErrorBox('EventDesk could not start', error instanceof Error ? `${error.message}\n\n${error.stack ?? ''}` : String(error));
      app.exit(1);
    });
}
