import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { product } from '../../../base/node/product.ts';
import { fileMistake } from './flags.ts';

/**
 * Where the app keeps its data (Electron's `userData`), so the command line records into the
 * same SQLite file: EVENTDESK_DATA_DIR when set (the app honours it too), else the platform's
 * per-user configuration folder followed by the product name.
 */
export function appDataFolder(
  platform: NodeJS.Platform = process.platform,
  variables: Readonly<Record<string, string | undefined>> = process.env,
  home = os.homedir(),
): string {
  const override = variables.EVENTDESK_DATA_DIR;
  if (override) return path.resolve(override);
  if (platform === 'win32') return path.win32.join(variables.APPDATA || path.win32.join(home, 'AppData', 'Roaming'), product.name);
  if (platform === 'darwin') return path.posix.join(home, 'Library', 'Application Support', product.name);
  return path.posix.join(variables.XDG_CONFIG_HOME || path.posix.join(home, '.config'), product.name);
}

/**
 * The data folder a command's --data names (else the app's), refused in one line when it is a
 * file: the history would be made inside it, and the mkdir's EEXIST would reach the user as a trace.
 */
export function dataFolderFrom(flag: string | undefined): string {
  const folder = flag === undefined ? appDataFolder() : path.resolve(flag);
  if (statSync(folder, { throwIfNoEntry: false })?.isDirectory() === false) {
    const named = flag === undefined ? `EVENTDESK_DATA_DIR ${folder}` : `--data ${flag}`;
    throw fileMistake(`${named} is a file: it names the data folder, where EventDesk keeps its history and captures. Name a folder (made if need be).`);
  }
  return folder;
}
