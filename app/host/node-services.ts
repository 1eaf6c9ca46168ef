import { product } from '../../base/node/product.ts';
import { AppError } from '../../base/common/errors.ts';
import type { Environment } from '../../features/environments/common/environment.ts';
import type { PayloadOf, PushName } from '../common/ipc.ts';
import { startServicesThread, warmServicesThread, type ServicesThread, type WarmThread } from './services-client.ts';
import type { HostInit } from './protocol.ts';
import type { PushSender, ServiceDeps } from '../node/index.ts';
import { describeSecretStorage } from '../../base/node/secret-storage.ts';
import { CAPTURE_WRITER_SCRIPT, SERVICES_THREAD_SCRIPT } from '../node/runtime-files.ts';
import type { Cipher, Clipboard, DesktopShell, FileDialogs } from '../../base/node/ports.ts';

/** Outside Electron there is no OS key store: secrets stay in memory unless an environment opts in. */
export const noKeyStore: Cipher = {
  status: () => describeSecretStorage(process.platform, false, null),
  encrypt: () => Promise.reject(new Error('There is no OS key store outside the app.')),
  decrypt: () => Promise.reject(new Error('There is no OS key store outside the app.')),
};

/** Outside the app no one is there to answer a file dialog: every choice is "cancel". */
export const noDialogs: FileDialogs = {
  chooseFileToOpen: async () => null,
  chooseFilesToOpen: async () => [],
  chooseFileToSave: async () => null,
};

/** The command line has no clipboard to write to. */
export const noClipboard = {
  writeText(): void {
    throw new AppError('no-clipboard', 'There is no clipboard here.');
  },
};

/** Outside the app there is no file manager or browser to hand things to, and no native appearance to set. */
export const noShell: DesktopShell = {
  openPath: async (target) => {
    throw new AppError('no-file-manager', `There is no file manager to open here; the path is ${target}.`);
  },
  setThemeSource: () => undefined,
};

/** The services' adapters outside Electron: the command line and the test harness. */
export function nodeServiceDeps(
  dataFolder: string,
): Pick<ServiceDeps, 'appInfo' | 'dataFolder' | 'cipher' | 'fetch' | 'dialogs' | 'clipboard' | 'shell' | 'captureWriter'> {
  return {
    captureWriter: CAPTURE_WRITER_SCRIPT,
    appInfo: {
      ...product,
      platform: process.platform,
      arch: process.arch,
      runtime: { electron: null, chrome: null, node: process.versions.node },
    },
    dataFolder,
    cipher: noKeyStore,
    fetch: (input, init) => fetch(input, init),
    dialogs: noDialogs,
    clipboard: noClipboard,
    shell: noShell,
  };
}

/** What a command does with the pushes a window would get: print the progress, say why a session ended. */
export type PushListeners = { [P in PushName]?: (payload: PayloadOf<P>) => void };

/** The pushes to those listeners; the others are dropped. */
export function pushTo(listeners: PushListeners): PushSender {
  return (name, payload) => (listeners[name] as ((payload: unknown) => void) | undefined)?.(payload);
}

export interface NodeThreadOptions {
  sandbox?: HostInit['sandbox'];
  environments?: Environment[];
  dialogs?: FileDialogs;
  clipboard?: Clipboard;
  /** The thread `warmNodeServicesThread` started, to start the services in. */
  warm?: WarmThread;
}

/** The services' thread started now, loading its code while the command reads its input; see `WarmThread`. */
export function warmNodeServicesThread(): WarmThread {
  return warmServicesThread(SERVICES_THREAD_SCRIPT);
}

/**
 * The services on their own thread, as the app runs them, with the adapters above on this
 * thread: the command line (no sandbox, the environments its flags made) and the test harness.
 */
export function startNodeServicesThread(dataFolder: string, options: NodeThreadOptions, push: PushSender): Promise<ServicesThread> {
  const deps = nodeServiceDeps(dataFolder);
  return startServicesThread(
    SERVICES_THREAD_SCRIPT,
    {
      dataFolder,
      appInfo: deps.appInfo,
      captureWriter: deps.captureWriter,
      sandbox: options.sandbox ?? null,
      secretStorage: noKeyStore.status(),
      ...(options.environments ? { environments: options.environments } : {}),
    },
    // No fetch adapter: the services thread fetches by itself, each request's body not copied across threads twice.
    { cipher: deps.cipher, dialogs: options.dialogs ?? deps.dialogs, clipboard: options.clipboard ?? deps.clipboard, shell: deps.shell },
    push,
    options.warm ? { warm: options.warm } : {},
  );
}
