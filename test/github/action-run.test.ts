import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputVariable } from '../../action/inputs.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';
import { packCli } from '../cli-package/pack.ts';
import { runCli } from '../support/cli-run.ts';
import { junitSchemaErrors } from '../features/runs/reports/junit-schema.ts';
import { outcome, readYaml, root, type Step } from './support/workflow.ts';

/**
 * The action's script, as action.yml runs it, against the packed `eventdesk` it installs from the
 * tarball: a sandbox started and stopped, a workspace `eventdesk init` wrote, the JUnit report
 * where the inputs say, the exit code the run's. Run by Node directly, so it runs on Windows too.
 */

let folder: string;
let tarball: string;
/** Node's flags in action.yml's command line, which runs the script from the action's folder. */
let nodeFlags: string[];

beforeAll(async () => {
  const action = await readYaml<{ runs: { steps: Step[] } }>('action.yml');
  const command = /^node ((?:--[\w=-]+ )*)"\$GITHUB_ACTION_PATH\/action\/run\.ts"$/.exec(action.runs.steps.find((step) => step.id === 'run')?.run ?? '');
  if (command === null) throw new Error('action.yml no longer runs node [flags] "$GITHUB_ACTION_PATH/action/run.ts", which this test runs the same way.');
  nodeFlags = (command[1] as string).split(' ').filter((flag) => flag !== '');
  // Resolved, as the script's working directory is (macOS's temporary folder is a link).
  folder = await realpath(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-action-')));
  tarball = await packCli();
}, 300_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether anything listens on the port, as after a sandbox that was not stopped. */
function listening(port: number): Promise<boolean> {
  const socket = net.connect(port, '127.0.0.1');
  return new Promise<boolean>((resolve) => {
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
  }).finally(() => socket.destroy());
}

/** A workspace from `eventdesk init`, its environment pointed at the port the action's sandbox will take. */
async function workspace(name: string, port: number, scenario?: unknown): Promise<string> {
  const workspaceRoot = path.join(folder, name);
  expect((await runCli(['init', workspaceRoot])).code).toBe(0);
  const environment = path.join(workspaceRoot, 'environments', 'sandbox.env.json');
  await writeFile(environment, (await readFile(environment, 'utf8')).replace('http://127.0.0.1:4797', `http://127.0.0.1:${port}`));
  if (scenario !== undefined) await writeFile(path.join(workspaceRoot, 'scenarios', 'smoke.scenario.json'), JSON.stringify(scenario));
  return workspaceRoot;
}

/** The action's script with these inputs, in `folder` as the job's working directory; its output and GITHUB_OUTPUT. */
async function action(name: string, inputs: Record<string, string>) {
  const output = path.join(folder, `${name}.output`);
  await writeFile(output, '');
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([variable]) => !variable.startsWith('INPUT_'))),
    GITHUB_ACTIONS: 'true',
    GITHUB_OUTPUT: output,
    RUNNER_TEMP: folder,
    EVENTDESK_DATA_DIR: path.join(folder, `${name}-data`),
    EVENTDESK_USERNAME: undefined,
    EVENTDESK_PASSWORD: SANDBOX_DEMO_CREDENTIALS.password,
    EVENTDESK_API_KEY: SANDBOX_DEMO_CREDENTIALS.apiKey,
    ...Object.fromEntries(Object.entries(inputs).map(([input, value]) => [inputVariable(input), value])),
  };
  const run = await outcome(
    spawn(process.execPath, [...nodeFlags, path.join(root, 'action', 'run.ts')], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  return { ...run, outputs: await readFile(output, 'utf8') };
}

describe('the GitHub Action', () => {
  it('installs the package, starts the sandbox, runs the scenarios, leaves the JUnit report where asked, and stops the sandbox', async () => {
    const port = await freePort();
    await workspace('passing', port);
    const { code, stdout, stderr, outputs } = await action('passing', {
      version: tarball,
      workspace: 'passing',
      sandbox: 'true',
      'sandbox-port': String(port),
      'report-dir': 'reports/scenarios',
    });
    expect(stderr).not.toContain('::error::');
    expect(stdout).toContain(`The sandbox answers on http://127.0.0.1:${port}`);
    expect(stdout).toContain('2 passed, 0 failed, 0 skipped');
    expect(code).toBe(0);
    const report = path.join(folder, 'reports', 'scenarios', 'junit.xml');
    expect(outputs).toBe(`report=${report}\n`);
    expect(await junitSchemaErrors(await readFile(report, 'utf8'))).toEqual([]);
    expect(await listening(port)).toBe(false);
  }, 120_000);

  it('fails the step when a step of the run fails, after writing the report that says which', async () => {
    const port = await freePort();
    await workspace('failing', port, {
      format: 'eventdesk.scenario',
      version: 1,
      name: 'Smoke',
      steps: [{ name: 'four accepted?', send: 'batches/purchase.json', expect: { accepted: 4 } }],
    });
    const { code, stderr, outputs } = await action('failing', { version: tarball, workspace: 'failing', sandbox: 'true', 'sandbox-port': String(port) });
    expect(stderr).toContain('::error::eventdesk run failed (exit 1): the report says which steps.');
    expect(code).toBe(1);
    const report = path.join(folder, 'eventdesk-report', 'junit.xml');
    expect(outputs).toBe(`report=${report}\n`);
    expect(await readFile(report, 'utf8')).toContain('<failure');
    expect(await listening(port)).toBe(false);
  }, 120_000);

  it("fails with the sandbox's log when the sandbox stops before it answers, and runs nothing", async () => {
    const port = await freePort();
    await workspace('no-plan', port);
    const { code, stdout, stderr, outputs } = await action('no-plan', {
      version: tarball,
      workspace: 'no-plan',
      sandbox: 'true',
      'sandbox-port': String(port),
      'sandbox-plan': 'plans/missing.plan.json',
    });
    expect(stderr).toMatch(
      new RegExp(
        `^::error::The sandbox stopped \\(exit \\d+\\) before it answered on http://127\\.0\\.0\\.1:${port}/_sandbox/openapi\\.json\\.\nThe sandbox's log:\n.*missing\\.plan\\.json`,
        'm',
      ),
    );
    expect(stdout).not.toContain('eventdesk run');
    expect(code).toBe(1);
    expect(outputs).toBe('');
  }, 120_000);

  it('fails, and stops the sandbox, when it does not answer by the deadline', async () => {
    const port = await freePort();
    await workspace('late', port);
    const { code, stderr } = await action('late', {
      version: tarball,
      workspace: 'late',
      sandbox: 'true',
      'sandbox-port': String(port),
      'sandbox-timeout': '0',
    });
    expect(stderr).toContain(`::error::The sandbox did not answer on http://127.0.0.1:${port}/_sandbox/openapi.json within 0 s.\nThe sandbox's log:\n`);
    expect(code).toBe(1);
    expect(await listening(port)).toBe(false);
  }, 120_000);

  it('fails without a report when the run writes none, even with an earlier one in the folder', async () => {
    const port = await freePort();
    await workspace('wrong-environment', port);
    const earlier = path.join(folder, 'earlier', 'junit.xml');
    await mkdir(path.dirname(earlier));
    await writeFile(earlier, '<testsuites/>');
    const { code, stderr, outputs } = await action('wrong-environment', {
      version: tarball,
      workspace: 'wrong-environment',
      environment: 'staging',
      'report-dir': 'earlier',
    });
    expect(stderr).toContain('--env staging: the workspace has no environment of that name');
    expect(stderr).toContain('::error::eventdesk run wrote no report (exit 2): see its message above.');
    expect(code).toBe(1);
    expect(outputs).toBe('');
    expect(existsSync(earlier)).toBe(false);
  }, 120_000);

  it('refuses a version that is not pinned, before installing anything', async () => {
    const { code, stdout, stderr } = await action('latest', { version: 'latest' });
    expect(stderr).toBe(
      `::error::version: "latest" is neither an exact version (such as ${packageJson.version}) nor a package tarball (.tgz); the install is pinned, so ranges and tags such as "latest" are refused.\n`,
    );
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});
