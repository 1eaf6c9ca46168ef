import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../app/cli/main.ts';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { formatDateTime, parseDateTime } from '../../../base/common/datetime.ts';
import { EXPORT_FORMAT } from '../../../features/environments/common/environment.ts';

const cli = path.resolve(import.meta.dirname, '../../../app/cli/bin.ts');

const USERNAME = 'qa-user';
const PASSWORD = 'correct horse battery staple';
const API_KEY = 'qa-api-key-5f1c2e9d';
const SERVER_ZONE = 'Asia/Kolkata';
const LOCAL_ZONE = 'America/New_York';
const TOKEN_TTL_SECONDS = 3600;
const CREDENTIALS = { EVENTDESK_USERNAME: USERNAME, EVENTDESK_PASSWORD: PASSWORD, EVENTDESK_API_KEY: API_KEY };

/** A run of 32 or more base64url characters: what a token looks like (the sandbox's are 64). */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/;

let sandbox: SandboxServer;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    users: [{ username: USERNAME, password: PASSWORD }],
    apiKeys: [API_KEY],
    timeZone: SERVER_ZONE,
    tokenTtlSeconds: TOKEN_TTL_SECONDS,
  });
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-login-'));
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `eventdesk login` as its own process, with the EVENTDESK_* variables given here and no
 * others, in a fixed local zone. Every run is checked for leaked secrets.
 */
async function runLogin(args: string[], variables: Record<string, string | undefined> = CREDENTIALS): Promise<Run> {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('EVENTDESK_'));
  const given = Object.entries(variables).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const child = spawn(process.execPath, [cli, 'login', ...args], {
    env: { ...Object.fromEntries(inherited), TZ: LOCAL_ZONE, ...Object.fromEntries(given) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => child.once('error', reject).once('close', resolve));
  for (const output of [stdout, stderr]) {
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(API_KEY);
    expect(output).not.toMatch(TOKEN_LIKE);
  }
  return { code, stdout, stderr };
}

async function exportFile(name: string, environments: Record<string, unknown>[]): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, JSON.stringify({ format: EXPORT_FORMAT, version: 1, environments }, null, 2));
  return file;
}

function expectAbout(actual: Date, expected: Date, toleranceMs = 15_000): void {
  expect(Math.abs(actual.getTime() - expected.getTime())).toBeLessThan(toleranceMs);
}

function inAnHour(): Date {
  return new Date(Date.now() + TOKEN_TTL_SECONDS * 1000);
}

