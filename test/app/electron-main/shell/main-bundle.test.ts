import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../../../../app/common/ipc.ts';
import { CONTENT_SECURITY_POLICY } from '../../../../app/electron-main/security.ts';
import { REPORT_PREFIX, type LaunchReport } from './launch-report.ts';

/**
 * The closest this machine gets to launching the app: the BUILT main bundle, as a packaged app
 * runs it, loaded under Node with a stand-in `electron` (electron-stand-in.ts) that refuses what
 * Electron refuses before and after `ready`. It runs in a child process (launch-main.ts), so the
 * stand-in never reaches Vitest's own module graph, from bundles built into a folder of its own,
 * so nothing else that builds or reads .vite/ (the e2e harness, `npm start`) races it.
 */

const run = promisify(execFile);
const projectRoot = path.resolve(import.meta.dirname, '../../../..');
let scratch: string;
let report: LaunchReport;

/** Node with the project's flags, and without Vitest's NODE_ENV=test, which would make Vite build React's development copy. */
function node(args: string[], env: Record<string, string>) {
  const { NODE_ENV: _vitest, ...inherited } = process.env;
  return run(process.execPath, ['--experimental-strip-types', '--disable-warning=ExperimentalWarning', ...args], {
    cwd: projectRoot,
    env: { ...inherited, ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-main-bundle-'));
  const bundle = path.join(scratch, 'vite');
  await node(['build/build.ts', bundle], {});
  const dataFolder = path.join(scratch, 'data');
  const { stdout } = await node(['test/app/electron-main/shell/launch-main.ts'], { EVENTDESK_BUNDLE: bundle, EVENTDESK_DATA_DIR: dataFolder });
  const line = stdout.split('\n').find((candidate) => candidate.startsWith(REPORT_PREFIX));
  if (!line) throw new Error(`launch-main.ts printed no report:\n${stdout}`);
  report = JSON.parse(line.slice(REPORT_PREFIX.length)) as LaunchReport;
}, 120_000);

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the built main bundle, under a stand-in Electron', () => {
  it('starts without touching Electron too early or too late, and without a start-up error', () => {
    expect(report.misuse).toEqual([]);
    expect(report.errorBoxes).toEqual([]);
    expect(report.schemes).toEqual(['app']);
  });

  it('opens its window on app:// and serves the page and its scripts there under the CSP', () => {
    expect(report.windowUrl).toBe('app://eventdesk/index.html');
    expect(report.page).toMatchObject({ status: 200, csp: CONTENT_SECURITY_POLICY, hasRoot: true });
    expect(report.page?.script).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  });

  it('registers a handler for every channel of the contract, which answers the window and refuses other frames', () => {
    expect([...report.channels].sort()).toEqual([...channelNames].sort());
    expect(report.fromMainFrame).toMatchObject({ ok: true, value: { name: 'EventDesk', dataFolder: path.join(scratch, 'data') } });
    expect(report.fromSubFrame).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(report.fromOtherContents).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
  });

  it('starts the services on their thread, which opens the databases in the data folder', () => {
    expect(report.threads.map((thread) => thread.file)).toEqual(['services-thread.cjs']);
    expect(report.filesWhileRunning).toEqual(expect.arrayContaining(['submissions.sqlite', 'capture.sqlite']));
  });

  it('closes the services when its last window closes: the thread ends before the app quits, the databases shut cleanly', () => {
    expect(report.quit).toBe(true);
    expect(report.exitCode).toBeNull();
    expect(report.threads).toEqual([{ file: 'services-thread.cjs', exitCode: 0, endedBeforeQuit: true }]);
    // SQLite folds a database's write-ahead log back in and removes it when its last connection closes.
    expect(report.filesAfterQuit).toEqual(expect.arrayContaining(['submissions.sqlite', 'capture.sqlite', 'window-state.json']));
    expect(report.filesAfterQuit.filter((file) => /-(wal|shm)$/.test(file))).toEqual([]);
  });
});
