import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEnvironment } from '../../../app/cli/shared/environment-choice.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { EXPORT_FORMAT } from '../../../features/environments/common/environment.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * Every command's --env takes what the workspace and the app write: a workspace's environment
 * file (what `eventdesk init` wrote), an exported file, or an environment's name in the
 * current workspace. Against a real sandbox, in separate processes, as a user types them.
 */

let folder: string;
let sandbox: SandboxServer;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-env-'));
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const { password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

function variables(data: string): NodeJS.ProcessEnv {
  return { ...process.env, EVENTDESK_DATA_DIR: data, EVENTDESK_USERNAME: undefined, EVENTDESK_PASSWORD: password, EVENTDESK_API_KEY: apiKey };
}

/** A workspace from `eventdesk init`, its environment pointed at the test's sandbox. */
async function workspace(name: string): Promise<{ root: string; data: string }> {
  const root = path.join(folder, name);
  expect((await runCli(['init', root])).code).toBe(0);
  const environment = path.join(root, 'environments', 'sandbox.env.json');
  await writeFile(environment, (await readFile(environment, 'utf8')).replace('http://127.0.0.1:4797', sandbox.url));
  return { root, data: path.join(folder, `${name}-data`) };
}

describe('--env', () => {
  it('takes the environment file `eventdesk init` wrote, and the name of an environment of the current workspace', async () => {
    const { root, data } = await workspace('sending');
    const byFile = await runCli(['send', 'batches/purchase.json', '--env', 'environments/sandbox.env.json'], { cwd: root, env: variables(data) });
    expect(byFile.stderr).not.toContain('expected');
    expect(byFile.stdout).toMatch(/^Submission \S+: ok$/m);
    expect(byFile.code).toBe(0);

    const byName = await runCli(['login', '--env', 'sandbox'], { cwd: path.join(root, 'batches'), env: variables(data) });
    expect(byName.stdout).toContain(`Logged in to ${sandbox.url} as ${SANDBOX_DEMO_CREDENTIALS.username}.`);
    expect(byName.code).toBe(0);

    const validated = await runCli(['validate', 'batches/purchase.json', '--env', 'sandbox'], { cwd: root });
    expect(validated.code).toBe(0);
  }, 60_000);

  it("of run, given the workspace's environment file, is the run's own environment", async () => {
    const { root, data } = await workspace('running');
    const run = await runCli(['run', '--env', 'environments/sandbox.env.json'], { cwd: root, env: variables(data) });
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed, 0 skipped');
    expect(run.code).toBe(0);
  }, 60_000);
});

describe('chooseEnvironment', () => {
  it('reads an exported file, picking by --env-name, as before', async () => {
    const file = path.join(folder, 'exported.json');
    await writeFile(
      file,
      JSON.stringify({
        format: EXPORT_FORMAT,
        version: 1,
        environments: [
          { name: 'QA', baseUrl: 'https://qa.example.com' },
          { name: 'Prod', baseUrl: 'https://example.com' },
        ],
      }),
    );
    const chosen = await chooseEnvironment(file, 'prod');
    expect(chosen).toMatchObject({
      settings: { name: 'Prod', baseUrl: 'https://example.com', chunkSize: 500 },
      source: `${file}, environment "Prod"`,
      workspace: null,
    });
  });

  it("reads a workspace's environment file with its plan inside the workspace, from any folder", async () => {
    const { root } = await workspace('reading');
    const chosen = await chooseEnvironment(path.join(root, 'environments', 'sandbox.env.json'), undefined, os.tmpdir());
    expect(chosen.settings).toMatchObject({ name: 'sandbox', baseUrl: sandbox.url, username: SANDBOX_DEMO_CREDENTIALS.username });
    expect(chosen.workspace).toBe(root);
  });

  it('says in words what is wrong with what it was given', async () => {
    const { root } = await workspace('wrong');
    const broken = path.join(root, 'environments', 'broken.env.json');
    await writeFile(broken, '{\n  "name": "broken",\n  "baseUrl": "http://127.0.0.1:1",\n  "chunkSize": "many"\n}\n');
    const loose = path.join(folder, 'loose');
    await mkdir(loose);
    await writeFile(path.join(loose, 'qa.env.json'), JSON.stringify({ name: 'qa', baseUrl: 'https://qa.example.com' }));

    await expect(chooseEnvironment(broken, undefined)).rejects.toThrow(
      `--env: ${broken} is not an environment file EventDesk can use:\nenvironments/broken.env.json:4:3: /chunkSize: expected a number, saw "many"; correct the value.`,
    );
    await expect(chooseEnvironment(path.join(root, 'environments', 'sandbox.env.json'), 'sandbox')).rejects.toThrow(
      '--env-name picks an environment of an exported file',
    );
    await expect(chooseEnvironment(path.join(loose, 'qa.env.json'), undefined)).rejects.toThrow(
      'is neither an environment exported from EventDesk (it has no "format") nor in a workspace',
    );
    await expect(chooseEnvironment('staging', undefined, root)).rejects.toThrow(
      '--env staging: the workspace has no environment of that name (it has "sandbox"), and there is no such file.\nenvironments/broken.env.json:4:3',
    );
    await expect(chooseEnvironment('staging', undefined, loose)).rejects.toThrow(
      `--env staging: there is no such file, and ${loose} is in no workspace to hold an environment of that name.`,
    );
    await expect(chooseEnvironment(loose, undefined)).rejects.toThrow(`--env: ${loose} is a folder`);
    await expect(chooseEnvironment(path.join(loose, 'absent.json'), undefined)).rejects.toThrow(
      `--env: cannot read ${path.join(loose, 'absent.json')}: no such file.`,
    );
  });
});
