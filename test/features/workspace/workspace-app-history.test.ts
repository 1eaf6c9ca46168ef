import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, historyFileIn, openHistory, type Services } from '../../../app/node/index.ts';
import { workspaceDataFolder } from '../../../features/workspace/node/open-workspace.ts';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import { emptyHistoryFilter } from '../../../features/history/common/history.ts';
import { input, threeChunks } from '../../support/submissions-fixtures.ts';

/**
 * Each workspace's own history, with the real services, the embedded sandbox and real SQLite
 * files: a send made while a workspace is open is recorded in the workspace's history file in
 * the data folder (never in the workspace), and the history without a workspace stays apart.
 */

const trusted = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };
const SENT_WITHIN_MS = 10_000;

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-workspace-history-'));
  const root = path.join(folder, 'shop');
  for (const file of starterFiles('Shop events')) {
    await mkdir(path.dirname(path.join(root, file.path)), { recursive: true });
    await writeFile(path.join(root, file.path), file.text);
  }
  const dataFolder = path.join(folder, 'data');
  const answers: string[] = [];
  const services = await createServices({
    ...nodeServiceDeps(dataFolder),
    dialogs: { chooseFileToOpen: async () => null, chooseFilesToOpen: async () => answers.splice(0, 1), chooseFileToSave: async () => null },
    push: createPushSender(() => undefined),
    sandbox: { port: 0 },
  });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === trusted.url);
  const call = (channel: string, input?: unknown) => dispatch(channel, input, trusted);
  return { root, dataFolder, answers, services, call };
}

const batchText = (token: string) =>
  JSON.stringify([
    { token, customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1001, created_at: '2026-11-20 10:00:00', attributes: {} },
  ]);

type Call = (channel: string, input?: unknown) => Promise<unknown>;

async function startSend(services: Services, call: Call, token: string, latencyMs = 0): Promise<void> {
  const environmentId = services.environments.list().environments[0]!.id;
  const { demoUsername, demoPassword } = services.sandbox!.info();
  expect(await call('session:login', { environmentId, username: demoUsername, password: demoPassword, rememberPassword: false })).toMatchObject({ ok: true });
  expect(await call('sandbox:setFaults', { latencyMs })).toMatchObject({ ok: true });
  expect(await call('send:start', { environmentId, batchText: batchText(token), again: true })).toMatchObject({ ok: true });
}

async function sendAndWait(services: Services, call: Call, token: string): Promise<void> {
  await startSend(services, call, token);
  await sendEnded(services);
}

async function sendEnded(services: Services): Promise<void> {
  const since = Date.now();
  while (services.sending.busy() && Date.now() - since < SENT_WITHIN_MS) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(services.sending.busy()).toBe(false);
}

/** A submission recorded as sending in the workspace's history, and the folder of that history. */
async function sendingInWorkspace(dataFolder: string, root: string): Promise<{ folder: string; id: string }> {
  const folder = await workspaceDataFolder(dataFolder, root);
  await mkdir(folder, { recursive: true });
  const history = openHistory(historyFileIn(folder));
  const { id } = history.createSubmission(input(), threeChunks);
  history.close();
  return { folder, id };
}

async function historyCount(call: Call): Promise<number> {
  const counted = (await call('history:count', { filter: emptyHistoryFilter })) as { ok: true; value: number };
  return counted.value;
}

describe('the history of a workspace', () => {
  it('is its own file in the data folder while it is open, and the history without a workspace comes back when it closes', async () => {
    const { root, dataFolder, answers, services, call } = await setUp();
    await sendAndWait(services, call, 'without-workspace');
    expect(await historyCount(call)).toBe(1);

    answers.push(root);
    expect(await call('workspace:open')).toMatchObject({ ok: true });
    const own = historyFileIn(await workspaceDataFolder(dataFolder, root));
    expect(existsSync(own)).toBe(true);
    expect(own.startsWith(dataFolder)).toBe(true);
    expect(await historyCount(call)).toBe(0);
    await sendAndWait(services, call, 'in-workspace');
    expect(await historyCount(call)).toBe(1);
    expect(existsSync(path.join(root, 'submissions.sqlite'))).toBe(false);

    expect(await call('workspace:close')).toMatchObject({ ok: true });
    expect(await historyCount(call)).toBe(1);
    answers.push(root);
    await call('workspace:open');
    expect(await historyCount(call)).toBe(1);
  });

  it('is not changed while a send is recorded in the one open now', async () => {
    const { root, answers, services, call } = await setUp();
    await startSend(services, call, 'slow', 1500);
    answers.push(root);
    expect(await call('workspace:open')).toMatchObject({ ok: false, error: { code: 'workspace-busy' } });
    expect(await call('workspace:current')).toEqual({ ok: true, value: null });
    await sendEnded(services);
    answers.push(root);
    expect(await call('workspace:open')).toMatchObject({ ok: true });
  });

  it("offers to resume a send a kill left unfinished in the workspace's history, once the workspace opens", async () => {
    const { root, dataFolder, answers, call } = await setUp();
    // As a kill leaves it: recorded as sending, by no live process.
    const { id } = await sendingInWorkspace(dataFolder, root);
    expect(await call('submissions:interrupted')).toEqual({ ok: true, value: [] });
    answers.push(root);
    expect(await call('workspace:open')).toMatchObject({ ok: true });
    expect(await call('submissions:interrupted')).toMatchObject({ ok: true, value: [{ id, status: 'interrupted' }] });
    // Out of the workspace, its sends are not offered: they are not in the history shown.
    expect(await call('workspace:close')).toMatchObject({ ok: true });
    expect(await call('submissions:interrupted')).toEqual({ ok: true, value: [] });
  });

  it("leaves alone a send another process (eventdesk run) is recording in the workspace's history: its claim is looked for beside that history", async () => {
    const { root, dataFolder, answers, call } = await setUp();
    const { folder, id } = await sendingInWorkspace(dataFolder, root);
    // A live process holds the claim, as eventdesk run's sending thread does while it sends.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      await mkdir(path.join(folder, 'sending'), { recursive: true });
      await writeFile(path.join(folder, 'sending', `${id}.pid`), String(other.pid));
      answers.push(root);
      expect(await call('workspace:open')).toMatchObject({ ok: true });
      expect(await call('submissions:get', { id })).toMatchObject({ ok: true, value: { status: 'sending' } });
    } finally {
      other.kill();
    }
  });
});
