import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { downloadElectron, electronBinary } from './electron-binary.ts';

/**
 * `npm start`: makes sure the Electron binary is there before Forge starts, since Forge's own
 * attempt ends in a stack trace and a fix that does not help, then runs `electron-forge start`
 * with its arguments and exit code.
 */

/** Enough for Electron's ~110 MB at under 1 MB/s; a proxy swallowing packets fails well before. */
const DOWNLOAD_LIMIT_MINUTES = 5;

function downloadFailure(timedOut: boolean): string {
  const what = timedOut ? `did not finish within ${DOWNLOAD_LIMIT_MINUTES} minutes` : 'failed';
  return [
    `EventDesk cannot start: the Electron binary it runs in could not be downloaded (the download ${what}).`,
    'npm start fetches it once, from GitHub, into node_modules/electron; this means there is no network here, or a proxy is in the way.',
    'Behind a proxy, set HTTPS_PROXY (for example HTTPS_PROXY=http://proxy.example:3128); to fetch from a mirror you can reach, set ELECTRON_MIRROR (for example ELECTRON_MIRROR=https://npmmirror.com/mirrors/electron/); then run npm start again.',
    'Without Electron, the command line works (npx eventdesk --help), and so does the whole app in a browser: npm run harness serves it at http://127.0.0.1:5199.',
  ].join(' ');
}

// Electron's own variable for a binary kept elsewhere: require('electron') then downloads nothing.
if (!process.env.ELECTRON_OVERRIDE_DIST_PATH && electronBinary() === null) {
  console.log('Downloading the Electron binary (once, about 110 MB)…');
  const download = await downloadElectron(DOWNLOAD_LIMIT_MINUTES * 60_000);
  if (!download.ok || electronBinary() === null) {
    console.error(downloadFailure(!download.ok && download.timedOut));
    process.exit(1);
  }
}

const forge = createRequire(import.meta.url).resolve('@electron-forge/cli/dist/electron-forge.js');
const child = spawn(process.execPath, [forge, 'start', ...process.argv.slice(2)], { stdio: 'inherit' });
child.once('exit', (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
