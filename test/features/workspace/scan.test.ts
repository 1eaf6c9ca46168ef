import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { findWorkspaceRoot, loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { LINK_LOOP_FILES, makeLinkLoopWorkspace } from '../../fixtures/hostile/link-loop-workspace.ts';

let outside: string;
let root: string;

async function put(relative: string, text = '[]'): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), text);
}

const manifest = (extra: Record<string, unknown> = {}) => JSON.stringify({ format: 'eventdesk.workspace', version: 1, name: 'shop', ...extra });
const scenario = (name: string) => JSON.stringify({ format: 'eventdesk.scenario', version: 1, name, steps: [{ wait: '1s' }] });

beforeEach(async () => {
  outside = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-workspace-scan-'));
  root = path.join(outside, 'shop');
  await put('eventdesk.json', manifest({ defaultEnvironment: 'qa', plan: 'plans/shop.plan.json' }));
});

afterEach(async () => {
  await rm(outside, { recursive: true, force: true });
});

describe('finding a workspace', () => {
  it('walks up from a folder inside it to the folder with eventdesk.json', async () => {
    await mkdir(path.join(root, 'batches', 'daily'), { recursive: true });
    expect(await findWorkspaceRoot(path.join(root, 'batches', 'daily'))).toBe(root);
    expect(await findWorkspaceRoot(root)).toBe(root);
  });

  it('says so when no folder up to the top is a workspace', async () => {
    const error = await findWorkspaceRoot(os.tmpdir()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('workspace-not-found');
  });
});

describe('listing a workspace', () => {
  it('lists each kind under its folder, batches and scenarios in sub-folders too, titled as people call them', async () => {
    await put('environments/qa.env.json', JSON.stringify({ name: 'QA (staging)', baseUrl: 'https://qa.example.com' }));
    await put('environments/notes.txt', 'not an environment');
    await put('environments/nested/x.env.json', JSON.stringify({ name: 'x', baseUrl: 'https://x.example.com' }));
    await put('batches/purchase.json');
    await put('batches/daily/monday.ndjson', '');
    await put('batches/readme.md', '# not a batch');
    await put('plans/shop.plan.json', '{}');
    await put('plans/draft.json', '{}');
    await put('scenarios/smoke.scenario.json', scenario('Smoke test'));
    await put('scenarios/deep/nightly.scenario.json', scenario('Nightly'));
    await put('other/ignored.json');

    const { listing, environments } = await loadWorkspace(path.join(root, 'batches'));
    expect(listing.root).toBe(root);
    expect(listing.manifest.name).toBe('shop');
    expect(listing.files).toEqual([
      { kind: 'environment', path: 'environments/qa.env.json', title: 'QA (staging)' },
      { kind: 'batch', path: 'batches/daily/monday.ndjson', title: 'monday' },
      { kind: 'batch', path: 'batches/purchase.json', title: 'purchase' },
      { kind: 'plan', path: 'plans/shop.plan.json', title: 'shop' },
      { kind: 'scenario', path: 'scenarios/deep/nightly.scenario.json', title: 'Nightly' },
      { kind: 'scenario', path: 'scenarios/smoke.scenario.json', title: 'Smoke test' },
    ]);
    expect(environments.map((entry) => entry.settings.name)).toEqual(['QA (staging)']);
    expect(listing.problems).toEqual([
      {
        path: 'eventdesk.json',
        line: null,
        column: null,
        message: '/defaultEnvironment: no environment of the workspace is called "qa"; name one of environments/*.env.json.',
      },
    ]);
  });

  it('skips dot-folders, dot-files and node_modules', async () => {
    await put('batches/.git/a.json');
    await put('batches/node_modules/b.json');
    await put('batches/.hidden.json');
    await put('batches/c.json');
    const { listing } = await loadWorkspace(root);
    expect(listing.files.map((file) => file.path)).toEqual(['batches/c.json']);
  });

  it('lists a broken scenario or environment by its file name, with its problem, and the rest still', async () => {
    await put('environments/qa.env.json', '{"name": "qa", "baseUrl": "https://qa.example.com"}');
    await put('environments/broken.env.json', '{"name": "broken",');
    await put('scenarios/broken.scenario.json', JSON.stringify({ format: 'eventdesk.scenario', version: 1, name: 'x', steps: [] }));
    const { listing } = await loadWorkspace(root);
    expect(listing.files.map((file) => file.title)).toEqual(['broken', 'qa', 'broken']);
    expect(listing.problems.map((problem) => `${problem.path}:${problem.line}`)).toEqual([
      'eventdesk.json:null',
      'environments/broken.env.json:1',
      'scenarios/broken.scenario.json:1',
    ]);
    expect(listing.problems[2]!.message).toMatch(/^\/steps: /);
  });

  it('never follows a link out of the workspace, and says so', async () => {
    await mkdir(path.join(outside, 'secret'));
    await writeFile(path.join(outside, 'secret', 'private.json'), '[]');
    await put('batches/inside.json');
    await symlink(path.join(outside, 'secret'), path.join(root, 'batches', 'linked'));
    await symlink(path.join(outside, 'secret', 'private.json'), path.join(root, 'batches', 'private.json'));
    await symlink(path.join(root, 'batches', 'inside.json'), path.join(root, 'batches', 'alias.json'));
    const { listing } = await loadWorkspace(root);
    expect(listing.files.map((file) => file.path)).toEqual(['batches/inside.json']);
    expect(listing.problems.filter((problem) => problem.path.startsWith('batches/')).map((problem) => problem.path)).toEqual([
      'batches/alias.json',
      'batches/linked',
      'batches/private.json',
    ]);
  });

  it('lists each real file once: a link loop is entered once, a link to a folder listed already is not listed again', async () => {
    const loops = path.join(outside, 'loops');
    await makeLinkLoopWorkspace(loops);
    const { listing } = await loadWorkspace(loops);
    expect(listing.files.map((file) => file.path)).toEqual(LINK_LOOP_FILES);
    expect(listing.problems.map((problem) => `${problem.path}: ${problem.message}`)).toEqual([
      'batches/a/loop: is a link to batches, which is listed already: it is not listed again.',
      'batches/a-sibling: is a link to batches/z, which is listed already: it is not listed again.',
      'batches/b-sibling: is a link to batches/a, which is listed already: it is not listed again.',
      'batches/common-again: is a link to batches/common, which is listed already: it is not listed again.',
      // The root, reached through z/top: its folders are those listed already.
      'batches/z/top/batches: is a link to batches, which is listed already: it is not listed again.',
      'batches/z/top/common: is a link to batches/common, which is listed already: it is not listed again.',
    ]);
  });

  it('is bounded in files and depth, and says where it was cut', async () => {
    for (let index = 0; index < 5; index++) await put(`batches/b${index}.json`);
    await put('batches/1/2/3/deep.json');
    // Counted: the folders 1, 2 and 3 (not entered: four folders deep), then b0, b1 and b2.
    const { listing } = await loadWorkspace(root, { files: 6, depth: 3 });
    expect(listing.files.map((file) => file.path)).toEqual(['batches/b0.json', 'batches/b1.json', 'batches/b2.json']);
    expect(listing.problems.map((problem) => `${problem.path}: ${problem.message}`)).toContain(
      'batches/1/2/3: is more than 3 folders deep: its files are not listed.',
    );
    expect(listing.problems.at(-1)).toEqual({
      path: '.',
      line: null,
      column: null,
      message: "holds more than 6 files: only the first 6 are listed. Keep other files outside the workspace's folders.",
    });
  });

  it('refuses a workspace whose eventdesk.json is broken', async () => {
    await put('eventdesk.json', '{"format": "eventdesk.workspace", "version": 1}');
    const error = await loadWorkspace(root).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('workspace-manifest-invalid');
    expect((error as AppError).message).toContain('eventdesk.json:1:1: /name: missing; add "name" (a string).');
  });
});
