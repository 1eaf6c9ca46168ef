import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const projectRoot = path.resolve(import.meta.dirname, '../../..');
const electronPackage = path.join(projectRoot, 'node_modules', 'electron');

/**
 * The Electron binary if it is installed, found without `require('electron')`, which would
 * try to download it. Null where there is none (as on machines with no route to GitHub).
 */
export function electronBinary(): string | null {
  const pathFile = path.join(electronPackage, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(electronPackage, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export const electronSkipReason = 'no Electron binary is installed here (node_modules/electron/dist); the Electron e2e runs wherever one is';

/** Names a packaged EventDesk to test instead of the checkout (its binary, e.g. out/dist/linux-unpacked/eventdesk). */
export const PACKAGED_APP_VARIABLE = 'EVENTDESK_ELECTRON_APP';

/**
 * What `_electron.launch` starts: the packaged binary $EVENTDESK_ELECTRON_APP, which finds its
 * app in its own asar and so takes no argument (one would be a workspace to open); else the
 * installed Electron with the checkout as its app (`electron .`), the one argument main.ts knows
 * is no workspace. Null where neither exists.
 */
export function electronApp(env: Readonly<Record<string, string | undefined>> = process.env): { executablePath: string; args: string[] } | null {
  const packaged = env[PACKAGED_APP_VARIABLE];
  if (packaged) return { executablePath: path.resolve(packaged), args: [] };
  const binary = electronBinary();
  return binary === null ? null : { executablePath: binary, args: [projectRoot] };
}
