import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { workspaceDataFolder } from '../../../app/node/index.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { junitSchemaErrors } from '../../features/runs/reports/junit-schema.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * `eventdesk run` as CI runs it: a separate process, a workspace `eventdesk init` wrote, a real
 * sandbox, the workspace's own history in a real SQLite file, the JUnit report checked against
 * Jenkins' schema by libxml2.
 */

let folder: string;
let sandbox: SandboxServer;

const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-'));
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

function variables(data: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return { ...process.env, EVENTDESK_DATA_DIR: data, EVENTDESK_USERNAME: undefined, EVENTDESK_PASSWORD: password, EVENTDESK_API_KEY: apiKey, ...extra };
}

/** A workspace from `eventdesk init`, its environment pointed at the test's sandbox, with more scenario files. */
async function workspace(name: string, scenarios: Record<string, unknown> = {}): Promise<{ root: string; data: string }> {
  const root = path.join(folder, name);
  expect((await runCli(['init', root])).code).toBe(0);
  const environment = path.join(root, 'environments', 'sandbox.env.json');
  await writeFile(environment, (await readFile(environment, 'utf8')).replace('http://127.0.0.1:4797', sandbox.url));
  for (const [file, scenario] of Object.entries(scenarios))
    await writeFile(path.join(root, 'scenarios', file), typeof scenario === 'string' ? scenario : JSON.stringify(scenario, null, 2));
  return { root, data: path.join(folder, `${name}-data`) };
}

function scenario(name: string, steps: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { format: 'eventdesk.scenario', version: 1, name, steps, ...extra };
}

