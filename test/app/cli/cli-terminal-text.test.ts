import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CliIo } from '../../../app/cli/shared/command.ts';
import { captureCommand } from '../../../app/cli/capture/capture.ts';
import { historyCommand } from '../../../app/cli/history/history.ts';
import { initCommand } from '../../../app/cli/init/init.ts';
import { loginCommand } from '../../../app/cli/login/login.ts';
import { planCommand } from '../../../app/cli/plan/plan.ts';
import { runCommand } from '../../../app/cli/run/run.ts';
import { sandboxCommand } from '../../../app/cli/sandbox/sandbox.ts';
import { sendCommand } from '../../../app/cli/send/send.ts';
import { transformCommand } from '../../../app/cli/transform/transform.ts';
import { validateCommand } from '../../../app/cli/validate/validate.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { ACTED_ON, HOSTILE_FILE_NAME, HOSTILE_TEXT } from '../../fixtures/hostile/terminal.ts';
import { junitSchemaErrors } from '../../features/runs/reports/junit-schema.ts';

/**
 * Every command prints untrusted text (file and scenario names, step labels, server answers)
 * with nothing a terminal would act on (issue 29, item 10): each is given HOSTILE_TEXT where it
 * prints it back, and what it printed holds U+FFFD in its place.
 */

let folder: string;
let sandbox: SandboxServer;
let hostileServer: Server;
let hostileUrl: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-terminal-'));
  sandbox = await startSandbox({ port: 0 });
  // A server whose every answer is a refusal that carries the hostile text.
  hostileServer = createServer((request, response) => {
    request.resume();
    response.writeHead(401, { 'Content-Type': 'text/plain' }).end(HOSTILE_TEXT);
  });
  await new Promise<void>((resolve) => hostileServer.listen(0, '127.0.0.1', resolve));
  hostileUrl = `http://127.0.0.1:${(hostileServer.address() as AddressInfo).port}`;
  vi.stubEnv('EVENTDESK_DATA_DIR', path.join(folder, 'data'));
  vi.stubEnv('EVENTDESK_USERNAME', SANDBOX_DEMO_CREDENTIALS.username);
  vi.stubEnv('EVENTDESK_PASSWORD', SANDBOX_DEMO_CREDENTIALS.password);
  vi.stubEnv('EVENTDESK_API_KEY', SANDBOX_DEMO_CREDENTIALS.apiKey);
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await sandbox?.close();
  await new Promise((resolve) => hostileServer?.close(resolve));
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function printed(command: (args: string[], io: CliIo) => Promise<number>, args: string[]): Promise<string> {
  let text = '';
  const io: CliIo = { stdout: (chunk) => (text += chunk), stderr: (chunk) => (text += chunk) };
  await command(args, io);
  return text;
}

function expectSafe(text: string): void {
  expect(text).not.toMatch(ACTED_ON);
  expect(text).toContain('\uFFFD');
}

describe('what each command prints holds nothing a terminal acts on', () => {
  it('validate, send, transform, plan check and sandbox, naming a file', async () => {
    const file = path.join(folder, `${HOSTILE_FILE_NAME}.json`);
    expectSafe(await printed(validateCommand, [file]));
    expectSafe(await printed(sendCommand, ['--base-url', sandbox.url, file]));
    expectSafe(await printed(transformCommand, [file]));
    expectSafe(await printed(planCommand, ['check', file]));
    expectSafe(await printed(sandboxCommand, ['--plan', file, '--port', '0']));
    await writeFile(file, `[{"token": ${JSON.stringify(HOSTILE_TEXT)}}]`);
    expectSafe(await printed(validateCommand, [file]));
  }, 30_000);

  it('init, history and capture, naming a folder', async () => {
    const hostileFolder = path.join(folder, HOSTILE_FILE_NAME);
    expectSafe(await printed(initCommand, [hostileFolder]));
    expectSafe(await printed(historyCommand, ['--data', hostileFolder]));
    expectSafe(await printed(captureCommand, ['list', '--data', hostileFolder]));
  }, 30_000);

  it("login, showing a server's answer", async () => {
    const text = await printed(loginCommand, ['--base-url', hostileUrl, '--verbose']);
    expectSafe(text);
    expect(text).toContain('x\uFFFD]52;c;');
  }, 30_000);

  it('run, in its progress, its text report and report.txt; JUnit and JSON reports escaped so that they read back as they were', async () => {
    const root = path.join(folder, 'workspace');
    await initCommand([root], { stdout: () => undefined, stderr: () => undefined });
    const environment = path.join(root, 'environments', 'sandbox.env.json');
    await writeFile(environment, (await readFile(environment, 'utf8')).replace('http://127.0.0.1:4797', sandbox.url));
    await mkdir(path.join(root, 'scenarios', HOSTILE_FILE_NAME));
    const scenario = {
      format: 'eventdesk.scenario',
      version: 1,
      name: HOSTILE_TEXT,
      steps: [{ name: HOSTILE_TEXT, send: 'batches/purchase.json', expect: { accepted: 4 } }],
    };
    await writeFile(path.join(root, 'scenarios', HOSTILE_FILE_NAME, 'hostile.scenario.json'), JSON.stringify(scenario));
    const out = path.join(folder, 'reports');
    const text = await printed((args, io) => runCommand(args, io), [root, '--reporter', 'text,junit,json', '--out', out]);
    expectSafe(text);
    expect(text).toContain('red\uFFFD2J\uFFFDover');
    expectSafe(await readFile(path.join(out, 'report.txt'), 'utf8'));
    const junit = await readFile(path.join(out, 'junit.xml'), 'utf8');
    expect(junit).not.toMatch(ACTED_ON);
    expect(await junitSchemaErrors(junit)).toEqual([]);
    const json = await readFile(path.join(out, 'report.json'), 'utf8');
    expect(json).not.toMatch(ACTED_ON);
    expect((JSON.parse(json) as { scenarios: { file: string }[] }).scenarios.map((each) => each.file)).toContain(
      `scenarios/${HOSTILE_FILE_NAME}/hostile.scenario.json`,
    );
  }, 60_000);
});
