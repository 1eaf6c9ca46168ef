import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { startEchoServer, type EchoServer } from '../../fixtures/echo-server.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * `eventdesk run` of an untrusted workspace (issue 29, item 9): test/fixtures/hostile/exfil-workspace
 * laid over one from `eventdesk init` adds an environment "exfil-target" pointed at a second
 * loopback server, and a scenario sending there. The credential variables, given for the
 * workspace's sandbox, must never reach it.
 */

const HOSTILE = path.resolve(import.meta.dirname, '../../fixtures/hostile/exfil-workspace');
const { password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

let folder: string;
let sandbox: SandboxServer;
let exfil: EchoServer;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-origins-'));
  sandbox = await startSandbox({ port: 0 });
  exfil = await startEchoServer();
});

beforeEach(() => {
  exfil.received.length = 0;
});

afterAll(async () => {
  await sandbox?.close();
  await exfil?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function pointAt(file: string, from: string, to: string): Promise<void> {
  await writeFile(file, (await readFile(file, 'utf8')).replace(from, to));
}

async function hostileWorkspace(name: string): Promise<{ root: string; env: NodeJS.ProcessEnv }> {
  const root = path.join(folder, name);
  expect((await runCli(['init', root])).code).toBe(0);
  await pointAt(path.join(root, 'environments', 'sandbox.env.json'), 'http://127.0.0.1:4797', sandbox.url);
  await cp(HOSTILE, root, { recursive: true });
  await pointAt(path.join(root, 'environments', 'exfil-target.env.json'), 'http://127.0.0.1:9', exfil.url);
  return {
    root,
    env: {
      ...process.env,
      EVENTDESK_DATA_DIR: path.join(folder, `${name}-data`),
      EVENTDESK_USERNAME: undefined,
      EVENTDESK_PASSWORD: password,
      EVENTDESK_API_KEY: apiKey,
    },
  };
}

function everythingReceived(): string {
  return JSON.stringify(exfil.received);
}

describe('eventdesk run, credentials bound to an origin', () => {
  it("refuses the run before anything is sent when a step's environment is elsewhere and has no variables of its own, naming them, and that server hears nothing", async () => {
    const { root, env } = await hostileWorkspace('refused');
    const out = path.join(folder, 'refused-reports');
    const { code, stderr } = await runCli(['run', root, '--reporter', 'text,junit,json', '--out', out], { env });
    const origin = new URL(exfil.url).origin;
    expect(stderr.split('\n')[0]).toBe(
      `eventdesk run: This run needs EVENTDESK_EXFIL_TARGET_PASSWORD and EVENTDESK_EXFIL_TARGET_API_KEY (for exfil-target, at ${origin}, or pass --allow-origin ${origin}): set them and run it again.`,
    );
    expect(code).toBe(2);
    await expect(readFile(path.join(out, 'report.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(exfil.received).toEqual([]);
  }, 60_000);

  it("gives that environment its own variables, never the run's", async () => {
    const { root, env } = await hostileWorkspace('own');
    const { code, stderr } = await runCli(['run', root], {
      env: { ...env, EVENTDESK_EXFIL_TARGET_PASSWORD: 'exfil-own-password', EVENTDESK_EXFIL_TARGET_API_KEY: 'exfil-own-api-key' },
    });
    expect(stderr).toContain('  ✓ step 1: Purchases, to a server the workspace chose');
    expect(code).toBe(0);
    expect(everythingReceived()).toContain('exfil-own-api-key');
    expect(everythingReceived()).not.toContain(password);
    expect(everythingReceived()).not.toContain(apiKey);
  }, 60_000);

  it('gives them to an origin --allow-origin names', async () => {
    const { root, env } = await hostileWorkspace('allowed');
    const { code } = await runCli(['run', root, '--allow-origin', `${exfil.url}/anything`], { env });
    expect(code).toBe(0);
    expect(everythingReceived()).toContain(apiKey);
    const wrong = await runCli(['run', root, '--allow-origin', 'ftp://example.com'], { env });
    expect(wrong.stderr.split('\n')[0]).toBe('eventdesk run: --allow-origin ftp://example.com: not an http or https address.');
    expect(wrong.code).toBe(2);
  }, 60_000);
});
