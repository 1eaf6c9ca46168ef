import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { validateBatchWithPlan } from '../../../features/plans/common/plan-diagnostics.ts';
import { ScenarioSchema, type SendStep } from '../../../features/workspace/common/scenario.ts';
import { rulesFor, validateBatch } from '../../../features/validation/common/validation.ts';
import { loadPlan } from '../../../features/plans/node/load.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { runCli } from '../../support/cli-run.ts';

let folder: string;
let sandbox: SandboxServer;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-init-'));
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const demo = {
  ...process.env,
  EVENTDESK_USERNAME: SANDBOX_DEMO_CREDENTIALS.username,
  EVENTDESK_PASSWORD: SANDBOX_DEMO_CREDENTIALS.password,
  EVENTDESK_API_KEY: SANDBOX_DEMO_CREDENTIALS.apiKey,
};

describe('eventdesk init', () => {
  it('writes a small workspace that loads without a problem, and says which variables to set', async () => {
    const root = path.join(folder, 'shop');
    const { code, stdout, stderr } = await runCli(['init', root]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      `Workspace "shop" in ${root}:\n  eventdesk.json\n  environments/sandbox.env.json\n  batches/purchase.json\n  plans/shop.plan.json\n  scenarios/smoke.scenario.json\n`,
    );
    expect(stderr).toContain(`export EVENTDESK_PASSWORD=${SANDBOX_DEMO_CREDENTIALS.password} EVENTDESK_API_KEY=${SANDBOX_DEMO_CREDENTIALS.apiKey}`);
    expect(stderr).toContain('eventdesk sandbox &');

    const { listing, environments } = await loadWorkspace(root);
    expect(listing.problems).toEqual([]);
    expect(listing.manifest).toEqual({ format: 'eventdesk.workspace', version: 1, name: 'shop', defaultEnvironment: 'sandbox', plan: 'plans/shop.plan.json' });
    expect(listing.files.map((file) => `${file.kind} ${file.path} ${file.title}`)).toEqual([
      'environment environments/sandbox.env.json sandbox',
      'batch batches/purchase.json purchase',
      'plan plans/shop.plan.json shop',
      'scenario scenarios/smoke.scenario.json Smoke',
    ]);
    expect(environments.map((entry) => [entry.settings.baseUrl, entry.settings.username])).toEqual([['http://127.0.0.1:4797', 'demo']]);
    // Nothing but the workspace's files: its history lives in the data folder, so there is nothing to ignore in git.
    expect((await readdir(root)).sort()).toEqual(['batches', 'environments', 'eventdesk.json', 'plans', 'scenarios']);
  });

  it('writes a batch its plan passes and a scenario whose negative step is a real mistake', async () => {
    const root = path.join(folder, 'checked');
    expect((await runCli(['init', root])).code).toBe(0);
    const read = (relative: string) => readFile(path.join(root, relative), 'utf8');
    const scenario = ScenarioSchema.parse(JSON.parse(await read('scenarios/smoke.scenario.json')));
    const [send, refused] = scenario.steps as SendStep[];
    expect(send).toMatchObject({ send: 'batches/purchase.json', expect: { outcome: 'accepted', accepted: 3 } });
    expect(refused!.expect).toEqual({ status: 422 });

    const plan = loadPlan(await read('plans/shop.plan.json'), 'plans/shop.plan.json');
    expect(plan.problems).toEqual([]);
    const batch = await read('batches/purchase.json');
    const rules = rulesFor({ serviceIdField: 'svc_id', timeZone: 'UTC' });
    expect(validateBatch(batch, rules).events).toHaveLength(3);
    expect(validateBatchWithPlan(batch, rules, plan).diagnostics).toEqual([]);
    const mistakes = validateBatch(JSON.stringify(refused!.send), rules).diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    expect(mistakes.map((diagnostic) => diagnostic.code)).toEqual(['service-id-not-integer']);
  });

  it('writes a batch the sandbox accepts and an event it refuses with 422', async () => {
    const root = path.join(folder, 'sent');
    expect((await runCli(['init', root])).code).toBe(0);
    const data = path.join(folder, 'data');
    const accepted = await runCli(['send', path.join(root, 'batches/purchase.json'), '--base-url', sandbox.url, '--data', data, '--json'], { env: demo });
    expect(accepted.code).toBe(0);
    expect(JSON.parse(accepted.stdout)).toMatchObject({ eventsAccepted: 3 });

    const scenario = ScenarioSchema.parse(JSON.parse(await readFile(path.join(root, 'scenarios/smoke.scenario.json'), 'utf8')));
    const broken = path.join(folder, 'broken.json');
    await writeFile(broken, JSON.stringify((scenario.steps[1] as SendStep).send));
    const refused = await runCli(['send', broken, '--base-url', sandbox.url, '--data', data, '--force', '--json'], { env: demo });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).failures).toEqual([
      expect.objectContaining({ statusCode: 422, responseBody: expect.stringContaining('"field":"svc_id"') }),
    ]);
  });

  it('refuses a folder that holds a workspace already, writing nothing', async () => {
    const root = path.join(folder, 'twice');
    expect((await runCli(['init', root])).code).toBe(0);
    await writeFile(path.join(root, 'batches/purchase.json'), '[]');
    const again = await runCli(['init', root]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`eventdesk init: ${root} holds a workspace already (eventdesk.json); nothing was written.\n`);
    expect(await readFile(path.join(root, 'batches/purchase.json'), 'utf8')).toBe('[]');
  });

  it('leaves other files that exist alone and names them; the current folder by default', async () => {
    const root = path.join(folder, 'existing');
    await mkdir(path.join(root, 'batches'), { recursive: true });
    await writeFile(path.join(root, 'batches/purchase.json'), '[{"mine": true}]');
    const child = await runCliIn(root, ['init']);
    expect(child.code).toBe(0);
    expect(child.stderr).toContain('Left alone, as they exist already: batches/purchase.json.');
    expect(child.stdout).not.toContain('batches/purchase.json');
    expect(await readFile(path.join(root, 'batches/purchase.json'), 'utf8')).toBe('[{"mine": true}]');
    expect(JSON.parse(await readFile(path.join(root, 'eventdesk.json'), 'utf8')).name).toBe('existing');
  });

  it('exits 2 when called wrong', async () => {
    const wrong = await runCli(['init', 'a', 'b']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('eventdesk init: Name one folder; got 2.\nRun "eventdesk init --help" for the flags.\n');
    expect((await runCli(['init', '--nope'])).code).toBe(2);
  });
  it('with --preset emma writes an EMMA environment beside the sandbox one, with no credential, and says what to check', async () => {
    const root = path.join(folder, 'emma-shop');
    const { code, stdout, stderr } = await runCli(['init', '--preset', 'emma', root]);
    expect(code).toBe(0);
    expect(stdout).toContain('  environments/sandbox.env.json\n  environments/emma.env.json\n');
    expect(stderr).toContain('--env emma');
    expect(stderr).toContain('The time zone of created_at');

    const { listing, environments } = await loadWorkspace(root);
    expect(listing.problems).toEqual([]);
    expect(listing.manifest?.defaultEnvironment).toBe('sandbox');
    const emma = environments.find((entry) => entry.settings.name === 'EMMA')!;
    expect([emma.settings.baseUrl, emma.settings.serviceIdField, emma.settings.username]).toEqual(['https://ws.emma.io', 'emma_id', '']);
    expect(await readFile(path.join(root, 'environments/emma.env.json'), 'utf8')).not.toMatch(/password|apiKey|token/i);
  });

  it('refuses a preset it does not know, naming the ones there are, and writes nothing', async () => {
    const root = path.join(folder, 'unknown-preset');
    const { code, stderr } = await runCli(['init', '--preset', 'acme', root]);
    expect(code).toBe(2);
    expect(stderr).toContain('No preset is named "acme"; the presets are: emma.');
    await expect(readdir(root)).rejects.toThrow();
  });
});

/** The command line run from `cwd`, as a person in that folder runs it. */
async function runCliIn(cwd: string, args: string[]) {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    return await runCli(args);
  } finally {
    process.chdir(previous);
  }
}
