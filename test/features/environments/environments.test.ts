import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, nextEnvironmentColor, type EnvironmentEdit } from '../../../features/environments/common/environment.ts';
import { LOCAL_SANDBOX_ID, createEnvironments } from '../../../features/environments/node/environments.ts';
import { noKeyStore } from '../../../app/host/node-services.ts';
import { createVault } from '../../../features/environments/node/vault.ts';

const sandbox = { url: () => 'http://127.0.0.1:4999', username: 'demo', apiKey: 'demo-api-key', maxBodyBytes: 1_048_576, strict: true };
const staging: EnvironmentEdit = {
  settings: { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: 'https://staging.example.com/', username: 'qa', rememberPassword: true },
  apiKey: 'ak_staging_0123456789',
  password: 'staging-password',
};

let dataFolder: string;
beforeEach(async () => {
  dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-envs-'));
});

async function open(chosenPlanFiles: ReadonlySet<string> = new Set()) {
  const vault = createVault({ file: path.join(dataFolder, 'secrets.json'), cipher: noKeyStore });
  const environments = createEnvironments({ dataFolder, vault, sandbox, chosenPlanFiles });
  await environments.load();
  return { environments, vault };
}

describe('environments', () => {
  it('start with one "Local sandbox" pointing at the embedded server, holding the demo key', async () => {
    const { environments } = await open();
    const { environments: list, activeId } = environments.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: LOCAL_SANDBOX_ID,
      name: 'Local sandbox',
      embeddedSandbox: true,
      resolvedBaseUrl: 'http://127.0.0.1:4999',
      username: 'demo',
      maxChunkBytes: 1_048_576,
    });
    expect(list[0]!.apiKey.set).toBe(true);
    expect(activeId).toBe(LOCAL_SANDBOX_ID);
    // What the sandbox's strict mode refuses is an error in the editor from the start.
    expect(list[0]!.ruleSeverity).toEqual({
      'missing-token': 'error',
      'missing-attributes': 'error',
      'missing-created-at': 'error',
      'missing-service-id': 'error',
      'missing-device-id': 'error',
      'missing-customer-id': 'error',
      'unknown-field': 'error',
      'attribute-not-string': 'error',
    });
  });

  it('give the demo key back at each start when secrets stay in memory', async () => {
    await open();
    const { environments } = await open();
    expect(environments.view(LOCAL_SANDBOX_ID).apiKey.set).toBe(true);
  });

  it('create, keep secrets out of environments.json, and never show a secret in a view', async () => {
    const { environments, vault } = await open();
    const result = await environments.create(staging);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.environment).toMatchObject({
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      apiKey: { set: true, hint: '••••6789' },
      passwordRemembered: true,
    });
    expect(JSON.stringify(result.environment)).not.toContain('staging-password');
    expect(JSON.stringify(result.environment)).not.toContain('ak_staging');
    expect(vault.get(result.environment.id)).toMatchObject({ apiKey: staging.apiKey, password: staging.password });
    const onDisk = await readFile(path.join(dataFolder, 'environments.json'), 'utf8');
    expect(onDisk).toContain('"Staging"');
    expect(onDisk).not.toContain('staging-password');
    expect(onDisk).not.toContain('ak_staging');
  });

  it('refuse invalid settings with every problem tied to its field, and duplicate names', async () => {
    const { environments } = await open();
    const result = await environments.create({
      settings: { ...staging.settings, name: 'local sandbox', baseUrl: 'staging.example.com', timeZone: 'Nowhere/City' },
      apiKey: ' key ',
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'name', message: 'There is already an environment called "local sandbox".' },
        { field: 'baseUrl', message: expect.stringContaining('Add http:// or https://') },
        { field: 'timeZone', message: expect.stringContaining('not a time zone') },
        { field: 'apiKey', message: 'The API key has spaces or line breaks at its start or end.' },
      ],
    });
    expect(environments.list().environments).toHaveLength(1);
  });

  it('forget the password when "remember password" is turned off', async () => {
    const { environments, vault } = await open();
    const created = await environments.create(staging);
    if (!created.ok) throw new Error('create failed');
    await environments.update(created.environment.id, { settings: { ...staging.settings, rememberPassword: false } });
    expect(vault.get(created.environment.id).password).toBeUndefined();
    expect(vault.get(created.environment.id).apiKey).toBe(staging.apiKey);
  });

  it('duplicate without a secret unless asked, delete with the secrets, and switch', async () => {
    const { environments, vault } = await open();
    const created = await environments.create(staging);
    if (!created.ok) throw new Error('create failed');
    const colorsBefore = environments.list().environments.map((environment) => environment.color);
    const bare = await environments.duplicate(created.environment.id);
    expect(bare).toMatchObject({ name: 'Staging copy', apiKey: { set: false }, passwordRemembered: false });
    // Told apart from its source at a glance: the palette's next colour, not the source's.
    expect(bare.color).toBe(nextEnvironmentColor(colorsBefore));
    expect(bare.color).not.toBe(created.environment.color);
    expect(vault.get(bare.id)).toEqual({});
    const copy = await environments.duplicate(created.environment.id, true);
    expect(copy).toMatchObject({ name: 'Staging copy 2', apiKey: { set: true }, passwordRemembered: true });
    expect(vault.get(copy.id)).toEqual({ apiKey: staging.apiKey, password: staging.password });
    expect(vault.origin(copy.id)).toBe('https://staging.example.com');
    await environments.select(copy.id);
    expect(environments.list().activeId).toBe(copy.id);
    await environments.remove(copy.id);
    expect(vault.get(copy.id)).toEqual({});
    expect(environments.list().activeId).toBe(LOCAL_SANDBOX_ID);
  });

  it('export no plan file, a path of this computer only, and import none: an imported plan file would be read unasked', async () => {
    const plan = '/home/ana/plans/shop.plan.json';
    const { environments } = await open(new Set([plan]));
    const created = await environments.create({ ...staging, settings: { ...staging.settings, planFile: plan } });
    if (!created.ok) throw new Error('create failed');
    const exported = environments.exportJson([created.environment.id]);
    expect(exported).not.toContain('planFile');
    await environments.remove(created.environment.id);
    const withPlan = JSON.parse(exported) as { environments: Record<string, unknown>[] };
    withPlan.environments[0]!.planFile = '/home/ana/.ssh/keys.json';
    const result = await environments.importJson(JSON.stringify(withPlan));
    expect(result.imported[0]!.planFile).toBeNull();
  });

  it('names an export’s file after its one environment, plainly, and several as environments', async () => {
    const { environments } = await open();
    const created = await environments.create({ ...staging, settings: { ...staging.settings, name: 'Staging / EU: "new"' } });
    if (!created.ok) throw new Error('create failed');
    const one = environments.exportFile([created.environment.id]);
    expect(one).toEqual({ fileName: 'staging-eu-new-.eventdesk-env.json', text: environments.exportJson([created.environment.id]) });
    expect(environments.exportFile([created.environment.id, LOCAL_SANDBOX_ID]).fileName).toBe('environments.eventdesk-env.json');
  });

  it('export settings without secrets, and import them back under checks', async () => {
    const { environments } = await open();
    const created = await environments.create(staging);
    if (!created.ok) throw new Error('create failed');
    const exported = environments.exportJson([created.environment.id, LOCAL_SANDBOX_ID]);
    expect(exported).not.toContain('staging-password');
    expect(exported).not.toContain('ak_staging');
    expect(JSON.parse(exported).environments.map((e: { name: string }) => e.name)).toEqual(['Staging']);

    await environments.remove(created.environment.id);
    const result = await environments.importJson(exported);
    expect(result.imported.map((e) => e.name)).toEqual(['Staging']);
    expect(result.imported[0]!.apiKey.set).toBe(false);
    const again = await environments.importJson(exported);
    expect(again.problems).toEqual(['Staging: There is already an environment called "Staging".']);
    await expect(environments.importJson('{nope')).rejects.toMatchObject({ code: 'import-not-json' });
    const tooMany = {
      format: 'eventdesk.environment',
      version: 1,
      environments: Array.from({ length: 101 }, (_, n) => ({ name: `E${n}`, baseUrl: 'https://x.example' })),
    };
    await expect(environments.importJson(JSON.stringify(tooMany))).rejects.toMatchObject({ code: 'import-not-environments' });
    await expect(environments.importJson('{"format":"other"}')).rejects.toMatchObject({ code: 'import-not-environments' });
  });

  it('set an unreadable environments.json aside instead of losing it', async () => {
    await writeFile(path.join(dataFolder, 'environments.json'), '{ this is not json');
    const { environments } = await open();
    expect(environments.list().notice).toMatch(/could not be read/);
    expect(environments.list().environments.map((e) => e.id)).toEqual([LOCAL_SANDBOX_ID]);
    expect((await readdir(dataFolder)).some((name) => name.startsWith('environments.unreadable-'))).toBe(true);
  });

  it('leave choices about secrets out of exports, and ignore them in imports', async () => {
    const { environments } = await open();
    const created = await environments.create({ ...staging, settings: { ...staging.settings, storeSecretsWithoutKeyring: true } });
    if (!created.ok) throw new Error('create failed');
    const exported = JSON.parse(environments.exportJson([created.environment.id]));
    expect(exported.environments[0]).not.toHaveProperty('rememberPassword');
    expect(exported.environments[0]).not.toHaveProperty('storeSecretsWithoutKeyring');
    const planted = {
      format: 'eventdesk.environment',
      version: 1,
      environments: [{ name: 'Planted', baseUrl: 'https://x.example', storeSecretsWithoutKeyring: true, rememberPassword: true }],
    };
    const result = await environments.importJson(JSON.stringify(planted));
    expect(result.imported[0]).toMatchObject({ name: 'Planted', storeSecretsWithoutKeyring: false, rememberPassword: false });
  });

  it('read an environments.json written before the sending settings existed, with their defaults', async () => {
    const { environments } = await open();
    const created = await environments.create(staging);
    if (!created.ok) throw new Error('create failed');
    const file = path.join(dataFolder, 'environments.json');
    const older = JSON.parse(await readFile(file, 'utf8'));
    for (const environment of older.environments) {
      delete environment.concurrency;
      delete environment.maxAttempts;
    }
    await writeFile(file, JSON.stringify(older));
    const reopened = await open();
    expect(reopened.environments.list().notice).toBeNull();
    expect(reopened.environments.get(created.environment.id)).toMatchObject({ name: 'Staging', concurrency: 1, maxAttempts: 5 });
  });

  it("keep a person's choices about a workspace's environment (username, remembering the password) in environments.json from one run to the next, never in the workspace", async () => {
    const qa = { ...DEFAULT_SETTINGS, id: 'workspace-qa', name: 'qa', baseUrl: 'https://qa.example.com', username: 'team', embeddedSandbox: false };
    const saved: unknown[] = [];
    const source = {
      realRoot: '/work/shop',
      environments: [qa],
      defaultId: null,
      fileOf: (id: string) => (id === qa.id ? 'environments/qa.env.json' : undefined),
      save: async (_id: string, settings: unknown) => void saved.push(settings),
    };
    const first = await open();
    await first.environments.useWorkspace(source);
    await first.environments.setLogin(qa.id, 'ana', true);
    expect(first.environments.get(qa.id)).toMatchObject({ username: 'ana', rememberPassword: true });

    const next = await open();
    expect(next.environments.list().environments.map((environment) => environment.id)).not.toContain(qa.id);
    await next.environments.useWorkspace({ ...source, environments: [qa] });
    expect(next.environments.get(qa.id)).toMatchObject({ username: 'ana', rememberPassword: true });
    expect(saved).toEqual([]);
  });
});
