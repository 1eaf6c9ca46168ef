import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import type { Envelope } from '../../../base/common/errors.ts';
import { createDispatch, createPushSender, type Sender } from '../../../app/ipc/dispatch.ts';
import { createHandlers } from '../../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../app/host/node-services.ts';
import { createServices, type Services } from '../../../app/node/index.ts';
import { workspaceFolderFromArgv } from '../../../features/workspace/node/workspace-opening.ts';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import { LINK_LOOP_FILES, makeLinkLoopWorkspace } from '../../fixtures/hostile/link-loop-workspace.ts';
import type { ChannelName, PayloadOf } from '../../../app/common/ipc.ts';
import type { WorkspaceListing } from '../../../features/workspace/common/workspace.ts';

/**
 * The workspace channels over the real services and a real workspace folder (the one
 * `eventdesk init` writes): opened from main's folder dialog or the recent list only, its
 * batches read for the composer and saved back through the workspace, and what changes on
 * disk pushed to the page, while the page's own save is not.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
/** Far longer than the watcher's pause: a change not heard by then is not heard. */
const HEARD_WITHIN_MS = 5000;

const opened: Services[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
});

async function starterWorkspace(folder: string): Promise<string> {
  const root = path.join(folder, 'shop');
  for (const file of starterFiles('Shop events')) {
    const target = path.join(root, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }
  return root;
}

async function setUp() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-workspace-app-'));
  const root = await starterWorkspace(folder);
  const answers: (string | null)[] = [];
  const changes: PayloadOf<'workspace:changed'>[] = [];
  const services = await createServices({
    ...nodeServiceDeps(path.join(folder, 'data')),
    dialogs: {
      chooseFileToOpen: async () => null,
      chooseFilesToOpen: async (purpose) => (purpose === 'workspace' ? [answers.shift()].filter((answer): answer is string => typeof answer === 'string') : []),
      chooseFileToSave: async () => null,
    },
    push: createPushSender((name, payload) => {
      if (name === 'workspace:changed') changes.push(payload as PayloadOf<'workspace:changed'>);
    }),
    sandbox: null,
  });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const call = (channel: ChannelName, input?: unknown) => dispatch(channel, input, trusted) as Promise<Envelope<never>>;
  const value = async <T>(channel: ChannelName, input?: unknown): Promise<T> => {
    const answer = await call(channel, input);
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as T;
  };
  return { folder, root, answers, changes, call, value };
}

