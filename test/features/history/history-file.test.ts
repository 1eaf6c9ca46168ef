import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCli } from '../../../app/cli/main.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { openHistory, setAsideName } from '../../../features/history/node/history-file.ts';
import { createServices } from '../../../app/node/index.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { AppError } from '../../../base/common/errors.ts';
import { emptyHistoryFilter } from '../../../features/history/common/history.ts';
import { oneEventBatch, sandboxForCli } from '../../support/cli-sandbox.ts';
import {
  damageItsMiddle,
  fingerprint,
  writeDamagedHistory,
  writeHistoryDamagedInItsMiddle,
  writeHistoryOfLargerBatches,
} from '../../support/damaged-history.ts';

/**
 * A submissions.sqlite with a page overwritten by garbage (a real file, damaged as a bad sector
 * would), met by the store, the command line and the app's services: one clear error, the file's
 * bytes untouched, and in the app a way to set it aside.
 */

const cleanUp: (() => unknown)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const step of cleanUp.splice(0).reverse()) await step();
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-damaged-'));
  cleanUp.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

async function damagedDataFolder() {
  const dataFolder = path.join(await tempFolder(), 'data');
  const { file, ids } = writeDamagedHistory(dataFolder);
  return { dataFolder, file, ids, before: fingerprint(file) };
}

const listAll = { filter: emptyHistoryFilter, limit: 50 };

async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

const DAMAGED = /The history file is damaged and cannot be read; nothing was changed in it\./;

function expectNoTrace(text: string): void {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toContain('errcode');
}

