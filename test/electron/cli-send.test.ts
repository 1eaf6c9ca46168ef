import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../electron/cli.ts';
import { appDataFolder } from '../../electron/cli/data-folder.ts';
import { startSandbox, type SandboxServer } from '../../electron/sandbox/server.ts';
import type { SandboxStartOptions } from '../../electron/sandbox/config.ts';
import { TOO_DEEP_MESSAGE } from '../../shared/json-nesting.ts';
import { arraysText } from '../fixtures/events.ts';
import { openSubmissions, type SubmissionStore } from '../../electron/services/submissions.ts';

const cli = path.resolve(import.meta.dirname, '../../electron/cli.ts');
const PASSWORD = 'send-test password 7c1d';
const API_KEY = 'send-test-api-key-93be1f';
const CREDENTIALS = { EVENTDESK_USERNAME: 'qa-sender', EVENTDESK_PASSWORD: PASSWORD, EVENTDESK_API_KEY: API_KEY };
/** What a token looks like (the sandbox's are 64 base64url characters)... */
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/;
/** ...once the submission ids (UUIDs) are taken out. */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** No spawned command may run longer than this; it is killed and the test fails. */
const RUN_LIMIT_MS = 45_000;

const open: { close(): unknown }[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function sandboxWith(options: SandboxStartOptions = {}): Promise<SandboxServer> {
  const sandbox = await startSandbox({ port: 0, users: [{ username: CREDENTIALS.EVENTDESK_USERNAME, password: PASSWORD }], apiKeys: [API_KEY], ...options });
  open.push(sandbox);
  return sandbox;
}

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-send-test-'));
  folders.push(folder);
  return folder;
}

const event = (n: number, serviceId: unknown = n) => ({
  token: `t-${n}`,
  customer_id: `c-${n}`,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: serviceId,
  created_at: '2026-11-22 10:00:00',
  attributes: {},
});

async function batchFile(folder: string, events: unknown[], name = 'batch.json'): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, JSON.stringify(events, null, 2));
  return file;
}
const numbered = (count: number) => Array.from({ length: count }, (_, n) => event(n + 1));

type Child = ChildProcessByStdio<null, Readable, Readable>;

function spawnSend(args: string[], credentials: Record<string, string> = CREDENTIALS): { child: Child; output: { stdout: string; stderr: string } } {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('EVENTDESK_'));
  const child = spawn(process.execPath, [cli, 'send', ...args], { env: { ...Object.fromEntries(inherited), ...credentials }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  return { child, output };
}

/** Resolves with the exit code (null when killed by a signal), within RUN_LIMIT_MS. */
function exited(child: Child): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`eventdesk send ran longer than ${RUN_LIMIT_MS} ms`));
    }, RUN_LIMIT_MS);
    child.once('error', reject).once('close', (code) => {
      clearTimeout(limit);
      resolve(code);
    });
  });
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `eventdesk send …` as its own process with the credentials in its environment; checks that no secret got out. */
async function runSend(args: string[], credentials?: Record<string, string>): Promise<Run> {
  const { child, output } = spawnSend(args, credentials);
  const code = await exited(child);
  for (const text of [output.stdout, output.stderr]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(API_KEY);
    expect(text.replace(UUID, '')).not.toMatch(TOKEN_LIKE);
  }
  return { code, ...output };
}

/** The tokens of the events in every request the sandbox accepted, once per acceptance. */
function acceptedTokens(sandbox: SandboxServer): string[] {
  return sandbox
    .traffic()
    .filter((record) => record.path === '/user/events' && record.response?.status === 202)
    .flatMap((record) => {
      expect(record.body.truncated).toBe(false);
      return (JSON.parse(record.body.text) as { token: string }[]).map((sent) => sent.token);
    });
}

function expectEachOnce(tokens: string[], count: number): void {
  expect([...tokens].sort()).toEqual(numbered(count).map((sent) => sent.token).sort());
}

const eventRequests = (sandbox: SandboxServer) => sandbox.traffic().filter((record) => record.path === '/user/events');

function store(data: string): SubmissionStore {
  const submissions = openSubmissions(path.join(data, 'submissions.sqlite'));
  open.push(submissions);
  return submissions;
}