async function heard<T>(find: () => T | undefined): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() - started > HEARD_WITHIN_MS) throw new Error('Not heard in time.');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the workspace channels', () => {
  it("open the workspace holding the folder chosen in main's dialog, tell the page, and remember it", async () => {
    const { root, answers, changes, value } = await setUp();
    expect(await value('workspace:current')).toBeNull();
    answers.push(path.join(root, 'batches'));
    const listing = await value<WorkspaceListing>('workspace:open');
    expect(listing.root).toBe(root);
    expect(listing.manifest.name).toBe('Shop events');
    expect(listing.files.map((file) => `${file.kind} ${file.path}`)).toEqual(
      expect.arrayContaining(['environment environments/sandbox.env.json', 'batch batches/purchase.json', 'scenario scenarios/smoke.scenario.json']),
    );
    expect(changes).toEqual([{ listing, changed: [] }]);
    expect(await value('workspace:current')).toEqual(listing);
    expect(await value('workspace:recent')).toEqual([expect.objectContaining({ root, name: 'Shop events' })]);
  });

  it('list each real file of a workspace full of link loops once, saying which links were not followed again', async () => {
    const { folder, answers, value } = await setUp();
    const loops = path.join(folder, 'loops');
    await makeLinkLoopWorkspace(loops);
    answers.push(loops);
    const listing = await value<WorkspaceListing>('workspace:open');
    expect(listing.files.map((file) => file.path)).toEqual(LINK_LOOP_FILES);
    expect(listing.problems.filter((problem) => problem.message.includes('listed already'))).toHaveLength(6);
  });

  it('answer null when the dialog is cancelled, and say clearly when the folder is no workspace', async () => {
    const { folder, answers, call, value } = await setUp();
    expect(await value('workspace:open')).toBeNull();
    const plain = path.join(folder, 'plain');
    await mkdir(plain);
    answers.push(plain);
    const answer = await call('workspace:open');
    expect(answer).toMatchObject({ ok: false, error: { code: 'workspace-not-found' } });
    expect(!answer.ok && answer.error.message).toContain('has an eventdesk.json');
    expect(await value('workspace:current')).toBeNull();
  });

  it('reopen only a folder of the recent list, and close', async () => {
    const { root, folder, answers, changes, call, value } = await setUp();
    answers.push(root);
    await value('workspace:open');
    await value('workspace:close');
    expect(changes.at(-1)).toEqual({ listing: null, changed: [] });
    expect(await value('workspace:current')).toBeNull();
    expect(await call('workspace:openRecent', { root: path.join(folder, 'data') })).toMatchObject({ ok: false, error: { code: 'workspace-not-recent' } });
    expect(await value<WorkspaceListing>('workspace:openRecent', { root })).toMatchObject({ root });
  });

  it('read a batch for the composer by its path in the workspace only, and save it back without telling it as a change from outside', async () => {
    const { root, answers, changes, call, value } = await setUp();
    answers.push(root);
    await value('workspace:open');
    const file = path.join(root, 'batches', 'purchase.json');
    const batch = await value<{ path: string; name: string; text: string }>('workspace:openFile', { path: 'batches/purchase.json' });
    expect(batch).toEqual({ path: file, name: 'purchase.json', text: await readFile(file, 'utf8') });
    expect(await call('workspace:openFile', { path: '../data/secrets.json' })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call('workspace:openFile', { path: 'eventdesk.json' })).toMatchObject({ ok: false, error: { code: 'workspace-not-batch' } });

    const edited = batch.text.replace('customer-1', 'customer-9');
    expect(await value('files:save', { path: file, suggestedName: 'purchase.json', text: edited })).toEqual({ path: file });
    expect(await readFile(file, 'utf8')).toBe(edited);
    // A write from outside afterwards is heard; the save before it never was.
    await writeFile(path.join(root, 'batches', 'refund.json'), '[]\n');
    const change = await heard(() => changes.find((entry) => entry.changed.length > 0));
    expect(change.changed).toEqual(['batches/refund.json']);
    expect(change.listing?.files).toContainEqual({ kind: 'batch', path: 'batches/refund.json', title: 'refund' });
    expect(await value('files:recent')).toEqual([]);
  });

  it('refuse to save outside the workspace or beside its batches without a dialog', async () => {
    const { root, answers, call, value } = await setUp();
    answers.push(root);
    await value('workspace:open');
    expect(await call('files:save', { path: path.join(root, 'eventdesk.json'), suggestedName: 'x.json', text: '{}' })).toMatchObject({
      ok: false,
      error: { code: 'file-not-chosen' },
    });
  });
});

describe('a workspace folder on the command line', () => {
  it('is the first argument that is a folder, skipping flags and the app path of development', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-argv-'));
    const root = await starterWorkspace(folder);
    await writeFile(path.join(folder, 'batch.json'), '[]');
    expect(workspaceFolderFromArgv(['electron', '--inspect', 'batch.json', 'shop'], folder)).toBe(root);
    expect(workspaceFolderFromArgv(['electron', '.', 'shop'], folder, [folder])).toBe(root);
    expect(workspaceFolderFromArgv(['electron', 'missing', 'batch.json'], folder)).toBeNull();
  });
});

