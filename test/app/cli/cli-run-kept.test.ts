import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptRunsIn } from '../../../features/runs/node/kept-runs.ts';
import { workspaceDataFolder } from '../../../app/node/index.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import type { RunResult } from '../../../features/runs/common/run-result.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * `eventdesk run` keeps its run where the app's Runs view finds it (the workspace's data folder),
 * and takes paths into the workspace through a link to it, as macOS's /tmp is to /private/tmp.
 * A separate process, a workspace `eventdesk init` wrote, a real sandbox.
 */

let folder: string;
let sandbox: SandboxServer;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-kept-'));
  sandbox = await startSandbox({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const variables = (data: string): NodeJS.ProcessEnv => ({
  ...process.env,
  EVENTDESK_DATA_DIR: data,
  EVENTDESK_USERNAME: undefined,
  EVENTDESK_PASSWORD: SANDBOX_DEMO_CREDENTIALS.password,
  EVENTDESK_API_KEY: SANDBOX_DEMO_CREDENTIALS.apiKey,
});

async function workspace(root: string): Promise<void> {
  await mkdir(path.dirname(root), { recursive: true });
  expect((await runCli(['init', root])).code).toBe(0);
  const environment = path.join(root, 'environments', 'sandbox.env.json');
  await writeFile(environment, (await readFile(environment, 'utf8')).replace('http://127.0.0.1:4797', sandbox.url));
}

describe('eventdesk run', () => {
  it("keeps its run in the workspace's data folder, as the app's Runs view lists them", async () => {
    const root = path.join(folder, 'kept', 'shop');
    const data = path.join(folder, 'kept-data');
    await workspace(root);
    const { code, stdout } = await runCli(['run', root, '--env', 'sandbox', '--reporter', 'json'], { env: variables(data) });
    expect(code).toBe(0);
    const reported = JSON.parse(stdout) as RunResult;
    const kept = keptRunsIn(await workspaceDataFolder(data, root));
    expect(await kept.list()).toEqual([
      {
        id: reported.id,
        startedAt: reported.startedAt,
        durationMs: reported.durationMs,
        source: 'cli',
        environment: 'sandbox',
        stopped: false,
        scenarios: 1,
        counts: { passed: 2, failed: 0, skipped: 0 },
      },
    ]);
    expect(await kept.get(reported.id)).toEqual(reported);
  }, 60_000);

  it('takes a scenario by its real path when the workspace was named through a link, and the other way round', async () => {
    const real = path.join(folder, 'real');
    const link = path.join(folder, 'link');
    await workspace(path.join(real, 'shop'));
    await symlink(real, link, 'dir');
    const data = path.join(folder, 'link-data');
    const throughLink = await runCli(['run', path.join(link, 'shop'), path.join(real, 'shop', 'scenarios', 'smoke.scenario.json')], { env: variables(data) });
    expect(throughLink.stderr).not.toContain('outside the workspace');
    expect(throughLink.code).toBe(0);
    const throughReal = await runCli(['run', path.join(real, 'shop'), path.join(link, 'shop', 'scenarios')], { env: variables(data) });
    expect(throughReal.stderr).not.toContain('outside the workspace');
    expect(throughReal.code).toBe(0);
    // Outside stays outside, link or not.
    const outside = await runCli(['run', path.join(link, 'shop'), folder], { env: variables(data) });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain(`${folder} is outside the workspace in ${path.join(link, 'shop')}`);
  }, 60_000);
});