describe('eventdesk send', () => {
  it('sends a clean batch in chunks, records it as ok, and says where', async () => {
    const sandbox = await sandboxWith({ faults: { latencyMs: 300 } });
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    const file = await batchFile(folder, numbered(25));
    const run = await runSend([file, '--base-url', sandbox.url, '--chunk-size', '10', '--concurrency', '3', '--data', data]);
    expect(run.code).toBe(0);
    const id = /^Submission (\S+): ok$/m.exec(run.stdout)?.[1];
    if (!id) throw new Error(`No submission id in:\n${run.stdout}`);
    expect(run.stdout).toContain('3 ok, 0 failed (of 3)');
    expect(run.stdout).toContain('25 accepted of 25');
    expect(run.stdout).toContain(`database   ${path.join(data, 'submissions.sqlite')}`);
    expect(run.stderr).toContain('3/3 chunks done, 25/25 events accepted');

    const detail = store(data).get(id)!;
    expect(detail).toMatchObject({ status: 'ok', eventCount: 25, baseUrl: sandbox.url, headers: { Authorization: 'Bearer ••••' } });
    expect(detail.chunks.map((chunk) => [chunk.firstEvent, chunk.eventCount, chunk.status, chunk.statusCode])).toEqual([
      [0, 10, 'ok', 202],
      [10, 10, 'ok', 202],
      [20, 5, 'ok', 202],
    ]);
    expectEachOnce(acceptedTokens(sandbox), 25);
    // --concurrency 3: the three chunks arrived together, not 300 ms (the latency) apart.
    const arrivals = eventRequests(sandbox).map((record) => Date.parse(record.time));
    expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(250);
    expect(existsSync(path.join(data, 'sending', `${id}.pid`))).toBe(false);
  });

  it('applies the history\'s retention and logs "Send finished" after a send, as the app does', async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(3));
    const history = store(folder);
    history.setRetention({ keep: 'days', days: 7 });
    const old = history.createSubmission(
      { environmentId: 'cli-old', environmentName: 'old', environmentColor: '#888888', baseUrl: sandbox.url, headers: {}, batch: '[{}]', eventCount: 1, batchHash: 'old', startedAt: new Date(Date.now() - 30 * 86_400_000).toISOString() },
      [{ firstEvent: 0, eventCount: 1 }],
    );
    history.finish(old.id, 'ok');

    const run = await runSend([file, '--base-url', sandbox.url, '--data', folder]);
    expect(run.code).toBe(0);
    const id = /^Submission (\S+): ok$/m.exec(run.stdout)?.[1];
    expect(history.get(old.id)).toBeNull();
    expect(history.get(id!)?.status).toBe('ok');
    const log = await readFile(path.join(folder, 'logs', 'eventdesk.log'), 'utf8');
    expect(log).toContain('Send finished');
    expect(log).toContain(id);
    for (const secret of [PASSWORD, API_KEY]) expect(log).not.toContain(secret);
  });

  it('warns with the earlier time when the same batch goes to the same place again, and sends anyway', async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(3));
    const args = [file, '--base-url', sandbox.url, '--data', folder, '--json'];
    const first = await runSend(args);
    expect(first.code).toBe(0);
    const earlier = JSON.parse(first.stdout) as { submissionId: string };
    const second = await runSend(args);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/Warning: the same resolved batch went to \S+ on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d local time/);
    expect(second.stderr).toContain(`submission ${earlier.submissionId}`);
    expect(second.stderr).toContain('Sending it again anyway');
    expect(JSON.parse(second.stdout)).toMatchObject({ status: 'ok', sentBefore: { submissionId: earlier.submissionId } });
    expect(acceptedTokens(sandbox)).toHaveLength(6);
  });

  // With 3 s tokens a renewal is now and then under way as the send ends; the command must still
  // exit then (it used to renew for ever: see "set no timer after dispose" in sessions.test.ts).
  it('gets every event accepted exactly once through 500, 429, 503, 413 and expiring tokens', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith({ faults: { failSequence: [500, 429, 503], maxEvents: 50, latencyMs: 300 }, tokenTtlSeconds: 3 });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(300));
    const run = await runSend([file, '--base-url', sandbox.url, '--chunk-size', '100', '--data', folder, '--json']);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('server error 500');
    expect(run.stderr).toContain('rate limited (429), retry');
    expect(run.stderr).toContain('server error 503');
    expectEachOnce(acceptedTokens(sandbox), 300);
    const statuses = eventRequests(sandbox).map((record) => record.response?.status);
    expect(statuses).toContain(413);
    // The send outlasts a token: the login was renewed (or redone after a 401) on the way.
    expect(sandbox.traffic().filter((record) => record.path === '/oauth2/login').length).toBeGreaterThanOrEqual(2);
    const summary = JSON.parse(run.stdout) as { submissionId: string; chunks: { total: number; ok: number } };
    expect(summary).toMatchObject({ status: 'ok', events: 300, eventsAccepted: 300, chunks: { failed: 0, pending: 0, cancelled: 0 } });
    expect(summary.chunks.ok).toBe(summary.chunks.total);
    expect(store(folder).get(summary.submissionId)!.chunks.every((chunk) => chunk.status === 'ok' && chunk.eventCount <= 50)).toBe(true);
  });

  it('refuses a batch with validation errors, positioned, sending nothing; --force sends it anyway', async () => {
    const sandbox = await sandboxWith({ mode: 'lenient' });
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    const file = await batchFile(folder, [event(1), event(2, 'abc')]);
    const refused = await runSend([file, '--base-url', sandbox.url, '--data', data]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(`${file}:14:15  error    service-id-not-integer  event 2 (/1/svc_id): svc_id must be an integer`);
    expect(refused.stderr).toContain('Nothing was sent: fix the 1 error, or send anyway with --force.');
    expect(sandbox.traffic()).toEqual([]);
    expect(existsSync(path.join(data, 'submissions.sqlite'))).toBe(false);

    const asJson = await runSend([file, '--base-url', sandbox.url, '--data', data, '--json']);
    expect(asJson.code).toBe(1);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ sent: false, errors: 1, diagnostics: [{ code: 'service-id-not-integer', line: 14, column: 15 }] });

    const forced = await runSend([file, '--base-url', sandbox.url, '--data', data, '--force']);
    expect(forced.stderr).toContain('Sending anyway, as --force says, despite 1 error.');
    expect(forced.code).toBe(0);
    expect(acceptedTokens(sandbox)).toEqual(['t-1', 't-2']);
  });

  it('sends an NDJSON file as the batch of its lines; a file that holds no batch is refused even with --force', async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    const lines = path.join(folder, 'twenty.ndjson');
    await writeFile(lines, numbered(3).map((item) => `${JSON.stringify(item)}\n`).join(''));
    const sent = await runSend([lines, '--base-url', sandbox.url, '--data', data]);
    expect(sent.stderr).toContain(`${lines} is NDJSON: read as a JSON array of its 3 events, each where it is in the file.`);
    expect(sent.code).toBe(0);
    expect(acceptedTokens(sandbox)).toEqual(['t-1', 't-2', 't-3']);

    const single = await batchFile(folder, event(9) as unknown as unknown[], 'one-event.json');
    const refused = await runSend([single, '--base-url', sandbox.url, '--data', data, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Nothing was sent: the file holds no batch to send.');
    expect(refused.stderr).not.toContain('Sending anyway');
    expect(acceptedTokens(sandbox)).toEqual(['t-1', 't-2', 't-3']);
  });

  it("sends the events in the sandbox's traffic saved as JSON, not its records", async () => {
    const first = await sandboxWith();
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    expect((await runSend([await batchFile(folder, numbered(3)), '--base-url', first.url, '--data', data])).code).toBe(0);
    const traffic = path.join(folder, 'requests.json');
    await writeFile(traffic, await (await fetch(`${first.url}/_sandbox/requests`)).text());

    const second = await sandboxWith();
    const sent = await runSend([traffic, '--base-url', second.url, '--data', data]);
    expect(sent.stderr).toContain(`${traffic} is the sandbox's traffic saved as JSON: read as a JSON array of the 3 events it carried`);
    expect(sent.code).toBe(0);
    expect(acceptedTokens(second)).toEqual(['t-1', 't-2', 't-3']);
  });

  it('plans without sending or recording on --dry-run', async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    const file = await batchFile(folder, numbered(7));
    // No credentials: a dry run logs in nowhere.
    const text = await runSend([file, '--base-url', sandbox.url, '--data', data, '--chunk-size', '3', '--dry-run'], {});
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Dry run: nothing was sent and nothing was recorded.');
    expect(text.stdout).toContain('chunks     3, at most 3 events and 5242880 bytes each');
    expect(text.stdout).toMatch(/chunk 3 {4}event 7, \d+ bytes/);
    const json = await runSend([file, '--base-url', sandbox.url, '--data', data, '--max-chunk-bytes', '1024', '--dry-run', '--json']);
    expect(json.code).toBe(0);
    const plan = JSON.parse(json.stdout) as { events: number; bytes: number; chunks: { eventCount: number; bytes: number }[] };
    expect(plan).toMatchObject({ dryRun: true, events: 7, baseUrl: sandbox.url, chunkSize: 500, maxChunkBytes: 1024 });
    expect(plan.chunks.reduce((sum, chunk) => sum + chunk.eventCount, 0)).toBe(7);
    expect(plan.chunks.length).toBeGreaterThan(1);
    expect(plan.bytes).toBe(plan.chunks.reduce((sum, chunk) => sum + chunk.bytes, 0));
    // No login either: the server heard nothing.
    expect(sandbox.traffic()).toEqual([]);
    expect(existsSync(path.join(data, 'submissions.sqlite'))).toBe(false);
  });

  it('refuses an event nested 20 000 deep with the validator\'s message, --dry-run and --force alike, and no stack trace', async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const data = path.join(folder, 'data');
    const [before, after] = JSON.stringify([event(1)]).split('{}');
    const file = path.join(folder, 'deep.json');
    const opening = `${before}{"a": `;
    await writeFile(file, `${opening}${arraysText(20_000)}}${after}`);
    // The batch, the event and its attributes are three levels: the 62nd [ opens level 65.
    const column = opening.length + 62;
    for (const flags of [['--dry-run'], ['--force']]) {
      const refused = await runSend([file, '--base-url', sandbox.url, '--data', data, ...flags]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${file}:1:${column}  error    json-too-deep  ${TOO_DEEP_MESSAGE}\n`);
      expect(refused.stderr).toContain('Nothing was sent: the batch nests too deep to send, even with --force.');
      expect(refused.stderr).not.toMatch(/RangeError|\n\s+at /);
    }
    expect(sandbox.traffic()).toEqual([]);
    expect(existsSync(path.join(data, 'submissions.sqlite'))).toBe(false);
  });

  it('prints the summary as JSON with --json, and exits 1 with the failures and how to resume when a chunk fails', async () => {
    const sandbox = await sandboxWith({ faults: { failSequence: [200, 422] } });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(4));
    const run = await runSend([file, '--base-url', sandbox.url, '--chunk-size', '2', '--data', folder, '--json']);
    expect(run.code).toBe(1);
    const summary = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(summary).sort()).toEqual(['baseUrl', 'chunks', 'database', 'environment', 'events', 'eventsAccepted', 'failures', 'possiblyDelivered', 'resume', 'sentBefore', 'status', 'submissionId']);
    expect(summary).toMatchObject({
      status: 'partial',
      baseUrl: sandbox.url,
      events: 4,
      eventsAccepted: 2,
      chunks: { total: 2, ok: 1, failed: 1, cancelled: 0, pending: 0, skipped: 0 },
      possiblyDelivered: [],
      failures: [{ firstEvent: 2, eventCount: 2, statusCode: 422 }],
      database: path.join(folder, 'submissions.sqlite'),
      resume: `eventdesk send --resume ${String(summary.submissionId)} --base-url ${sandbox.url} --data ${folder}`,
      sentBefore: null,
    });
    // A chunk is known by its first event, as in the history: no second numbering beside it.
    expect(Object.keys((summary.failures as object[])[0]!).sort()).toEqual(['error', 'eventCount', 'firstEvent', 'responseBody', 'statusCode']);
    // For people: a refusal is not a hiccup, so resuming is not offered as if it were.
    sandbox.setFaults({ failSequence: [200, 422] });
    const text = await runSend([file, '--base-url', sandbox.url, '--chunk-size', '2', '--data', folder]);
    expect(text.stdout).toContain('events 3–4 failed');
    expect(text.stdout).toContain('The server refused these events; fix the cause before sending them again with: eventdesk send --resume');
    expect(text.stdout).not.toContain('Send the rest with');
  });

  it('exits 2 on a missing file, a bad flag, or a resume of what is not recorded', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(1));
    store(folder);
    const elsewhere = await tempFolder();
    const [missing, noFile, concurrency, chunkSize, resumeWithFile, unknown, noHistory] = await Promise.all([
      runSend([path.join(folder, 'absent.json'), '--base-url', sandbox.url, '--data', folder]),
      runSend(['--base-url', sandbox.url, '--data', folder]),
      runSend([file, '--base-url', sandbox.url, '--data', folder, '--concurrency', '0']),
      runSend([file, '--base-url', sandbox.url, '--data', folder, '--chunk-size', '0']),
      runSend([file, '--resume', 'x', '--base-url', sandbox.url, '--data', folder]),
      runSend(['--resume', '5f0c1f9e-0000-4000-8000-000000000000', '--base-url', sandbox.url, '--data', folder]),
      runSend(['--resume', '5f0c1f9e-0000-4000-8000-000000000000', '--base-url', sandbox.url, '--data', elsewhere]),
    ]);
    expect(missing).toMatchObject({ code: 2, stderr: expect.stringContaining('absent.json: no such file.') });
    expect(noFile).toMatchObject({ code: 2, stderr: expect.stringContaining('Name the batch file to send') });
    expect(concurrency).toMatchObject({ code: 2, stderr: expect.stringContaining('--concurrency: Requests at once must be from 1 to 16.') });
    expect(chunkSize).toMatchObject({ code: 2, stderr: expect.stringContaining('--chunk-size: The chunk size must be from 1') });
    expect(resumeWithFile).toMatchObject({ code: 2, stderr: expect.stringContaining('--resume sends the recorded batch; drop the file') });
    expect(unknown).toMatchObject({ code: 2, stderr: expect.stringContaining('--resume: no submission 5f0c1f9e-0000-4000-8000-000000000000 is recorded') });
    // Looking for a submission to resume creates no history where there was none.
    expect(noHistory).toMatchObject({ code: 2, stderr: expect.stringContaining(`--resume: there is no history in ${elsewhere}`) });
    expect(existsSync(path.join(elsewhere, 'submissions.sqlite'))).toBe(false);
    expect(missing.stderr).toContain('Run "eventdesk send --help" for the flags.');
    expect(eventRequests(sandbox)).toEqual([]);
  });

  it('resumes after a real SIGKILL to the recorded address, asking first about the chunk that went out without an answer', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith({ faults: { latencyMs: 400 } });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(40));
    const target = ['--base-url', sandbox.url, '--data', folder];
    const { child } = spawnSend([file, ...target, '--chunk-size', '4']);
    const ended = exited(child);

    // Wait (bounded) until the store shows two chunks acknowledged and the next one out, then
    // kill at once: that one is then sleeping in the sandbox's 400 ms latency.
    const database = path.join(folder, 'submissions.sqlite');
    const deadline = Date.now() + 20_000;
    let submissions: SubmissionStore | null = null;
    let id: string | undefined;
    let acknowledged = 0;
    let out = false;
    while (acknowledged < 2 || !out) {
      if (Date.now() > deadline) throw new Error('The send never got two chunks acknowledged and a third out.');
      await sleep(20);
      if (!submissions && existsSync(database)) submissions = store(folder);
      id ??= submissions?.list({ limit: 1 })[0]?.id;
      const chunks = id ? submissions!.get(id!)!.chunks : [];
      acknowledged = chunks.filter((chunk) => chunk.status === 'ok').length;
      out = chunks.some((chunk) => chunk.status === 'sending' && chunk.wentOut);
    }
    // The request in flight was never acknowledged, so whether it landed is unknowable to the
    // client; make it fail, so that what is counted below is the command's own accounting.
    sandbox.setFaults({ failSequence: [500] });
    child.kill('SIGKILL');
    expect(await ended).toBeNull();
    const killedAt = submissions!.get(id!)!;
    expect(killedAt.status).toBe('sending');
    const okAtKill = killedAt.chunks.filter((chunk) => chunk.status === 'ok').length;
    expect(okAtKill).toBeGreaterThanOrEqual(2);
    expect(okAtKill).toBeLessThan(10);
    expect(acceptedTokens(sandbox)).toHaveLength(okAtKill * 4);

    // The killed process left its claim behind; a live process holding it blocks a resume.
    const claim = path.join(folder, 'sending', `${id}.pid`);
    expect(Number(await readFile(claim, 'utf8'))).toBe(child.pid);
    await writeFile(claim, `${process.pid}\n`);
    const blocked = await runSend(['--resume', id!, ...target]);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain(`is still being sent by process ${process.pid}`);
    expect(submissions!.get(id!)!.status).toBe('sending');
    await writeFile(claim, `${child.pid}\n`);

    // The chunk that was out is named; in a pipe, with neither flag, the resume refuses.
    const wentOut = killedAt.chunks.find((chunk) => chunk.status === 'sending' && chunk.wentOut)!;
    const events = `events ${wentOut.firstEvent + 1}–${wentOut.firstEvent + wentOut.eventCount}`;
    const refused = await runSend(['--resume', id!, '--data', folder]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('it is now marked interrupted');
    expect(refused.stderr).toContain(`${events} went out without an answer; the server may already hold them. Resume with --resend-unanswered to send them again, or --skip-unanswered to skip them.`);
    expect(acceptedTokens(sandbox)).toHaveLength(okAtKill * 4);

    // No --base-url: it goes where the submission went.
    const resumed = await runSend(['--resume', id!, '--data', folder, '--resend-unanswered', '--json']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`${10 - okAtKill} chunks of 10 never acknowledged`);
    expect(resumed.stderr).toContain(`Note: ${events} went out without an answer; the server may already hold them; they go again now, as --resend-unanswered says.`);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      submissionId: id,
      status: 'ok',
      eventsAccepted: 40,
      chunks: { total: 10, ok: 10 },
      resume: null,
      possiblyDelivered: [{ firstEvent: wentOut.firstEvent, eventCount: wentOut.eventCount }],
    });
    expect(submissions!.get(id!)!.chunks.every((chunk) => chunk.status === 'ok')).toBe(true);
    // No chunk went twice: 40 events accepted, each token in exactly one accepted request.
    expectEachOnce(acceptedTokens(sandbox), 40);
    expect(eventRequests(sandbox).filter((record) => record.response?.status === 202)).toHaveLength(10);
    expect(eventRequests(sandbox).filter((record) => record.response?.status === 500)).toHaveLength(1);
    expect(existsSync(claim)).toBe(false);

    const again = await runSend(['--resume', id!, ...target]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Every chunk was already acknowledged; nothing to send.');
    expect(acceptedTokens(sandbox)).toHaveLength(40);
  });

  it('cancels on SIGTERM, keeps what was acknowledged, and says how to resume', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith({ faults: { latencyMs: 300 } });
    const folder = await tempFolder();
    const file = await batchFile(folder, numbered(30));
    const { child, output } = spawnSend([file, '--base-url', sandbox.url, '--data', folder, '--chunk-size', '3']);
    const ended = exited(child);
    await expect.poll(() => acceptedTokens(sandbox).length, { timeout: 20_000, interval: 20 }).toBeGreaterThan(0);
    child.kill('SIGTERM');
    expect(await ended).toBe(1);
    expect(output.stderr).toContain('SIGTERM: cancelling.');
    const id = /^Submission (\S+): cancelled$/m.exec(output.stdout)?.[1];
    if (!id) throw new Error(`No cancelled submission in:\n${output.stdout}\n${output.stderr}`);
    expect(output.stdout).toContain(`Send the rest with: eventdesk send --resume ${id} --base-url ${sandbox.url} --data ${folder}`);
    const detail = store(folder).get(id)!;
    expect(detail.status).toBe('cancelled');
    const ok = detail.chunks.filter((chunk) => chunk.status === 'ok').length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(10);

    // The chunk under way at the cancel had no answer: the resume says it goes again.
    const inFlight = detail.chunks.find((chunk) => chunk.attempts > 0 && chunk.statusCode === null);
    if (!inFlight) throw new Error('No chunk was in flight at the cancel');
    const resumed = await runSend(['--resume', id, '--base-url', sandbox.url, '--data', folder, '--resend-unanswered']);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain(`Note: events ${inFlight.firstEvent + 1}–${inFlight.firstEvent + inFlight.eventCount} went out without an answer`);
  });

  it('asks at a terminal what to do with a chunk that went out without an answer, and skips it when told', { timeout: 60_000 }, async () => {
    const sandbox = await sandboxWith();
    const folder = await tempFolder();
    const sent = await runSend([await batchFile(folder, numbered(6)), '--base-url', sandbox.url, '--data', folder, '--chunk-size', '2', '--json']);
    const id = (JSON.parse(sent.stdout) as { submissionId: string }).submissionId;
    // As after a kill: chunk 2's request was out, chunk 3 had not started.
    const submissions = store(folder);
    submissions.beginAttempt(id, { number: 2, startedAt: new Date().toISOString(), firstEvent: 2, eventCount: 2 });
    submissions.updateChunk(id, 4, { status: 'pending' });
    submissions.finish(id, 'sending');
    submissions.markInterrupted();
    const before = acceptedTokens(sandbox).length;

    const inProcess = async (args: string[], answers: string[] = []) => {
      const output = { stdout: '', stderr: '', questions: [] as string[] };
      Object.assign(process.env, CREDENTIALS);
      try {
        const ask = async (question: string) => (output.questions.push(question), answers.shift());
        const code = await runCli(['send', '--resume', id, '--data', folder, ...args], { stdout: (text) => (output.stdout += text), stderr: (text) => (output.stderr += text), ask });
        return { code, ...output };
      } finally {
        for (const name of Object.keys(CREDENTIALS)) delete process.env[name];
      }
    };
    expect(await inProcess(['--resend-unanswered', '--skip-unanswered'])).toMatchObject({ code: 2, stderr: expect.stringContaining('not both') });
    // An answer it does not know is asked again; the end of input refuses, naming both flags.
    const unanswered = await inProcess([], ['maybe']);
    expect(unanswered).toMatchObject({ code: 2, questions: ['events 3–4 went out without an answer; the server may already hold them.\nSend them again (s) or skip them (k)? ', expect.any(String)] });
    expect(unanswered.stderr).toContain('--resend-unanswered');
    expect(submissions.get(id)!.chunks[1]!.status).toBe('pending');

    const skipped = await inProcess(['--json'], ['k']);
    expect(skipped.code).toBe(1);
    expect(JSON.parse(skipped.stdout)).toMatchObject({ status: 'partial', chunks: { ok: 2, skipped: 1 }, possiblyDelivered: [{ firstEvent: 2, eventCount: 2 }] });
    expect(acceptedTokens(sandbox).length - before).toBe(2);
    expect(submissions.get(id)!.chunks.map((chunk) => chunk.status)).toEqual(['ok', 'skipped', 'ok']);
    expect(await runSend(['--skip-unanswered', await batchFile(folder, numbered(1), 'one.json'), '--base-url', sandbox.url, '--data', folder])).toMatchObject({ code: 2, stderr: expect.stringContaining('--skip-unanswered goes with --resume') });
  });

  it('is listed in the help, and finds the app data folder as the app does', async () => {
    let help = '';
    await runCli(['--help'], { stdout: (text) => (help += text), stderr: () => undefined });
    expect(help).toMatch(/^ {2}send {8}\S/m);
    expect(appDataFolder('linux', { XDG_CONFIG_HOME: '/x/config' }, '/home/q')).toBe('/x/config/EventDesk');
    expect(appDataFolder('linux', {}, '/home/q')).toBe('/home/q/.config/EventDesk');
    expect(appDataFolder('darwin', {}, '/Users/q')).toBe('/Users/q/Library/Application Support/EventDesk');
    expect(appDataFolder('win32', { APPDATA: 'C:\\Users\\q\\AppData\\Roaming' }, 'C:\\Users\\q')).toBe('C:\\Users\\q\\AppData\\Roaming\\EventDesk');
    expect(appDataFolder('linux', { EVENTDESK_DATA_DIR: '/srv/eventdesk' }, '/home/q')).toBe('/srv/eventdesk');
    const folder = await tempFolder();
    await mkdir(folder, { recursive: true });
    const { code, stdout } = await runSend(['--help', '--data', folder]);
    expect(code).toBe(0);
    for (const text of ['--resume ID', '--resend-unanswered', '--skip-unanswered', '--chunk-size N', '--max-chunk-bytes N', '--concurrency N', '--max-attempts N', '--dry-run', '--force', '--data DIR', 'EVENTDESK_API_KEY']) {
      expect(stdout).toContain(text);
    }
  });
});
