import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../features/environments/common/environment.ts';
import { AppError } from '../../../base/common/errors.ts';
import { findEnvironment, loadEnvironments, readManifest, writeEnvironmentFile, writeManifest } from '../../../features/workspace/node/files.ts';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-workspace-files-'));
  await mkdir(path.join(root, 'environments'));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(relative: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
  await writeFile(path.join(root, relative), text);
}

async function thrown(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

const MANIFEST = '{\n  "format": "eventdesk.workspace",\n  "version": 1,\n  "name": "shop",\n  "defaultEnvironment": "qa",\n  "plan": null\n}\n';

describe('eventdesk.json', () => {
  it('is read, and saved untouched it changes no byte, even laid out by hand', async () => {
    const byHand = '{"format":"eventdesk.workspace","version":1,"name":"shop","defaultEnvironment":"qa"}';
    await put('eventdesk.json', byHand);
    const manifest = await readManifest(root);
    expect(manifest).toEqual({ format: 'eventdesk.workspace', version: 1, name: 'shop', defaultEnvironment: 'qa', plan: null });
    const before = await stat(path.join(root, 'eventdesk.json'));
    expect(await writeManifest(root, manifest)).toBe(false);
    expect(await readFile(path.join(root, 'eventdesk.json'), 'utf8')).toBe(byHand);
    expect((await stat(path.join(root, 'eventdesk.json'))).mtimeMs).toBe(before.mtimeMs);
  });

  it('changes one line when one field is edited', async () => {
    await put('eventdesk.json', MANIFEST);
    expect(await writeManifest(root, { ...(await readManifest(root)), name: 'shop 2' })).toBe(true);
    expect(await readFile(path.join(root, 'eventdesk.json'), 'utf8')).toBe(MANIFEST.replace('"name": "shop"', '"name": "shop 2"'));
  });

  it('refuses the whole workspace when broken, naming the file, its place and the problem', async () => {
    await put('eventdesk.json', '{\n  "format": "eventdesk.workspace",\n  "version": 2,\n  "name": "shop"\n}\n');
    const error = await thrown(readManifest(root));
    expect(error.code).toBe('workspace-manifest-invalid');
    expect(error.message).toBe(`The workspace in ${root} cannot be opened: eventdesk.json:3:3: /version: Invalid input: expected 1.`);
  });

  it('is not there: the folder is no workspace', async () => {
    const error = await thrown(readManifest(root));
    expect(error.code).toBe('workspace-not-found');
    expect(error.message).toContain('eventdesk init');
  });
});

describe('environment files', () => {
  it('load with the defaults filled in and the plan an absolute path inside the workspace', async () => {
    await put(
      'environments/qa.env.json',
      '{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com",\n  "chunkSize": 100,\n  "plan": "plans/shop.plan.json"\n}\n',
    );
    const { environments, problems } = await loadEnvironments(root, ['environments/qa.env.json']);
    expect(problems).toEqual([]);
    expect(environments).toEqual([
      {
        path: 'environments/qa.env.json',
        settings: { ...DEFAULT_SETTINGS, name: 'qa', baseUrl: 'https://qa.example.com', chunkSize: 100, planFile: path.join(root, 'plans', 'shop.plan.json') },
      },
    ]);
  });

  it('a broken one is a problem with its place, and the others still load', async () => {
    await put('environments/a.env.json', '{"name": "a", "baseUrl": "https://a.example.com"}');
    await put('environments/b.env.json', '{"name": "b", "baseUrl": "https://b.example.com", "timeout": 5}');
    await put('environments/c.env.json', '{\n  "name": "c",\n  "baseUrl": "nowhere!"\n}\n');
    const { environments, problems } = await loadEnvironments(root, ['environments/a.env.json', 'environments/b.env.json', 'environments/c.env.json']);
    expect(environments.map((entry) => entry.settings.name)).toEqual(['a']);
    expect(problems).toEqual([
      { path: 'environments/b.env.json', line: 1, column: 51, message: '/timeout: unknown key "timeout"; remove it or correct its spelling.' },
      { path: 'environments/c.env.json', line: 3, column: 3, message: '/baseUrl: This is not a web address; a base URL looks like https://api.example.com.' },
    ]);
  });

  it('names both files when two environments have the same name, whatever its case', async () => {
    await put('environments/qa.env.json', '{"name": "QA", "baseUrl": "https://a.example.com"}');
    await put('environments/qa2.env.json', '{"name": "qa", "baseUrl": "https://b.example.com"}');
    const { environments, problems } = await loadEnvironments(root, ['environments/qa.env.json', 'environments/qa2.env.json']);
    expect(environments.map((entry) => entry.path)).toEqual(['environments/qa.env.json']);
    expect(problems).toEqual([
      {
        path: 'environments/qa2.env.json',
        line: null,
        column: null,
        message: '/name: "qa" is also the name of environments/qa.env.json; give each environment its own name.',
      },
    ]);
    expect(findEnvironment(environments, 'qa')?.path).toBe('environments/qa.env.json');
  });

  it('refuses a plan path leading out of the workspace', async () => {
    await put('environments/qa.env.json', '{"name": "qa", "baseUrl": "https://a.example.com", "plan": "../shop.plan.json"}');
    const { problems } = await loadEnvironments(root, ['environments/qa.env.json']);
    expect(problems.map((problem) => problem.message)).toEqual([
      '/plan: A path in a workspace is relative to its root, with forward slashes, and stays inside it (no "..").',
    ]);
  });

  it('are written with only what differs from the defaults; saved untouched they change no byte, one setting edited changes one line', async () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      name: 'qa',
      baseUrl: 'https://qa.example.com',
      chunkSize: 100,
      planFile: path.join(root, 'plans', 'shop.plan.json'),
    };
    expect(await writeEnvironmentFile(root, 'environments/qa.env.json', settings)).toBe(true);
    const written = await readFile(path.join(root, 'environments/qa.env.json'), 'utf8');
    expect(written).toBe('{\n  "name": "qa",\n  "baseUrl": "https://qa.example.com",\n  "chunkSize": 100,\n  "plan": "plans/shop.plan.json"\n}\n');
    const [loaded] = (await loadEnvironments(root, ['environments/qa.env.json'])).environments;
    expect(await writeEnvironmentFile(root, 'environments/qa.env.json', loaded!.settings)).toBe(false);
    await writeEnvironmentFile(root, 'environments/qa.env.json', { ...loaded!.settings, chunkSize: 250 });
    expect(await readFile(path.join(root, 'environments/qa.env.json'), 'utf8')).toBe(written.replace('100', '250'));
  });

  it('refuse a plan outside the workspace, which no teammate would have', async () => {
    const error = await thrown(
      writeEnvironmentFile(root, 'environments/qa.env.json', {
        ...DEFAULT_SETTINGS,
        name: 'qa',
        baseUrl: 'https://qa.example.com',
        planFile: '/elsewhere/shop.plan.json',
      }),
    );
    expect(error.code).toBe('workspace-path-outside');
  });
});