describe('eventdesk run', () => {
  it("runs the workspace of the current folder, records its sends in the workspace's own history, and exits 0", async () => {
    const { root, data } = await workspace('passing');
    const { code, stdout, stderr } = await runCli(['run'], { cwd: path.join(root, 'batches'), env: variables(data) });
    expect(stderr).toContain(`Running 1 scenario of "passing" (${root})`);
    expect(stderr).toContain('  ✓ step 1: Three purchases are accepted');
    expect(stdout).toMatch(/^✓ Smoke \(scenarios\/smoke\.scenario\.json\)/);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed, 0 skipped');
    expect(code).toBe(0);

    // The workspace's history, in the data folder and never in the workspace.
    const history = new DatabaseSync(path.join(await workspaceDataFolder(data, root), 'submissions.sqlite'), { readOnly: true });
    try {
      const labels = history
        .prepare('SELECT label FROM submissions ORDER BY seq')
        .all()
        .map((row) => row.label);
      expect(labels).toEqual(['Smoke · step 1', 'Smoke · step 2']);
    } finally {
      history.close();
    }
    expect(stdout + stderr).not.toContain(password);
  }, 60_000);

  it('reports a failure with its reason and submission, a broken scenario with its place, and skipped steps, in JUnit XML CI servers read', async () => {
    const { root, data } = await workspace('failing', {
      'broken.scenario.json': '{ "format": "eventdesk.scenario", "version": 1, "name": "Broken",\n  "steps": [ { "send": "batches/purchase.json", } ] }\n',
      'wrong.scenario.json': scenario('Wrong count', [{ name: 'four accepted?', send: 'batches/purchase.json', expect: { accepted: 4 } }, { wait: '10ms' }]),
    });
    const out = path.join(folder, 'failing-reports');
    const { code, stdout, stderr } = await runCli(['run', root, '--reporter', 'junit,json,text', '--out', out], {
      env: variables(data, { EVENTDESK_USERNAME: username }),
    });
    expect(code).toBe(1);
    expect(stderr).toContain(`Reports: ${out}/junit.xml, ${out}/report.json, ${out}/report.txt`);
    expect(stdout).toContain('  ✕ step 1: four accepted?');
    expect(stdout).toContain('accepted: expected 4 events accepted, the server accepted 3 of 3');

    const junit = await readFile(path.join(out, 'junit.xml'), 'utf8');
    expect(await junitSchemaErrors(junit)).toEqual([]);
    expect(junit).toContain('<testsuites name="EventDesk: failing" tests="5" failures="1" errors="1"');
    expect(junit).toContain('<error message="scenarios/broken.scenario.json:2:49: not valid JSON');
    expect(junit).toMatch(
      /<failure message="accepted: expected 4 events accepted, the server accepted 3 of 3" type="step-failed">[^<]*Submission: [0-9a-f-]{36}/,
    );
    expect(junit).toContain('<skipped>not run: step 1 failed, and the scenario stops at a failure');
    expect(JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8'))).toMatchObject({
      workspace: root,
      scenarios: [{ status: 'broken' }, { status: 'passed' }, { status: 'failed' }],
    });
    expect(await readFile(path.join(out, 'report.txt'), 'utf8')).toBe(stdout);
  }, 60_000);

  it('stops at the first failure with --bail, the rest reported skipped, and runs only the scenarios named', async () => {
    const { root, data } = await workspace('bail', {
      'a-refused.scenario.json': scenario('Refused', [{ send: 'batches/purchase.json', expect: { status: 422 } }]),
    });
    const { code, stdout } = await runCli(['run', '--bail', '--reporter', 'junit'], { cwd: root, env: variables(data) });
    expect(code).toBe(1);
    expect(await junitSchemaErrors(stdout)).toEqual([]);
    expect(stdout.match(/<skipped>not run: --bail stopped the run after Refused step 1<\/skipped>/g)).toHaveLength(2);

    const only = await runCli(['run', path.join(root, 'scenarios', 'smoke.scenario.json')], { env: variables(data) });
    expect(only.code).toBe(0);
    expect(only.stdout).not.toContain('Refused');
  }, 60_000);

  it("reads --data-file instead of a step's own data file, a row a step at a time, and sends to --base-url", async () => {
    const { root, data } = await workspace('rows', {
      'rows.scenario.json': scenario('Per customer', [
        {
          send: [
            {
              token: 'signup',
              customer_id: '{{customer}}',
              device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
              svc_id: 7,
              created_at: '{{$now -1m}}',
              attributes: {},
            },
          ],
          data: 'data/one.csv',
        },
      ]),
    });
    await writeFile(path.join(root, 'batches', 'one.csv'), 'customer\nc-1\n');
    await writeFile(path.join(root, 'batches', 'three.csv'), 'customer\nc-1\nc-2\nc-3\n');
    const env = variables(data, { EVENTDESK_USERNAME: username });
    const rows = await runCli(['run', 'scenarios/rows.scenario.json', '--data-file', 'batches/three.csv', '--base-url', sandbox.url], { cwd: root, env });
    expect(rows.stdout).toContain('step 1: send 1 inline event (row 3)');
    expect(rows.stderr).not.toContain('--data is now');
    expect(rows.code).toBe(0);

    // --data, its former name (every other command's --data is the data folder), still works, with a note.
    const former = await runCli(['run', 'scenarios/rows.scenario.json', '--data', 'batches/three.csv', '--base-url', sandbox.url], { cwd: root, env });
    expect(former.stderr.split('\n')[0]).toBe(
      "eventdesk run: --data is now --data-file (every other command's --data is the data folder); the old name still works.",
    );
    expect(former.stdout).toContain('step 1: send 1 inline event (row 3)');
    expect(former.code).toBe(0);
  }, 60_000);

  it('says in one line what is wrong and exits 2 when called wrong', async () => {
    const { root, data } = await workspace('wrong');
    const wrong = async (args: string[], message: string, env = variables(data)) => {
      const { code, stderr } = await runCli(['run', ...args], { cwd: root, env });
      expect(stderr.split('\n')[0]).toBe(`eventdesk run: ${message}`);
      expect(code).toBe(2);
    };
    await wrong(['--reporter', 'xml'], '--reporter takes text, junit and json, joined by commas; not "xml".');
    await wrong(['--reporter', 'text,junit'], 'Several reporters (text, junit) need --out DIR to write their reports into.');
    await wrong(['--env', 'staging'], '--env staging: the workspace has no environment of that name (it has "sandbox"), and there is no such file.');
    await wrong(['scenarios/none.scenario.json'], 'scenarios/none.scenario.json does not exist.');
    await wrong(['batches'], 'batches holds no scenarios (scenarios/**/*.scenario.json).');
    await wrong(['--data-file', '/etc/hostname'], `--data-file /etc/hostname: the data file must be inside the workspace (${root}), as the steps' own are.`);
    await wrong([], 'This run needs EVENTDESK_API_KEY (for sandbox): set it and run it again.', variables(data, { EVENTDESK_API_KEY: '' }));
    await wrong(['--base-url', sandbox.url], 'EVENTDESK_USERNAME is not set. Set it to the username to log in with.');
    await wrong([folder], `${folder} is not inside a workspace: neither it nor a folder above it has an eventdesk.json. Create one with "eventdesk init".`);
  }, 60_000);
});
