import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../app/cli/main.ts';
import { createPushSender } from '../../app/ipc/dispatch.ts';
import { nodeServiceDeps } from '../../app/host/node-services.ts';
import { createServices } from '../../app/node/index.ts';
import { databaseFiles } from '../../base/node/private-files.ts';
import { oneEventBatch, sandboxForCli } from '../support/cli-sandbox.ts';

/**
 * The data folder and the history's SQLite files are their owner's alone, made so by the real
 * services (as the app and the harness build them) and by the command line, over a real folder.
 */

const cleanUp: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const step of cleanUp.splice(0).reverse()) await step();
});

const modeOf = (name: string) => (statSync(name).mode & 0o777).toString(8);

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-private-'));
  cleanUp.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function startServices(dataFolder: string) {
  const services = await createServices({ ...nodeServiceDeps(dataFolder), push: createPushSender(() => undefined), sandbox: null });
  cleanUp.push(() => services.close());
  return services;
}

/** A history another tool left readable by everyone, open in WAL mode so its -wal and -shm exist. */
function looseHistory(dataFolder: string): string {
  mkdirSync(dataFolder, { recursive: true });
  chmodSync(dataFolder, 0o755);
  const file = path.join(dataFolder, 'submissions.sqlite');
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE kept (n INTEGER); INSERT INTO kept VALUES (1)');
  cleanUp.push(async () => db.close());
  for (const name of databaseFiles(file)) chmodSync(name, 0o644);
  return file;
}

describe.skipIf(process.platform === 'win32')('the data folder and the history files', () => {
  it('are made private when the app creates them: folder 0700, submissions.sqlite and its -wal and -shm 0600', async () => {
    // Under the usual umask (022), a folder would be 0755 and SQLite's files 0644.
    const dataFolder = path.join(await tempFolder(), 'new', 'EventDesk');
    await startServices(dataFolder);
    const file = path.join(dataFolder, 'submissions.sqlite');
    expect(modeOf(dataFolder)).toBe('700');
    for (const name of databaseFiles(file)) {
      expect(existsSync(name), name).toBe(true);
      expect(modeOf(name), name).toBe('600');
    }
  });

  it('are tightened when they already exist with looser modes', async () => {
    const dataFolder = path.join(await tempFolder(), 'EventDesk');
    const file = looseHistory(dataFolder);
    await startServices(dataFolder);
    expect(modeOf(dataFolder)).toBe('700');
    for (const name of databaseFiles(file)) expect(modeOf(name), name).toBe('600');
  });

  it('are tightened by `eventdesk history` too, which changes nothing else', async () => {
    const dataFolder = path.join(await tempFolder(), 'EventDesk');
    const file = looseHistory(dataFolder);
    const code = await runCli(['history', '--data', dataFolder], { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);
    expect(modeOf(dataFolder)).toBe('700');
    for (const name of databaseFiles(file)) expect(modeOf(name), name).toBe('600');
  });

  it('are made private by `eventdesk send` in a new data folder', async () => {
    const sandbox = await sandboxForCli();
    cleanUp.push(() => sandbox.close());
    const folder = await tempFolder();
    const batch = await oneEventBatch(folder);
    const dataFolder = path.join(folder, 'data');
    let stderr = '';
    const code = await runCli(['send', batch, '--base-url', sandbox.url, '--data', dataFolder], {
      stdout: () => undefined,
      stderr: (text) => void (stderr += text),
    });
    expect(code, stderr).toBe(0);
    expect(modeOf(dataFolder)).toBe('700');
    expect(modeOf(path.join(dataFolder, 'submissions.sqlite'))).toBe('600');
  });
});
