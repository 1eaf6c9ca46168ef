import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harProblems } from '../../../features/formats/common/har-spec.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { runSandbox } from './sandbox/cli-process.ts';
import { useSandbox, validEvent } from '../../features/sandbox/sandbox-client.ts';
import { cutShortCapture } from '../../features/capture/capture-damage.ts';
import { dataFolder } from '../../features/capture/capture-support.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

/** `eventdesk sandbox --capture` and `eventdesk capture`, spawned as a user runs them, on a real capture.sqlite. */

const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

function capture(args: string[]): Promise<CliRun> {
  return runCli(['capture', ...args], { timeout: 20_000 });
}

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

/** An SDK's session against a `sandbox --capture` process: some requests taken, one forced to fail, one refused, one with a bad token. */
async function captureSession(folder: string): Promise<{ sent: Record<string, unknown>[][]; statuses: number[]; token: string }> {
  const sandbox = await runSandbox(['--capture', '--data', folder, '--fail-sequence', '200,500']);
  expect(sandbox.output()).toContain(
    `  capture    every request and its events, masked, kept in ${path.join(folder, 'capture.sqlite')} (eventdesk capture list)`,
  );
  const login = await fetch(`${sandbox.url}/oauth2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { apiKey, Authorization: `Bearer ${token}` };
  const sent = [
    [
      validEvent({ token: 'first', customer_id: 'cust-1' }),
      validEvent({ token: 'first', customer_id: 'cust-2' }),
      validEvent({ token: 'first', customer_id: 'cust-3' }),
    ],
    [validEvent({ token: 'forced', customer_id: 'cust-4' })],
    [validEvent({ token: 'broken', svc_id: 'seven' })],
    [validEvent({ token: 'last', customer_id: 'cust-5' }), validEvent({ token: 'last', customer_id: 'cust-6' })],
  ];
  const statuses: number[] = [];
  for (const events of sent) statuses.push(await post(`${sandbox.url}/user/events`, events, headers));
  statuses.push(await post(`${sandbox.url}/user/events`, sent[0], { apiKey, Authorization: 'Bearer not-ours' }));
  sandbox.child.kill('SIGTERM');
  expect((await sandbox.exited).code).toBe(0);
  return { sent, statuses, token };
}

describe('eventdesk capture on what eventdesk sandbox --capture kept', () => {
  let folder: string;
  let session: Awaited<ReturnType<typeof captureSession>>;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-capture-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  // The tests below read what this one captured, in order.
  it('captures an SDK session: some requests taken, one forced to fail, one refused, one with a bad token', async () => {
    session = await captureSession(folder);
    expect(session.statuses).toEqual([202, 500, 422, 202, 401]);
  });

  it('lists the requests newest first, with their status, events and reason', async () => {
    const list = await capture(['list', '--data', folder]);
    expect(list.code).toBe(0);
    const rows = list.stdout
      .split('\n')
      .slice(1, 7)
      .map((line) => line.split(/\s{2,}/));
    expect(rows.map((row) => [row[0], row[2], row[3], row[4]])).toEqual([
      ['6', '401', 'POST /user/events', '0'],
      ['5', '202', 'POST /user/events', '2'],
      ['4', '422', 'POST /user/events', '1'],
      ['3', '500', 'POST /user/events', '1'],
      ['2', '202', 'POST /user/events', '3'],
      ['1', '200', 'POST /oauth2/login', '0'],
    ]);
    expect(rows.map((row) => row[5])).toEqual([
      'bad token',
      'accepted 2 events',
      'invalid-events: 1 problem',
      'internal-server-error',
      'accepted 3 events',
      'logged in',
    ]);
    expect(list.stdout).toContain(`6 requests (7 events, `);
    const limited = await capture(['list', '--limit', '2', '--data', folder]);
    expect(limited.stdout.split('\n').filter((line) => /^\d+ /.test(line))).toHaveLength(2);
    expect(limited.stdout).toContain('The newest 2 of 6 requests');
  });

  it('lists only the requests holding an event --where or --verdict picks, newest first, saying how many do', async () => {
    const refused = await capture(['list', '--verdict', 'refused', '--data', folder]);
    expect(refused.code).toBe(0);
    const ids = (text: string) =>
      text
        .split('\n')
        .filter((line) => /^\d+\s{2,}/.test(line))
        .map((line) => line.split(/\s{2,}/)[0]);
    // The request refused for its token kept no events: its body was not read.
    expect(ids(refused.stdout)).toEqual(['4', '3']);
    expect(refused.stdout).toContain('2 of 6 requests (7 events, ');
    expect(refused.stdout).toMatch(/ hold a matching event\.\n/);
    const one = await capture(['list', '--where', 'customer_id = cust-5', '--limit', '1', '--data', folder]);
    expect(ids(one.stdout)).toEqual(['5']);
    expect(one.stdout).toMatch(/1 of 6 requests .* holds a matching event\.\n/);
    const wrong = await capture(['list', '--where', 'customer_id =', '--data', folder]);
    expect(wrong.code).toBe(2);
  });

  it('shows one request with each event and its verdict, secrets masked', async () => {
    const show = await capture(['show', '4', '--data', folder]);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('  status    422  invalid-events: 1 problem');
    expect(show.stdout).toContain('  event 1  refused  token broken  customer_id customer-1');
    expect(show.stdout).toContain('    svc_id: Must be an integer, not a string.');
    expect(show.stdout).toContain('    authorization: Bearer ••••');
    expect((await capture(['show', '3', '--data', folder])).stdout).toContain('1 event, 0 accepted, 1 refused:');
  });

  it('exports the events matching --where as NDJSON, which eventdesk send delivers to another sandbox', async () => {
    const out = path.join(folder, 'captured.ndjson');
    const exported = await capture(['export', '--format', 'ndjson', '--where', 'token != broken', '--out', out, '--data', folder]);
    expect(exported).toEqual({ code: 0, stdout: '', stderr: 'eventdesk capture: 6 of 7 events written as ndjson.\n' });
    const lines = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const { sent } = session;
    expect(lines).toEqual([...sent[0]!, ...sent[1]!, ...sent[3]!]);
    const upstream = await useSandbox({ port: 0 });
    const env = { ...process.env, EVENTDESK_USERNAME: username, EVENTDESK_PASSWORD: password, EVENTDESK_API_KEY: apiKey };
    const delivered = await runCli(['send', out, '--base-url', upstream.url, '--data', path.join(folder, 'sender')], { env, timeout: 30_000 });
    expect(delivered.code).toBe(0);
    const received = upstream.traffic().filter((record) => record.path === '/user/events' && record.response?.status === 202);
    expect(received.flatMap((record) => JSON.parse(record.body.text) as unknown[])).toEqual(lines);
    expect(await capture(['export', '--where', 'token = nobody', '--data', folder])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'eventdesk capture: none of the 7 events captured matches; nothing written.\n',
    });
  });

  it('exports every event as JSON, and the requests as valid HAR 1.2 without a secret', async () => {
    const json = await capture(['export', '--data', folder]);
    expect(JSON.parse(json.stdout)).toEqual(session.sent.flat());

    const har = await capture(['export', '--format', 'har', '--data', folder]);
    expect(har.code).toBe(0);
    const parsed = JSON.parse(har.stdout) as { log: { entries: { request: { url: string; postData?: { text: string } }; response: { status: number } }[] } };
    expect(harProblems(parsed)).toEqual([]);
    expect(parsed.log.entries.map((entry) => entry.response.status)).toEqual([200, 202, 500, 422, 202, 401]);
    expect(parsed.log.entries[0]!.request.postData!.text).toBe(JSON.stringify({ username, password: '••••' }));
    expect(parsed.log.entries[1]!.request.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/user\/events$/);
    for (const secret of [session.token, apiKey, password]) expect(har.stdout).not.toContain(secret);
    const harWhere = await capture(['export', '--format', 'har', '--where', 'token = broken', '--data', folder]);
    expect((JSON.parse(harWhere.stdout) as typeof parsed).log.entries.map((entry) => entry.response.status)).toEqual([422]);

    // Nothing secret in any file the capture wrote.
    const bytes = (await Promise.all((await readdir(folder)).filter((name) => name.startsWith('capture.')).map((name) => readFile(path.join(folder, name)))))
      .map((data) => data.toString('latin1'))
      .join('');
    for (const secret of [session.token, apiKey, password]) expect(bytes).not.toContain(secret);
  });

  it('clears, saying how much went', async () => {
    expect(await capture(['clear', '--data', folder])).toEqual({
      code: 0,
      stdout: `Cleared 6 requests (7 events) from ${path.join(folder, 'capture.sqlite')}.\n`,
      stderr: '',
    });
    expect((await capture(['list', '--data', folder])).stdout).toBe(`0 requests (0 events, 0 B) in ${path.join(folder, 'capture.sqlite')}.\n`);
  });
});

describe('eventdesk capture, called wrong', () => {
  const wrong = async (folder: string, args: string[], message: string) => {
    const run = await capture([...args, '--data', folder]);
    expect(run).toEqual({ code: 2, stdout: '', stderr: `eventdesk capture: ${message}\nRun "eventdesk capture --help" for the flags.\n` });
  };

  it('says in one line what is wrong with a call, with exit code 2', async () => {
    const folder = await dataFolder();
    await wrong(folder, [], 'say what to do: list, show, export, clear.');
    await wrong(folder, ['frob'], 'unknown action "frob": it is one of list, show, export, clear.');
    await wrong(folder, ['show'], 'show needs the id of a request, as "capture list" prints it.');
    await wrong(folder, ['show', 'x'], 'show: "x" is not a whole number.');
    await wrong(folder, ['list', '--limit', '0'], '--limit: 0 is not from 1 to 100000.');
    await wrong(folder, ['show', '3', '--where', 'token = a'], '--where is not a flag of "capture show".');
    await wrong(folder, ['export', '--format', 'xml'], '--format: "xml" is not one of json, ndjson, har.');
    await wrong(folder, ['list', '--colour'], 'unknown option --colour.');
  });

  it("words a filter's mistakes as eventdesk transform does, and exits 1 for what is not there", async () => {
    const folder = await dataFolder();
    const batch = path.join(folder, 'batch.json');
    await writeFile(batch, JSON.stringify([validEvent()]));
    const transformed = await runCli(['transform', batch, '--where', 'custmer_id = 1'], { timeout: 20_000 });
    const reason = /^eventdesk transform: (.*)\n/.exec(transformed.stderr)![1]!;
    expect(reason).toMatch(/^--where, column 1: unknown field “custmer_id”/);
    const session = await runSandbox(['--capture', '--data', folder]);
    session.child.kill('SIGTERM');
    await session.exited;
    await wrong(folder, ['export', '--where', 'custmer_id = 1'], reason);

    const empty = await dataFolder();
    expect(await capture(['show', '1', '--data', empty])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`nothing is captured in ${empty} yet: run "eventdesk sandbox --capture --data ${empty}"`),
    });
    expect(await capture(['show', '9', '--data', folder])).toMatchObject({
      code: 1,
      stderr: `eventdesk capture: no captured request has the id 9 in ${path.join(folder, 'capture.sqlite')}; "eventdesk capture list" shows the ids.\n`,
    });
    expect(await capture(['export', '--data', folder])).toMatchObject({
      code: 1,
      stderr: `eventdesk capture: nothing is captured in ${path.join(folder, 'capture.sqlite')}; nothing written.\n`,
    });
    expect(await runCli(['sandbox', '--data', folder], { timeout: 20_000 })).toMatchObject({
      code: 2,
      stderr: 'eventdesk sandbox: --data says where --capture keeps the capture; there is no --capture.\nRun "eventdesk sandbox --help" for the flags.\n',
    });
  });
});

describe('eventdesk capture on a capture file it cannot read', () => {
  const filesIn = (folder: string) =>
    Object.fromEntries(
      readdirSync(folder)
        .filter((name) => !/-(wal|shm)$/.test(name))
        .map((name) => [name, readFileSync(path.join(folder, name))]),
    );

  it('says so in one line naming the file, exit 1, and moves or changes nothing', async () => {
    const folder = await dataFolder();
    const file = path.join(folder, 'capture.sqlite');
    await writeFile(file, 'not a database, '.repeat(500));
    const before = filesIn(folder);
    for (const args of [['list'], ['show', '1'], ['export']]) {
      const run = await capture([...args, '--data', folder]);
      expect(run).toMatchObject({ code: 1, stdout: '' });
      expect(run.stderr).toMatch(
        new RegExp(
          `^eventdesk capture: The capture file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged; nothing was changed in it\\. Move it away, or start "eventdesk sandbox --capture" \\(or the app\\), which sets it aside and starts a fresh capture\\. \\(.*file is not a database\\)\\n$`,
        ),
      );
    }
    expect(filesIn(folder)).toEqual(before);
  });

  it('finds a capture cut short: a read refuses it, and eventdesk sandbox --capture sets it aside, saying so, rather than write into it', async () => {
    const folder = await dataFolder();
    const file = cutShortCapture(await dataFolder(), folder);
    const listed = await capture(['list', '--data', folder]);
    expect(listed).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining(`The capture file ${file} is damaged; nothing was changed in it.`) });
    expect(listed.stderr).toContain('the file is cut short');

    const sandbox = await runSandbox(['--capture', '--data', folder]);
    sandbox.child.kill('SIGTERM');
    // Once (a fresh-clone run, session 18) it ended by a signal instead: which one, and what it printed, say why.
    expect(await sandbox.exited, sandbox.output()).toEqual({ code: 0, signal: null });
    expect(sandbox.stderr()).toMatch(
      /^eventdesk sandbox: The capture file could not be read, so it was set aside as .*capture\.damaged-.*\.sqlite and a fresh capture started\. \(.*the file is cut short/m,
    );
    expect(readdirSync(folder).filter((name) => name.startsWith('capture.damaged-') && name.endsWith('.sqlite'))).toHaveLength(1);
    expect(await capture(['list', '--data', folder])).toMatchObject({ code: 0, stdout: `0 requests (0 events, 0 B) in ${file}.\n` });
  });
});
