import type { ThemeSource } from '../common/appearance.ts';
import type { SecretStorageStatus } from '../common/secret-storage.ts';

/**
 * The platform's ports: what the services ask of the machine around them. Electron's modules
 * answer in the app (app/electron-main: safe-storage, clipboard, shell, dialogs, net.fetch), the
 * services' thread relays them (app/host), and tests and the command line give stand-ins. The
 * services, the host and the adapters import these from here, not from each other.
 */

/**
 * What encrypts secrets at rest: Electron's safeStorage in the app, nothing elsewhere. Its
 * calls answer later, because the key store is reached from the services' own thread through
 * the main thread, which alone may use safeStorage.
 */
export interface Cipher {
  status(): SecretStorageStatus;
  encrypt(plain: string): Promise<Uint8Array>;
  decrypt(data: Uint8Array): Promise<string>;
}

/** Where a cURL copy goes when it holds real secrets: the OS clipboard, written by main. */
export interface Clipboard {
  /** Answers later where the clipboard is another thread's (Electron's main thread). */
  writeText(text: string): void | Promise<void>;
}

/** The OS shell: Electron's shell and nativeTheme in the app, stand-ins elsewhere. */
export interface DesktopShell {
  /** Opens a folder in the OS file manager, or a file in its default application. */
  openPath(target: string): Promise<void>;
  /** Native menus, dialogs and scrollbars follow this appearance. */
  setThemeSource(theme: ThemeSource): void;
}

/** A batch to edit and save back, a file to import events from (CSV, HAR, cURL…), or a tracking plan. */
export type OpenPurpose = 'batch' | 'import' | 'plan';

/** Files chosen at once: batch files to draft a plan from, files another tool exported a plan to, or a folder of them; or a workspace's folder. */
export type OpenManyPurpose = 'events' | 'plan-exports' | 'plan-export-folder' | 'workspace';

/** How the OS asks the user for a file: Electron's dialogs in the app, a scripted stand-in in tests. */
export interface FileDialogs {
  chooseFileToOpen(purpose: OpenPurpose): Promise<string | null>;
  /** Every path chosen; none when cancelled. */
  chooseFilesToOpen(purpose: OpenManyPurpose): Promise<string[]>;
  chooseFileToSave(suggestedName: string): Promise<string | null>;
}

/** The one fetch every HTTP call goes through: net.fetch in the app, Node's fetch elsewhere. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;