describe('the store over a damaged file', () => {
  it("opens, then answers history-corrupt where the raw store throws SQLite's own error", async () => {
    const { file, ids } = await damagedDataFolder();
    // The damage surfaces only at query time: the raw store opens and then throws.
    const raw = openSubmissions(file);
    expect(() => raw.list(listAll)).toThrow(/database disk image is malformed/);
    raw.close();

    const store = openHistory(file);
    cleanUp.push(() => store.close());
    for (const call of [() => store.list(listAll), () => store.get(ids[0]!)]) {
      let caught: unknown;
      try {
        call();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe('history-corrupt');
      expect((caught as AppError).message).toMatch(DAMAGED);
      expect((caught as AppError).detail).toBe(`${file}: database disk image is malformed`);
    }
  });

  it('answers history-corrupt on open for a file that is no database at all', async () => {
    const folder = await tempFolder();
    const file = path.join(folder, 'submissions.sqlite');
    await writeFile(file, 'not sqlite, just text long enough to have a header '.repeat(20));
    expect(() => openHistory(file)).toThrow(expect.objectContaining({ code: 'history-corrupt' }));
  });
});

/** A history that opens and lists, damaged only in an old batch's page in its middle. */
async function middleDamagedDataFolder() {
  const dataFolder = path.join(await tempFolder(), 'data');
  const { file } = writeHistoryDamagedInItsMiddle(dataFolder);
  return { dataFolder, file, before: fingerprint(file) };
}

describe('the command line over a damaged history', () => {
  it.each([
    ['history', []],
    ['history --json', ['--json']],
    ['history show', ['show', 'ID']],
    ['history show --json', ['show', 'ID', '--json']],
  ])('`%s` says the file is damaged, exits 1 and leaves the file as it was', async (_name, args) => {
    const { dataFolder, file, ids, before } = await damagedDataFolder();
    const result = await cli('history', ...args.map((arg) => (arg === 'ID' ? ids[3]! : arg)), '--data', dataFolder);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(DAMAGED);
    expect(result.stderr).toContain(`${file}: database disk image is malformed`);
    expectNoTrace(result.stderr);
    expect(fingerprint(file)).toBe(before);
  });

  it('`send` says the history is damaged and sends nothing it could not record', async () => {
    const sandbox = await sandboxForCli();
    cleanUp.push(() => sandbox.close());
    const { dataFolder, file, before } = await damagedDataFolder();
    const batch = await oneEventBatch(path.dirname(dataFolder));
    const result = await cli('send', batch, '--base-url', sandbox.url, '--data', dataFolder);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(DAMAGED);
    expectNoTrace(result.stderr);
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toEqual([]);
    expect(fingerprint(file)).toBe(before);
  });

  it('`send` refuses a history damaged in its middle, which opens and lists, and sends nothing', async () => {
    const sandbox = await sandboxForCli();
    cleanUp.push(() => sandbox.close());
    const { dataFolder, file, before } = await middleDamagedDataFolder();
    expect((await cli('history', '--data', dataFolder)).code).toBe(0);
    const batch = await oneEventBatch(path.dirname(dataFolder));
    const result = await cli('send', batch, '--base-url', sandbox.url, '--data', dataFolder);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(DAMAGED);
    expect(result.stderr).toContain(`${file}: database disk image is malformed`);
    expectNoTrace(result.stderr);
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toEqual([]);
    expect(fingerprint(file)).toBe(before);
  });
});

describe('the app over a damaged history', () => {
  const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };

  async function startApp(dataFolder: string) {
    const services = await createServices({ ...nodeServiceDeps(dataFolder), push: createPushSender(() => undefined), sandbox: { port: 0 } });
    cleanUp.push(() => services.close());
    const dispatch = createDispatch(createHandlers(services), (url) => url === trusted.url);
    return { services, call: (channel: string, input?: unknown) => dispatch(channel, input, trusted) };
  }

  it('starts, says the history is damaged, refuses to send unrecorded, and sets the file aside for a fresh one', async () => {
    const { dataFolder, file, before } = await damagedDataFolder();
    const { services, call } = await startApp(dataFolder);

    expect(await call('history:list', { filter: emptyHistoryFilter })).toMatchObject({
      ok: false,
      error: { code: 'history-corrupt', detail: `${file}: database disk image is malformed` },
    });

    const environmentId = services.environments.list().environments[0]!.id;
    const { demoUsername, demoPassword } = services.sandbox!.info();
    expect(await call('session:login', { environmentId, username: demoUsername, password: demoPassword, rememberPassword: false })).toMatchObject({ ok: true });
    const batchText = JSON.stringify([
      { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1001, created_at: '2026-11-20 10:00:00', attributes: {} },
    ]);
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({ ok: false, error: { code: 'history-corrupt' } });
    expect(services.sandbox!.traffic().filter((record) => record.path === '/user/events')).toEqual([]);
    expect(fingerprint(file)).toBe(before);

    const setAside = await call('history:setAside');
    expect(setAside.ok).toBe(true);
    const { movedTo } = (setAside as { value: { movedTo: string } }).value;
    expect(path.dirname(movedTo)).toBe(dataFolder);
    expect(path.basename(movedTo)).toMatch(/^submissions\.damaged-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/);
    expect(fingerprint(movedTo)).toBe(before);
    expect((await readdir(dataFolder)).filter((name) => name.includes('damaged'))).toEqual([path.basename(movedTo)]);

    // A fresh history, in the same place, used by the same services.
    expect(await call('history:list', { filter: emptyHistoryFilter })).toEqual({ ok: true, value: [] });
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({ ok: true, value: { started: { eventCount: 1 } } });
    expect(existsSync(file)).toBe(true);
    expect(await call('history:count', { filter: emptyHistoryFilter })).toEqual({ ok: true, value: 1 });
  });

  it('refuses to send into a history damaged in its middle, says so, and sets it aside', async () => {
    const { dataFolder, file, before } = await middleDamagedDataFolder();
    const { services, call } = await startApp(dataFolder);
    expect(await call('history:count', { filter: emptyHistoryFilter })).toEqual({ ok: true, value: 8 });
    const environmentId = services.environments.list().environments[0]!.id;
    const { demoUsername, demoPassword } = services.sandbox!.info();
    expect(await call('session:login', { environmentId, username: demoUsername, password: demoPassword, rememberPassword: false })).toMatchObject({ ok: true });
    const batchText = JSON.stringify([
      { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1001, created_at: '2026-11-20 10:00:00', attributes: {} },
    ]);
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({
      ok: false,
      error: { code: 'history-corrupt', detail: expect.stringContaining(`${file}: database disk image is malformed`) },
    });
    expect(services.sandbox!.traffic().filter((record) => record.path === '/user/events')).toEqual([]);
    expect(fingerprint(file)).toBe(before);
    expect(await call('history:setAside')).toMatchObject({ ok: true });
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({ ok: true, value: { started: { eventCount: 1 } } });
  });

  it('treats damage a statement meets while the history is open as damage found on opening: every call says so, no send, set aside', async () => {
    const dataFolder = path.join(await tempFolder(), 'data');
    const { file, ids } = writeHistoryOfLargerBatches(dataFolder);
    const { services, call } = await startApp(dataFolder);
    const environmentId = services.environments.list().environments[0]!.id;
    const { demoUsername, demoPassword } = services.sandbox!.info();
    expect(await call('session:login', { environmentId, username: demoUsername, password: demoPassword, rememberPassword: false })).toMatchObject({ ok: true });
    const batchText = JSON.stringify([
      { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1001, created_at: '2026-11-20 10:00:00', attributes: {} },
    ]);
    // A first send checks the whole file, once: it is intact then.
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({ ok: true });
    await vi.waitFor(
      async () => expect(await call('history:list', { filter: { ...emptyHistoryFilter, statuses: ['sending'] } })).toEqual({ ok: true, value: [] }),
      { timeout: 10_000 },
    );
    const sentBefore = services.sandbox!.traffic().filter((record) => record.path === '/user/events').length;

    damageItsMiddle(file);
    const batches = await Promise.all(ids.map((id) => call('history:batch', { id })));
    expect(batches).toContainEqual(
      expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'history-corrupt', message: expect.stringMatching(DAMAGED) }) }),
    );
    const damaged = fingerprint(file);
    // From then on the file is closed: what reads intact pages says so too, and nothing more is written to it.
    expect(await call('history:list', { filter: emptyHistoryFilter })).toMatchObject({ ok: false, error: { code: 'history-corrupt' } });
    expect(await call('send:start', { environmentId, batchText, again: true })).toMatchObject({ ok: false, error: { code: 'history-corrupt' } });
    expect(services.sandbox!.traffic().filter((record) => record.path === '/user/events')).toHaveLength(sentBefore);
    expect(fingerprint(file)).toBe(damaged);

    const setAside = await call('history:setAside');
    expect(setAside).toMatchObject({ ok: true });
    expect(fingerprint((setAside as { value: { movedTo: string } }).value.movedTo)).toBe(damaged);
    expect(await call('history:list', { filter: emptyHistoryFilter })).toEqual({ ok: true, value: [] });
  });

  it('refuses to set aside a history that is not damaged', async () => {
    const { services, call } = await startApp(path.join(await tempFolder(), 'data'));
    expect(await call('history:setAside')).toMatchObject({ ok: false, error: { code: 'history-not-damaged' } });
    expect(existsSync(services.submissions.file)).toBe(true);
  });

  it('starts with a history it cannot open at all, and says why on every history call', async () => {
    const dataFolder = await tempFolder();
    const file = path.join(dataFolder, 'submissions.sqlite');
    await writeFile(file, 'not sqlite, just text long enough to have a header '.repeat(20));
    const before = fingerprint(file);
    const { call } = await startApp(dataFolder);
    expect(await call('submissions:interrupted')).toEqual({ ok: true, value: [] });
    expect(await call('history:count', { filter: emptyHistoryFilter })).toMatchObject({ ok: false, error: { code: 'history-corrupt' } });
    expect(fingerprint(file)).toBe(before);
    expect(await call('history:setAside')).toMatchObject({ ok: true });
    expect(await call('history:count', { filter: emptyHistoryFilter })).toEqual({ ok: true, value: 0 });
  });
});

describe('the name of a set-aside history', () => {
  it('carries the time, in a form every file system takes, and stays a .sqlite', () => {
    expect(setAsideName('/data/submissions.sqlite', new Date('2026-11-23T21:30:05.123Z'))).toBe(
      path.join('/data', 'submissions.damaged-2026-11-23T21-30-05-123Z.sqlite'),
    );
  });
});
