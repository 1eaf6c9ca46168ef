import { readdir } from 'node:fs/promises';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type * as WorkerThreads from 'node:worker_threads';
import { createElectronStandIn, type FakeWebContents } from './electron-stand-in.ts';
import { REPORT_PREFIX, type LaunchReport } from './launch-report.ts';

/**
 * Runs in a child process of main-bundle.test.ts: loads the built main bundle
 * (`$EVENTDESK_BUNDLE/build/main.cjs`) with the stand-in in place of `electron`, takes it
 * through ready, a page's calls and quitting, and prints what it saw as one line,
 * `REPORT {json}`, for the test to judge. The data folder is `$EVENTDESK_DATA_DIR`, as main.ts reads it.
 */

const projectRoot = path.resolve(import.meta.dirname, '../../../..');
const bundle = process.env.EVENTDESK_BUNDLE!;
const dataFolder = process.env.EVENTDESK_DATA_DIR!;
const require = createRequire(import.meta.url);

const standIn = createElectronStandIn({ appPath: projectRoot, paths: { userData: path.join(dataFolder, 'not-this-one'), temp: dataFolder } });

// `electron` resolves to the stand-in, for this process only.
const standInId = path.join(import.meta.dirname, 'electron-stand-in.cjs');
const resolving = Module as unknown as { _resolveFilename(request: string, ...rest: unknown[]): string };
const resolve = resolving._resolveFilename;
resolving._resolveFilename = function (request, ...rest) {
  return request === 'electron' ? standInId : resolve.call(this, request, ...rest);
};
const electronModule = new Module(standInId);
electronModule.filename = standInId;
electronModule.loaded = true;
electronModule.exports = standIn.electron;
require.cache[standInId] = electronModule;

// Every thread main starts, and when it ends.
let quitAt: number | null = null;
const threads: { file: string; endedAt: number | null; exitCode: number | null }[] = [];
const workerThreads = require('node:worker_threads') as typeof WorkerThreads;
workerThreads.Worker = class extends workerThreads.Worker {
  constructor(file: string | URL, options?: WorkerThreads.WorkerOptions) {
    super(file, options);
    const thread = { file: path.basename(String(file)), endedAt: null as number | null, exitCode: null as number | null };
    threads.push(thread);
    this.on('exit', (code) => Object.assign(thread, { endedAt: performance.now(), exitCode: code }));
  }
};
standIn.electron.app.on('quit', () => (quitAt = performance.now()));

/** Waits for a condition, at most `ms`; says whether it came. */
async function until(condition: () => boolean | Promise<boolean>, ms = 20_000): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (await condition()) return true;
    await sleep(25);
  }
  return false;
}

/** The data folder's files, sorted (its folders, such as logs/, left out); none before main made it. */
const files = async () =>
  (await readdir(dataFolder, { withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();

/** A page's call through the handler main registered, from `sender` and `senderFrame`. */
function invoke(channel: string, sender: FakeWebContents, senderFrame: { url: string }): Promise<unknown> {
  const handler = standIn.invokeHandlers.get(channel);
  return handler ? handler({ sender, senderFrame }, undefined) : Promise.resolve('no handler');
}

// What Electron's Node adds to its versions, which app:info reports; and `electron .` in the checkout.
const electronVersion = (require(path.join(projectRoot, 'node_modules', 'electron', 'package.json')) as { version: string }).version;
Object.defineProperty(process.versions, 'electron', { value: electronVersion, enumerable: true });
Object.defineProperty(process.versions, 'chrome', { value: 'stand-in', enumerable: true });
process.argv = [process.execPath, '.'];
process.chdir(projectRoot);
require(path.join(bundle, 'build', 'main.cjs'));
standIn.ready();

const gaveUp = () => standIn.exitCode() !== null || standIn.errorBoxes.length > 0;
await until(() => standIn.windows().length > 0 || gaveUp());
const window = standIn.windows()[0];
const report: LaunchReport = {
  schemes: standIn.schemes,
  misuse: standIn.misuse,
  errorBoxes: standIn.errorBoxes,
  exitCode: null,
  windowUrl: window?.loadedUrl ?? null,
  page: null,
  channels: [...standIn.invokeHandlers.keys()],
  fromMainFrame: null,
  fromSubFrame: null,
  fromOtherContents: null,
  filesWhileRunning: [],
  threads: [],
  quit: false,
  filesAfterQuit: [],
};

const serve = standIn.protocolHandlers.get('app');
if (window?.loadedUrl && serve) {
  const page = await serve(new Request(window.loadedUrl));
  const html = await page.text();
  const scriptPath = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? null;
  const script = scriptPath ? await serve(new Request(new URL(scriptPath, window.loadedUrl))) : null;
  report.page = {
    status: page.status,
    csp: page.headers.get('Content-Security-Policy'),
    hasRoot: html.includes('<div id="root"'),
    script: scriptPath && script ? { path: scriptPath, status: script.status, type: script.headers.get('Content-Type') } : null,
  };
}

if (window) {
  const contents = window.webContents;
  report.fromMainFrame = await invoke('app:info', contents, contents.mainFrame);
  report.fromSubFrame = await invoke('app:info', contents, { url: contents.mainFrame.url });
  const stranger = Object.assign(Object.create(contents) as FakeWebContents, { mainFrame: { url: contents.mainFrame.url } });
  report.fromOtherContents = await invoke('app:info', stranger, stranger.mainFrame);
  await until(async () => (await files()).includes('submissions.sqlite') && (await files()).includes('capture.sqlite'));
  report.filesWhileRunning = await files();

  // The user closes the window; off macOS that quits the app.
  window.close();
  if (process.platform === 'darwin') standIn.electron.app.quit();
  await until(() => quitAt !== null);
}

report.quit = quitAt !== null;
report.exitCode = standIn.exitCode();
report.threads = threads.map(({ file, endedAt, exitCode }) => ({ file, exitCode, endedBeforeQuit: endedAt !== null && quitAt !== null && endedAt <= quitAt }));
report.filesAfterQuit = await files();
console.log(`${REPORT_PREFIX}${JSON.stringify(report)}`);
// Whatever main left running (it should be nothing) must not keep the test waiting.
process.exit(0);
