import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const electronPackage = path.resolve(import.meta.dirname, '../../../node_modules/electron');

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
