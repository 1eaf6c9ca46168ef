import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSandboxFlags } from '../../../../app/cli/sandbox/sandbox-flags.ts';
import { runCli } from '../../../../app/cli/main.ts';
import { NO_FAULTS } from '../../../../features/sandbox/common/sandbox.ts';
import { DEFAULT_SANDBOX_PORT } from '../../../../features/sandbox/common/sandbox-port.ts';
import { runSandbox } from './cli-process.ts';
import { answer, postJson, validEvent } from '../../../features/sandbox/sandbox-client.ts';

describe('eventdesk sandbox', () => {
  it('prints its URL and credentials, serves with the flags given, and stops cleanly on SIGTERM', async () => {
    const logFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-')), 'traffic.ndjson');
    const flags = ['--port', '0', '--user', 'qa', '--password', 'qa-password', '--api-key', 'qa-api-key-1234', '--time-zone', 'Asia/Kolkata'];
    const sandbox = await runSandbox([...flags, '--fail-sequence', '503,200', '--max-events', '2', '--log', logFile]);
    expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.output()).toContain('username   qa');
    expect(sandbox.output()).toContain('password   qa-password');
    expect(sandbox.output()).toContain('apiKey     qa-api-key-1234');

    const login = await postJson(`${sandbox.url}/oauth2/login`, { username: 'qa', password: 'qa-password' });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const headers = { apiKey: 'qa-api-key-1234', Authorization: `Bearer ${access_token}` };
    const send = (count: number) =>
      answer(
        postJson(
          `${sandbox.url}/user/events`,
          Array.from({ length: count }, () => validEvent()),
          headers,
        ),
      );
    expect((await send(1)).status).toBe(503);
    expect(await send(1)).toEqual({ status: 202, body: { accepted: 1 } });
    expect((await send(3)).status).toBe(413);

    sandbox.child.kill('SIGTERM');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    expect(sandbox.output()).toContain('Sandbox stopped (SIGTERM).');
    const logged = (await readFile(logFile, 'utf8')).trimEnd().split('\n');
    expect(logged).toHaveLength(4);
    expect(logged.join('\n')).not.toContain('qa-password');
  });

  it('stops cleanly on SIGINT', async () => {
    const sandbox = await runSandbox(['--port', '0']);
    sandbox.child.kill('SIGINT');
    expect(await sandbox.exited).toEqual({ code: 0, signal: null });
    expect(sandbox.output()).toContain('Sandbox stopped (SIGINT).');
  });

  it('reads every flag into the sandbox options', () => {
    const flags = readSandboxFlags([
      '--port', '8123', '--host', '0.0.0.0', '--user', 'qa', '--password', 'pw', '--api-key', 'k1',
      '--token-ttl', '30', '--time-zone', 'Europe/Berlin', '--max-body', '2048', '--body-buffer', '8192', '--max-connections', '16', '--max-events', '5',
      '--service-id-field', 'acme_id', '--lenient', '--latency', '250', '--fail-rate', '0.25', '--fail-status', 'reset',
      '--fail-sequence', '500, 429,reset,200', '--retry-after', '12', '--retry-after-date', '--log', 'traffic.ndjson', '--plan', 'shop.plan.json',
    ]); // prettier-ignore
    expect(flags).toMatchObject({
      ok: true,
      help: false,
      options: {
        port: 8123,
        host: '0.0.0.0',
        users: [{ username: 'qa', password: 'pw' }],
        apiKeys: ['k1'],
        tokenTtlSeconds: 30,
        timeZone: 'Europe/Berlin',
        maxBodyBytes: 2048,
        bodyBufferBytes: 8192,
        maxConnections: 16,
        serviceIdField: 'acme_id',
        mode: 'lenient',
        logFile: 'traffic.ndjson',
        planFile: 'shop.plan.json',
        faults: {
          latencyMs: 250,
          failRate: 0.25,
          failStatus: 'reset',
          failSequence: [500, 429, 'reset', 200],
          retryAfterSeconds: 12,
          retryAfterAsDate: true,
          maxEvents: 5,
        },
      },
    });
  });

  it('leaves what no flag sets at its default', () => {
    expect(readSandboxFlags([])).toMatchObject({
      ok: true,
      portNamed: false,
      options: {
        port: DEFAULT_SANDBOX_PORT,
        host: '127.0.0.1',
        users: [{ username: 'demo', password: 'demo-password' }],
        apiKeys: ['demo-api-key'],
        mode: 'strict',
        faults: NO_FAULTS,
      },
    });
    expect(readSandboxFlags(['--password', 'other'])).toMatchObject({ ok: true, options: { users: [{ username: 'demo', password: 'other' }] } });
  });

  it.each([
    [['--port', 'eighty'], '--port: "eighty": A port is a whole number from 1024 to 65535. Or 0 for any free port.'],
    [['--port', '70000'], '--port: "70000": A port is a whole number from 1024 to 65535. Or 0 for any free port.'],
    [['--port', '80'], '--port: "80": A port is a whole number from 1024 to 65535; below 1024 only privileged programs may listen. Or 0 for any free port.'],
    [['--fail-rate', '1.5'], '--fail-rate: 1.5 is more than 1. It is a fraction from 0 to 1: 0.015 fails 1.5 % of the requests.'],
    [['--fail-rate', '50'], '--fail-rate: 50 is more than 1. It is a fraction from 0 to 1: 0.5 fails 50 % of the requests.'],
    [['--fail-rate', 'half'], '--fail-rate: "half" is not a number from 0 to 1.'],
    [['--fail-status', '200'], '--fail-status: '],
    [['--fail-sequence', '500,,429'], '--fail-sequence: "" is not a whole number.'],
    [['--fail-sequence', '500,302'], '--fail-sequence: '],
    [['--time-zone', 'Mars/Olympus_Mons'], '--time-zone: Not a known IANA time zone.'],
    [['--token-ttl', '0'], '--token-ttl: Too small'],
    [['--max-body', '2048', '--body-buffer', '1024'], '--body-buffer: Must be at least the largest body taken (2048 bytes), or no such body could be read.'],
    [['--max-connections', '0'], '--max-connections: Too small'],
    [['--frobnicate'], 'unknown option --frobnicate.'],
    [['--port'], '--port needs a value.'],
    [['extra'], 'unexpected argument "extra": this command takes only flags.'],
  ])('refuses %j with exit code 2 and a clear message', async (args, message) => {
    let stdout = '';
    let stderr = '';
    const code = await runCli(['sandbox', ...args], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain(`eventdesk sandbox: ${message}`);
    expect(stderr).toContain('Run "eventdesk sandbox --help" for the flags.');
  });

  it('prints its flags on --help', async () => {
    let stdout = '';
    const code = await runCli(['sandbox', '--help'], { stdout: (text) => (stdout += text), stderr: () => undefined });
    expect(code).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--user',
      '--password',
      '--api-key',
      '--token-ttl',
      '--time-zone',
      '--max-body',
      '--body-buffer',
      '--max-connections',
      '--max-events',
      '--lenient',
      '--latency',
      '--fail-rate',
      '--fail-status',
      '--fail-sequence',
      '--retry-after',
      '--log',
      '--plan',
    ]) {
      expect(stdout).toContain(`${flag} `);
    }
  });

  it('is listed in the command line help', async () => {
    let stdout = '';
    await runCli(['--help'], { stdout: (text) => (stdout += text), stderr: () => undefined });
    expect(stdout).toMatch(/^ {2}sandbox +Run the reference ingestion server/m);
  });
});
