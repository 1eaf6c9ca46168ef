import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { parseCurl } from '../../../features/formats/common/curl.ts';
import { DEFAULT_SANDBOX_PORT } from '../../../features/sandbox/common/sandbox-port.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { cliSnippet, curlSnippet, type SnippetTarget } from '../../../features/sandbox/common/sandbox-snippets.ts';

/**
 * The Sandbox tab's snippets do what they say: run as written in a POSIX shell against a real
 * sandbox, they log in and deliver their event. Without curl on the machine, the same requests
 * are read from the snippet and sent with fetch.
 */

const cli = path.resolve(import.meta.dirname, '../../../app/cli/bin.ts');
const hasCurl = spawnSync('curl', ['--version'], { stdio: 'ignore' }).status === 0;

let sandbox: SandboxServer;
let target: SnippetTarget;
beforeAll(async () => {
  // Credentials that need quoting in a shell, and a zone other than UTC, as a sandbox may be set up.
  sandbox = await startSandbox({
    port: 0,
    users: [{ username: 'qa user', password: `it's "secret" $HOME` }],
    apiKeys: ['ak_\'q"$x'],
    timeZone: 'Asia/Kolkata',
  });
  const info = sandbox.info();
  target = {
    url: sandbox.url,
    username: info.demoUsername,
    password: info.demoPassword,
    apiKey: info.demoApiKey,
    serviceIdField: info.serviceIdField,
    timeZone: info.timeZone,
    createdAt: '2026-11-24 14:30:00',
  };
});
afterAll(() => sandbox?.close());

/** Runs a script in sh, with no EVENTDESK_* variable of the test's own; resolves with its exit code and output. */
function runShell(script: string, cwd: string, variables: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('EVENTDESK_')));
  const child = spawn('sh', ['-c', script], { cwd, env: { ...inherited, ...variables }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (part: string) => (stdout += part));
  child.stderr.setEncoding('utf8').on('data', (part: string) => (stderr += part));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const received = () => sandbox.traffic().map((record) => `${record.path} ${record.response?.status}`);

describe('the curl snippet', () => {
  it.runIf(hasCurl)('logs in and delivers its event when run as written, with real curl', async () => {
    sandbox.clearTraffic();
    const run = await runShell(curlSnippet(target), os.tmpdir());
    expect(run).toMatchObject({ code: 0, stdout: '{"accepted":1}', stderr: '' });
    expect(received()).toEqual(['/user/events 202', '/oauth2/login 200']);
    expect(sandbox.traffic()[0]!.body.text).toContain('"created_at":"2026-11-24 14:30:00"');
  });

  it.skipIf(hasCurl)('makes the requests it shows (no curl here: each read from the snippet and sent with fetch)', async () => {
    sandbox.clearTraffic();
    const text = curlSnippet(target);
    const baseUrl = /^BASE_URL=(.*)$/m.exec(text)![1]!.replace(/^'|'$/g, '');
    const commands = text
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .flatMap((line) => /(?:^|\$\()(curl .*?)(?:\s+\| sed .*)?$/.exec(line)?.[1] ?? []);
    const [login, send] = commands.map((command) => parseCurl(command.replaceAll('$BASE_URL', baseUrl)));
    if (!login?.ok || !send?.ok) throw new Error(`the snippet's commands do not read as curl: ${JSON.stringify(commands)}`);
    const answer = await fetch(login.request.url, { method: login.request.method, headers: login.request.headers, body: login.request.body });
    const { access_token: token } = (await answer.json()) as { access_token: string };
    const headers = Object.fromEntries(Object.entries(send.request.headers).map(([name, value]) => [name, value.replace('$TOKEN', token)]));
    const sent = await fetch(send.request.url, { method: send.request.method, headers, body: send.request.body });
    expect(await sent.text()).toBe('{"accepted":1}');
    expect(received()).toEqual(['/user/events 202', '/oauth2/login 200']);
  });
});

describe('the command-line snippet', () => {
  it('logs in and sends with eventdesk, its credentials from the variables it exports', async () => {
    sandbox.clearTraffic();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-snippet-'));
    await writeFile(
      path.join(folder, 'batch.json'),
      JSON.stringify([
        {
          token: 'signup',
          attributes: { plan: 'pro' },
          created_at: '2026-11-24 14:30:00',
          svc_id: 1,
          device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
          customer_id: 'cust-1',
        },
      ]),
    );
    // `eventdesk` as installed; its history goes to a folder of this test's own.
    const script = `eventdesk() { "$NODE" "$CLI" "$@"; }\n${cliSnippet(target)}`;
    const run = await runShell(script, folder, { NODE: process.execPath, CLI: cli, EVENTDESK_DATA_DIR: path.join(folder, 'data') });
    expect(run.code, run.stderr).toBe(0);
    expect(received()).toEqual(['/user/events 202', '/oauth2/login 200', '/oauth2/login 200']);
  }, 30_000);
});

describe("the guide's snippets (docs/guide/sandbox.md)", () => {
  it('are the ones the Sandbox tab shows for the default sandbox', async () => {
    const guide = await readFile(path.resolve(import.meta.dirname, '../../../docs/guide/sandbox.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## Pointing an SDK at the sandbox'));
    const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].slice(0, 2).map((match) => match[1]);
    const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;
    const shown = {
      url: `http://127.0.0.1:${DEFAULT_SANDBOX_PORT}`,
      username,
      password,
      apiKey,
      serviceIdField: 'svc_id',
      timeZone: 'UTC',
      createdAt: '2026-11-24 09:30:00',
    };
    expect(blocks).toEqual([curlSnippet(shown), cliSnippet(shown)]);
  });
});