describe('eventdesk login', () => {
  it('would notice a token in its output: the sandbox issues token-like strings', async () => {
    const response = await fetch(`${sandbox.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
    });
    const body = (await response.json()) as { access_token: string; refresh_token: string };
    expect(body.access_token).toMatch(TOKEN_LIKE);
    expect(body.refresh_token).toMatch(TOKEN_LIKE);
  });

  it('logs in with --base-url and shows who, where, and the expiry in local and server time', async () => {
    const { code, stdout, stderr } = await runLogin(['--base-url', sandbox.url, '--time-zone', SERVER_ZONE]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`Logged in to ${sandbox.url} as ${USERNAME}.`);
    expect(stdout).toContain(`read as a date-time in ${SERVER_ZONE}`);

    const serverText = new RegExp(String.raw`server time  (\S+ \S+) \(${SERVER_ZONE}\)`).exec(stdout)?.[1];
    const localText = new RegExp(String.raw`expires      (\S+ \S+) local time \(${LOCAL_ZONE}\)`).exec(stdout)?.[1];
    const server = parseDateTime(serverText ?? '', SERVER_ZONE);
    const local = parseDateTime(localText ?? '', LOCAL_ZONE);
    if (!server.ok || !local.ok) throw new Error(`No expiry in local and server time in:\n${stdout}`);
    expectAbout(server.value, inAnHour());
    expect(local.value).toEqual(server.value);
    expect(stdout).toMatch(/, in 59 min|, in 1 h 0 min/);
  });

  it('prints who, where and until when as JSON with --json, never a token', async () => {
    const { code, stdout } = await runLogin(['--base-url', `${sandbox.url}/`, '--time-zone', SERVER_ZONE, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, string>;
    expect(Object.keys(report).sort()).toEqual(['baseUrl', 'expiresAt', 'expiresReadAs', 'serverExpiry', 'timeZone', 'username']);
    expect(report).toMatchObject({ baseUrl: sandbox.url, username: USERNAME, timeZone: SERVER_ZONE, expiresReadAs: 'date-time' });
    expectAbout(new Date(report.expiresAt!), inAnHour());
    expect(report.serverExpiry).toBe(formatDateTime(new Date(report.expiresAt!), SERVER_ZONE));
  });

  it('reads expires_in in UTC when no zone is given, so a server in another zone shows up as a shifted expiry', async () => {
    const { code, stdout } = await runLogin(['--base-url', sandbox.url, '--json']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, string>;
    expect(report.timeZone).toBe('UTC');
    // Kolkata is UTC+05:30: its wall clock read as UTC lands five and a half hours late.
    expectAbout(new Date(report.expiresAt!), new Date(inAnHour().getTime() + 5.5 * 3_600_000));
  });

  it('logs in with --env FILE, taking the base URL, username and zone from the chosen environment', async () => {
    const file = await exportFile('two.json', [
      { name: 'Staging', baseUrl: 'https://staging.example.com', username: 'someone-else' },
      { name: 'Loopback', baseUrl: sandbox.url, username: USERNAME, timeZone: SERVER_ZONE, requestTimeoutMs: 5000 },
    ]);
    const withoutUsername = { ...CREDENTIALS, EVENTDESK_USERNAME: undefined };
    const chosen = await runLogin(['--env', file, '--env-name', 'loopback', '--json'], withoutUsername);
    expect(chosen.stderr).toBe('');
    expect(chosen.code).toBe(0);
    expect(JSON.parse(chosen.stdout)).toMatchObject({ baseUrl: sandbox.url, username: USERNAME, timeZone: SERVER_ZONE });
    expectAbout(new Date((JSON.parse(chosen.stdout) as { expiresAt: string }).expiresAt), inAnHour());

    const [unchosen, unknown] = await Promise.all([
      runLogin(['--env', file], withoutUsername),
      runLogin(['--env', file, '--env-name', 'Production'], withoutUsername),
    ]);
    expect(unchosen.code).toBe(2);
    expect(unchosen.stderr).toContain('holds 2 environments; pick one with --env-name: "Staging", "Loopback"');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('has no environment called "Production". It holds "Staging", "Loopback"');

    const single = await exportFile('one.json', [{ name: 'Loopback', baseUrl: sandbox.url }]);
    const only = await runLogin(['--env', single, '--time-zone', SERVER_ZONE]);
    expect(only.code).toBe(0);
    expect(only.stdout).toContain(`Logged in to ${sandbox.url} as ${USERNAME}.`);
  });

  it('reports every problem of an environment file at once, each by its field, and never calls the server', async () => {
    const before = sandbox.traffic().length;
    const file = await exportFile('broken.json', [{ name: 'Broken', baseUrl: 'api.example.com', timeZone: 'Mars/Olympus_Mons', chunkSize: 0 }]);
    const notJson = path.join(folder, 'not.json');
    await writeFile(notJson, '{ "format": ');
    const foreign = path.join(folder, 'foreign.json');
    await writeFile(foreign, JSON.stringify({ format: 'postman.environment', values: [] }));
    const [broken, garbled, other, missing] = await Promise.all([
      runLogin(['--env', file]),
      runLogin(['--env', notJson]),
      runLogin(['--env', foreign]),
      runLogin(['--env', path.join(folder, 'absent.json')]),
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('3 problems:');
    expect(broken.stderr).toContain(`${file}, environment "Broken", baseUrl: Add http:// or https:// in front`);
    expect(broken.stderr).toContain(`${file}, environment "Broken", timeZone: "Mars/Olympus_Mons" is not a time zone`);
    expect(broken.stderr).toContain(`${file}, environment "Broken", chunkSize: The chunk size must be from 1`);
    expect(garbled).toMatchObject({ code: 2, stderr: expect.stringContaining(`${notJson} is not JSON`) });
    expect(other).toMatchObject({ code: 2, stderr: expect.stringContaining(`${foreign} is not an EventDesk environment export`) });
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining(`--env: cannot read ${path.join(folder, 'absent.json')}: no such file.\n`) });
    expect(sandbox.traffic().length).toBe(before);
  });

  it('exits 1 with a clear message on a wrong password, and shows the server answer only with --verbose', async () => {
    const wrong = { ...CREDENTIALS, EVENTDESK_PASSWORD: 'not-the-password' };
    const [plain, verbose] = await Promise.all([runLogin(['--base-url', sandbox.url], wrong), runLogin(['--base-url', sandbox.url, '--verbose'], wrong)]);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toBe('');
    expect(plain.stderr).toBe('eventdesk login: The server refused the username or password (HTTP 401).\nRun again with --verbose for the details.\n');
    expect(verbose.code).toBe(1);
    expect(verbose.stderr).toContain('HTTP 401 Unauthorized');
    expect(verbose.stderr).toContain('"invalid-credentials"');
    expect(verbose.stderr).not.toContain('not-the-password');
  });

  it('exits 1 and says so when nothing listens at the address', async () => {
    const closed = await startSandbox({ port: 0 });
    await closed.close();
    const { code, stderr } = await runLogin(['--base-url', closed.url, '--timeout', '5000']);
    expect(code).toBe(1);
    expect(stderr).toContain('Nothing is listening at');
  });

  it('exits 2 naming each missing or malformed credential variable, before any request', async () => {
    const before = sandbox.traffic().length;
    const [noPassword, none, spacedKey, brokenPassword] = await Promise.all([
      runLogin(['--base-url', sandbox.url], { ...CREDENTIALS, EVENTDESK_PASSWORD: undefined }),
      runLogin(['--base-url', sandbox.url], {}),
      runLogin(['--base-url', sandbox.url], { ...CREDENTIALS, EVENTDESK_API_KEY: `${API_KEY} ` }),
      runLogin(['--base-url', sandbox.url], { ...CREDENTIALS, EVENTDESK_PASSWORD: `${PASSWORD}\n` }),
    ]);
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain('EVENTDESK_PASSWORD is not set');
    expect(noPassword.stderr).not.toContain('EVENTDESK_API_KEY');
    expect(none.code).toBe(2);
    for (const variable of ['EVENTDESK_USERNAME', 'EVENTDESK_PASSWORD', 'EVENTDESK_API_KEY']) expect(none.stderr).toContain(`${variable} is not set`);
    expect(spacedKey).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('EVENTDESK_API_KEY: The API key has spaces or line breaks at its start or end.'),
    });
    expect(brokenPassword).toMatchObject({ code: 2, stderr: expect.stringContaining('EVENTDESK_PASSWORD: The password contains a line break.') });
    expect(sandbox.traffic().length).toBe(before);
  });

  it('exits 2 unless exactly one of --env and --base-url is given', async () => {
    const file = await exportFile('any.json', [{ name: 'Loopback', baseUrl: sandbox.url }]);
    const [neither, both, nameAlone] = await Promise.all([
      runLogin([]),
      runLogin(['--env', file, '--base-url', sandbox.url]),
      runLogin(['--base-url', sandbox.url, '--env-name', 'Loopback']),
    ]);
    expect(neither).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Say where to connect: --env ENV or --base-url URL.') });
    expect(both).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('Give --env or --base-url, not both.') });
    expect(nameAlone).toMatchObject({ code: 2, stderr: expect.stringContaining('--env-name picks an environment of an --env file') });
    expect(neither.stderr).toContain('Run "eventdesk login --help" for the flags.');
  });

  it('exits 2 on a bad --time-zone, --timeout, --base-url or an unknown flag', async () => {
    const [zone, timeout, tooShort, address, unknown] = await Promise.all([
      runLogin(['--base-url', sandbox.url, '--time-zone', 'Mars/Olympus_Mons']),
      runLogin(['--base-url', sandbox.url, '--timeout', 'soon']),
      runLogin(['--base-url', sandbox.url, '--timeout', '5']),
      runLogin(['--base-url', 'ftp://files.example.com']),
      runLogin(['--base-url', sandbox.url, '--password', PASSWORD]),
    ]);
    expect(zone).toMatchObject({ code: 2, stderr: expect.stringContaining('--time-zone: "Mars/Olympus_Mons" is not a time zone.') });
    expect(timeout).toMatchObject({ code: 2, stderr: expect.stringContaining('--timeout: "soon" is not a whole number.') });
    expect(tooShort).toMatchObject({ code: 2, stderr: expect.stringContaining('--timeout: The request timeout must be from 1,000 to 600,000.') });
    expect(address).toMatchObject({ code: 2, stderr: expect.stringContaining('--base-url: Only http:// and https:// addresses work here, not ftp://.') });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('unknown option --password.') });
  });

  it('masks a secret pasted into the wrong flag, though the message would echo it', async () => {
    const { code, stderr } = await runLogin(['--base-url', API_KEY]);
    expect(code).toBe(2);
    expect(stderr).toContain('--base-url: Add http:// or https:// in front, for example https://••••.');
  });

  it('is listed in the help and prints its own flags and variables', async () => {
    let help = '';
    await runCli(['--help'], { stdout: (text) => (help += text), stderr: () => undefined });
    expect(help).toMatch(/^ {2}login {7}\S/m);
    const { code, stdout } = await runLogin(['--help'], {});
    expect(code).toBe(0);
    for (const text of [
      '--env ENV',
      '--env-name NAME',
      '--base-url URL',
      '--time-zone ZONE',
      '--timeout MS',
      '--json',
      '--verbose',
      'EVENTDESK_USERNAME',
      'EVENTDESK_PASSWORD',
      'EVENTDESK_API_KEY',
    ]) {
      expect(stdout).toContain(text);
    }
  });
});