describe("the workspace's environments", () => {
  type Listed = { environments: { id: string; name: string; chunkSize: number; apiKey: { set: boolean } }[]; activeId: string | null };

  it('join the list while it is open, with an id that is the same each time it opens, and leave it when it closes', async () => {
    const { root, answers, value } = await setUp();
    const before = await value<Listed>('environments:list');
    answers.push(root);
    await value('workspace:open');
    const listed = await value<Listed>('environments:list');
    const sandbox = listed.environments.find((environment) => environment.name === 'sandbox')!;
    expect(listed.environments.map((environment) => environment.name)).toEqual([...before.environments.map((environment) => environment.name), 'sandbox']);
    await value('environments:select', { id: sandbox.id });
    expect((await value<Listed>('environments:list')).activeId).toBe(sandbox.id);

    await value('workspace:close');
    const closed = await value<Listed>('environments:list');
    expect(closed.environments.map((environment) => environment.id)).not.toContain(sandbox.id);
    expect(closed.activeId).toBe(closed.environments[0]?.id ?? null);
    await value('workspace:openRecent', { root });
    expect((await value<Listed>('environments:list')).environments.map((environment) => environment.id)).toContain(sandbox.id);
    expect((await value<Listed>('environments:list')).activeId).toBe(sandbox.id);
  });

  it("start on the workspace's default environment when it opens, and keep the user's choice when its files change", async () => {
    const { root, answers, value } = await setUp();
    const created = await value<{ environment: { id: string } }>('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Own', baseUrl: 'http://127.0.0.1:9', username: 'me' },
    });
    const own = created.environment.id;
    expect((await value<Listed>('environments:list')).activeId).toBe(own);
    answers.push(root);
    await value('workspace:open');
    const listed = await value<Listed>('environments:list');
    const sandbox = listed.environments.find((environment) => environment.name === 'sandbox')!;
    expect(listed.activeId).toBe(sandbox.id);

    await value('environments:select', { id: own });
    const file = path.join(root, 'environments', 'sandbox.env.json');
    await writeFile(file, `${JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), chunkSize: 75 }, null, 2)}\n`);
    const started = Date.now();
    while (
      (await value<Listed>('environments:list')).environments.find((environment) => environment.id === sandbox.id)?.chunkSize !== 75 &&
      Date.now() - started < HEARD_WITHIN_MS
    )
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await value<Listed>('environments:list')).activeId).toBe(own);

    await value('workspace:close');
    await value('workspace:openRecent', { root });
    expect((await value<Listed>('environments:list')).activeId).toBe(sandbox.id);
  });

  it('write an edit to the environment file, keep its secret in the vault under its id, and refuse a removal', async () => {
    const { root, answers, call, value } = await setUp();
    answers.push(root);
    await value('workspace:open');
    const { environments } = await value<Listed>('environments:list');
    const sandbox = environments.find((environment) => environment.name === 'sandbox')!;
    const {
      id: _id,
      embeddedSandbox: _embedded,
      resolvedBaseUrl: _resolved,
      apiKey: _apiKey,
      passwordRemembered: _remembered,
      secretsUnreadable: _unreadable,
      ...settings
    } = sandbox as unknown as Record<string, unknown>;
    const saved = await value<{ ok: boolean }>('environments:update', {
      id: sandbox.id,
      edit: { settings: { ...settings, chunkSize: 250 }, apiKey: 'team-key-123456' },
    });
    expect(saved).toMatchObject({ ok: true });
    const file = await readFile(path.join(root, 'environments', 'sandbox.env.json'), 'utf8');
    expect(JSON.parse(file)).toMatchObject({ name: 'sandbox', chunkSize: 250 });
    expect(file).not.toContain('team-key');
    const after = (await value<Listed>('environments:list')).environments.find((environment) => environment.id === sandbox.id)!;
    expect(after).toMatchObject({ chunkSize: 250, apiKey: { set: true } });
    expect(await call('environments:remove', { id: sandbox.id })).toMatchObject({ ok: false, error: { code: 'environment-in-workspace' } });
  });

  it('follow their files changed on disk (a git pull)', async () => {
    const { root, answers, value } = await setUp();
    answers.push(root);
    await value('workspace:open');
    const file = path.join(root, 'environments', 'sandbox.env.json');
    await writeFile(file, `${JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), chunkSize: 75 }, null, 2)}\n`);
    const listed = async () => (await value<Listed>('environments:list')).environments.find((environment) => environment.name === 'sandbox')?.chunkSize;
    const started = Date.now();
    while ((await listed()) !== 75 && Date.now() - started < HEARD_WITHIN_MS) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await listed()).toBe(75);
  });
});
