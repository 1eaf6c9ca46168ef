import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { createOpenWorkspace, workspaceDataFolder, type WorkspaceChange, type OpenWorkspace } from '../../../features/workspace/node/open-workspace.ts';

let folder: string;
let data: string;
let root: string;
let workspaces: OpenWorkspace;

async function makeWorkspace(at: string, name = 'shop'): Promise<void> {
  await mkdir(path.join(at, 'batches'), { recursive: true });
  await writeFile(path.join(at, 'eventdesk.json'), JSON.stringify({ format: 'eventdesk.workspace', version: 1, name }));
  await writeFile(path.join(at, 'batches', 'a.json'), '[]');
}

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-workspaces-'));
  data = path.join(folder, 'data');
  root = path.join(folder, 'shop');
  await makeWorkspace(root);
  workspaces = createOpenWorkspace({ dataFolder: data, debounceMs: 50 });
});

afterEach(async () => {
  await workspaces.close();
  await rm(folder, { recursive: true, force: true });
});

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error.code;
}

/** The changes told to listeners until `until` holds for one, within 5 s. */
function changesUntil(until: (change: WorkspaceChange) => boolean): { seen: WorkspaceChange[]; done: Promise<void> } {
  const seen: WorkspaceChange[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no such change within 5 s; saw ${JSON.stringify(seen.map((change) => change.changed))}`)), 5000);
    const stop = workspaces.onChange((change) => {
      seen.push(change);
      if (!until(change)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  return { seen, done };
}

describe('the workspaces service', () => {
  it('opens the workspace holding a folder and remembers it among the recent ones', async () => {
    const listing = await workspaces.open(path.join(root, 'batches'));
    expect(listing.root).toBe(root);
    expect(listing.files).toEqual([{ kind: 'batch', path: 'batches/a.json', title: 'a' }]);
    expect(workspaces.current()).toBe(listing);
    expect(await workspaces.recent()).toEqual([{ root, name: 'shop', openedAt: expect.any(String) }]);
    expect(JSON.parse(await readFile(path.join(data, 'recent-workspaces.json'), 'utf8'))).toHaveLength(1);
    await workspaces.close();
    expect(workspaces.current()).toBeNull();
  });

  it('remembers at most ten workspaces, the latest first, each once', async () => {
    const roots: string[] = [];
    for (let index = 0; index < 12; index++) {
      roots.push(path.join(folder, `w${index}`));
      await makeWorkspace(roots[index]!, `w${index}`);
      await workspaces.open(roots[index]!);
    }
    await workspaces.open(roots[5]!);
    const recent = await workspaces.recent();
    expect(recent.map((entry) => entry.name)).toEqual(['w5', 'w11', 'w10', 'w9', 'w8', 'w7', 'w6', 'w4', 'w3', 'w2']);
  });

  it('reads and writes files inside the workspace only', async () => {
    await workspaces.open(root);
    await workspaces.writeText('batches/new/b.json', '[1]');
    expect(await workspaces.readText('batches/new/b.json')).toBe('[1]');
    await mkdir(path.join(folder, 'elsewhere'));
    await writeFile(path.join(folder, 'elsewhere', 'x.json'), 'secret');
    await symlink(path.join(folder, 'elsewhere'), path.join(root, 'out'));
    await symlink(path.join(folder, 'elsewhere', 'x.json'), path.join(root, 'batches', 'x.json'));
    for (const relative of [
      '../elsewhere/x.json',
      path.join(folder, 'elsewhere', 'x.json'),
      'batches\\a.json',
      'out/x.json',
      'out/new.json',
      'batches/x.json',
    ]) {
      expect(await code(workspaces.readText(relative)), relative).toBe('workspace-path-outside');
      expect(await code(workspaces.writeText(relative, 'changed')), relative).toBe('workspace-path-outside');
    }
    expect(await readFile(path.join(folder, 'elsewhere', 'x.json'), 'utf8')).toBe('secret');
    expect(await code(workspaces.readText('batches/gone.json'))).toBe('file-missing');
  });

  it('refuses file calls with no workspace open', async () => {
    expect(await code(workspaces.readText('batches/a.json'))).toBe('workspace-not-open');
  });

  it('tells listeners which files changed on disk, with the new listing, but not its own writes', async () => {
    await workspaces.open(root);
    const told: string[] = [];
    const stop = workspaces.onChange((change) => told.push(...change.changed));
    await workspaces.writeText('batches/a.json', '[{"token": "mine"}]');
    // Long enough for the watcher's debounce to have told anything it was going to.
    await new Promise((resolve) => setTimeout(resolve, 500));
    stop();
    expect(told).toEqual([]);

    const outside = changesUntil((change) => change.changed.includes('batches/c.json'));
    await writeFile(path.join(root, 'batches', 'c.json'), '[]');
    await outside.done;
    expect(outside.seen.at(-1)!.listing.files.map((file) => file.path)).toEqual(['batches/a.json', 'batches/c.json']);
    expect(workspaces.current()!.files.map((file) => file.path)).toEqual(['batches/a.json', 'batches/c.json']);

    const edited = changesUntil((change) => change.changed.includes('batches/a.json'));
    await writeFile(path.join(root, 'batches', 'a.json'), '[{"token": "theirs"}]');
    await edited.done;
  });

  it('follows a folder made after the workspace opened', async () => {
    await workspaces.open(root);
    const made = changesUntil((change) => change.listing.files.some((file) => file.path === 'batches/daily/monday.json'));
    await mkdir(path.join(root, 'batches', 'daily'));
    await writeFile(path.join(root, 'batches', 'daily', 'monday.json'), '[]');
    await made.done;
    // Its watcher is set when the rescan lists it; a change after that is told by name.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const edited = changesUntil((change) => change.changed.includes('batches/daily/monday.json'));
    await writeFile(path.join(root, 'batches', 'daily', 'monday.json'), '[{}]');
    await edited.done;
  });

  it("keeps the listing when eventdesk.json breaks on disk, with the manifest's problem", async () => {
    await workspaces.open(root);
    const broken = changesUntil((change) => change.changed.includes('eventdesk.json'));
    await writeFile(path.join(root, 'eventdesk.json'), '{"format": ');
    await broken.done;
    const listing = workspaces.current()!;
    expect(listing.files.map((file) => file.path)).toEqual(['batches/a.json']);
    expect(listing.problems).toEqual([
      { path: 'eventdesk.json', line: null, column: null, message: expect.stringContaining('eventdesk.json:1:12: not valid JSON') },
    ]);
  });
});

describe("a workspace's own data folder", () => {
  it('is inside the data folder, named after the workspace, the same through any path to it', async () => {
    const own = await workspaceDataFolder(data, root);
    expect(own).toMatch(new RegExp(`^${data.replaceAll('/', '\\/')}/workspaces/shop-[0-9a-f]{12}$`));
    await symlink(root, path.join(folder, 'alias'));
    expect(await workspaceDataFolder(data, path.join(folder, 'alias'))).toBe(own);
    await makeWorkspace(path.join(folder, 'other', 'shop'));
    expect(await workspaceDataFolder(data, path.join(folder, 'other', 'shop'))).not.toBe(own);
  });
});
