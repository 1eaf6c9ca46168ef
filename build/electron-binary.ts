import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Electron's own package, which holds the binary once it is downloaded (dist/, named by path.txt). */
export const electronPackage = path.resolve(import.meta.dirname, '../node_modules/electron');

/**
 * The Electron binary if it is installed, found without `require('electron')`, which would
 * try to download it. Null where there is none (as on machines with no route to GitHub).
 */
export function electronBinary(electronFolder = electronPackage): string | null {
  const pathFile = path.join(electronFolder, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = path.join(electronFolder, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

export type ElectronDownload = { ok: true } | { ok: false; timedOut: boolean };

/**
 * Downloads the binary as `require('electron')` would, by running the package's own install.js
 * (its mirror and cache variables, its checksums), but bounded in time: a proxy that swallows
 * packets would otherwise hold it for many minutes. Its output is kept back: on failure it is a
 * stack trace, and the caller says what happened instead.
 */
export function downloadElectron(timeoutMs: number, electronFolder = electronPackage): Promise<ElectronDownload> {
  return new Promise((resolve) => {
    // Node's fetch, which install.js uses, takes HTTPS_PROXY only when told to.
    const installer = spawn(process.execPath, [path.join(electronFolder, 'install.js')], {
      stdio: 'ignore',
      env: { ...process.env, NODE_USE_ENV_PROXY: '1' },
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      installer.kill();
    }, timeoutMs);
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      resolve(ok && !timedOut ? { ok: true } : { ok: false, timedOut });
    };
    installer.once('error', () => finish(false));
    installer.once('exit', (code) => finish(code === 0));
  });
}
