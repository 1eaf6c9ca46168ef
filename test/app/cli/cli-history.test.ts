import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../app/cli/main.ts';
import { formatDuration } from '../../../app/cli/history/history-print.ts';
import { openSubmissions, type SubmissionStore } from '../../../features/history/node/submissions.ts';
import { claimSubmission } from '../../../features/history/node/send-claims.ts';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { resolveTimeZone } from '../../../features/environments/common/environment.ts';
import type { SubmissionDetail, SubmissionStatus, SubmissionSummary } from '../../../features/history/common/submission.ts';

/**
 * `eventdesk history` over a real SQLite file in a temporary folder, filled through the real
 * store as a send fills it. Most runs go through the CLI's entry in this process; one runs the
 * real command as a child process.
 */

const cli = path.resolve(import.meta.dirname, '../../../app/cli/bin.ts');
/** A secret the command line knows of (from the environment), echoed by a server in one response. */
const API_KEY = 'history-test-api-key-5c2e9a';
const STORED_HEADERS = { 'Content-Type': 'application/json', apiKey: '••••9a1b', Authorization: 'Bearer ••••' };

let folder: string;
let data: string;
let file: string;
const made: Record<string, string> = {};

const event = (customer: string, n: number) => ({
  token: `tok-${customer}-${n}`,
  customer_id: customer,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 7,
  created_at: '2026-11-20 10:00:00',
  attributes: { plan: 'pro', coupon: `SPRING-${n}` },
});

/** Records a one-chunk submission of `customers`' events, answered as `status` says. */
function record(
  store: SubmissionStore,
  customers: string[],
  startedAt: string,
  status: SubmissionStatus,
  environment = { id: 'env-staging', name: 'Staging' },
): string {
  const events = customers.map(event);
  const { id } = store.createSubmission(
    {
      environmentId: environment.id,
      environmentName: environment.name,
      environmentColor: '#2563eb',
      baseUrl: 'https://staging.events.example.com',
      headers: STORED_HEADERS,
      batch: JSON.stringify(events),
      eventCount: events.length,
      batchHash: createHash('sha256').update(JSON.stringify(events)).digest('hex'),
      startedAt,
    },
    [{ firstEvent: 0, eventCount: events.length }],
  );
  if (status === 'sending') return id;
  const ok = status === 'ok';
  const answers: [number, string | null, string][] = ok
    ? [[202, null, `{"accepted":${events.length}}`]]
    : [
        [500, null, '{"error":"internal"}'],
        [429, '2', '{"error":"slow down"}'],
        [400, null, `{"error":"created_at is in the future","echo":"apiKey ${API_KEY}"}`],
      ];
  answers.forEach(([statusCode, retryAfter, responseBody], at) => {
    const attempt = store.beginAttempt(id, {
      number: at + 1,
      startedAt: new Date(Date.parse(startedAt) + at * 1000).toISOString(),
      firstEvent: 0,
      eventCount: events.length,
    });
    const error = statusCode === 400 ? 'HTTP 400: the server refused the chunk.' : null;
    store.endAttempt(id, attempt, {
      durationMs: 62.5,
      statusCode,
      retryAfter,
      error,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody,
      responseTruncated: false,
      mayHaveArrived: false,
    });
  });
  store.updateChunk(id, 0, {
    status: ok ? 'ok' : 'failed',
    statusCode: ok ? 202 : 400,
    attempts: ok ? 1 : 3,
    durationMs: 187.6,
    responseBody: ok ? `{"accepted":${events.length}}` : `{"error":"created_at is in the future","echo":"apiKey ${API_KEY}"}`,
    error: ok ? null : 'HTTP 400: the server refused the chunk.',
  });
  store.finish(id, status);
  return id;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-cli-history-'));
  data = path.join(folder, 'data');
  file = path.join(data, 'submissions.sqlite');
  const store = openSubmissions(file);
  try {
    made.first = record(store, ['c-7f3a21', 'c-7f3a22'], '2026-11-18T09:00:00.000Z', 'ok');
    made.failed = record(store, ['c-7f3a42'], '2026-11-19T14:30:00.000Z', 'failed', { id: 'env-prod-eu', name: 'Production EU' });
    made.third = record(store, ['c-7f3a23'], '2026-11-20T08:15:00.000Z', 'ok');
    made.fourth = record(store, ['c-7f3a24', 'c-7f3a21'], '2026-11-21T11:45:00.000Z', 'ok');
    // Still being sent by the app as the command reads, which holds its claim (here, this process): it must stay so.
    made.sending = record(store, ['c-7f3a25'], '2026-11-22T07:00:00.000Z', 'sending');
    claimSubmission(data, made.sending);
    store.annotate(made.failed, { label: 'Repro for ZD-1234', note: 'customer says events vanish\nafter midnight' });
  } finally {
    store.close();
  }
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function run(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['history', ...args], { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/** `history ... --json` over the test data: the ids it prints, in order. */
async function idsOf(...args: string[]): Promise<string[]> {
  const result = await run(...args, '--json', '--data', data);
  expect(result).toMatchObject({ code: 0, stderr: '' });
  return (JSON.parse(result.stdout) as SubmissionSummary[]).map((row) => row.id);
}

const fingerprint = (name: string) => createHash('sha256').update(readFileSync(name)).digest('hex');

describe('eventdesk history', () => {
  it('finds the one submission holding a customer_id, as JSON summaries without the batch (the real command)', async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, 'history', '--search', 'c-7f3a42', '--json', '--data', data]);
    expect(stderr).toBe('');
    const rows = JSON.parse(stdout) as SubmissionSummary[];
    expect(rows.map((row) => row.id)).toEqual([made.failed]);
    expect(rows[0]).toMatchObject({ status: 'failed', environmentId: 'env-prod-eu', eventCount: 1, label: 'Repro for ZD-1234', headers: STORED_HEADERS });
    expect(rows[0]).not.toHaveProperty('batch');
    // A customer in two submissions finds both, newest first; a token, an attribute or a label word finds its own.
    expect(await idsOf('--search', 'c-7f3a21')).toEqual([made.fourth, made.first]);
    expect(await idsOf('--search', 'tok-c-7f3a23-0')).toEqual([made.third]);
    expect(await idsOf('--search', 'zd-1234')).toEqual([made.failed]);
    expect(await idsOf('--search', 'c-7f3a21 c-7f3a24')).toEqual([made.fourth]);
  });

  it('lists newest first in a table for people, with local times, durations and labels', async () => {
    const { code, stdout, stderr } = await run('--data', data);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const lines = stdout.trimEnd().split('\n');
    const zone = resolveTimeZone('local');
    expect(lines[0]).toMatch(new RegExp(`^ID +STARTED \\(${zone}\\) +ENVIRONMENT +STATUS +EVENTS +DURATION +LABEL$`));
    expect(lines.slice(1, 6).map((line) => line.split(/\s+/)[0])).toEqual([made.sending, made.fourth, made.third, made.failed, made.first]);
    const failedLine = lines.find((line) => line.startsWith(made.failed!))!;
    expect(failedLine).toContain(formatDateTime(new Date('2026-11-19T14:30:00.000Z'), zone));
    expect(failedLine).toMatch(/Production EU +failed +1 +\S.* +Repro for ZD-1234$/);
    // A send under way has no duration yet.
    expect(lines.find((line) => line.startsWith(made.sending!))).toMatch(/sending +1 +—$/);
    expect(lines.at(-1)).toBe('5 submissions, newest first.');
  });

  it('filters by status, repeated or as a comma list, and by environment and dates', async () => {
    expect(await idsOf('--status', 'failed')).toEqual([made.failed]);
    const both = [made.failed, made.first];
    expect(await idsOf('--status', 'failed,ok', '--to', '2026-11-20T00:00:00Z')).toEqual(both);
    expect(await idsOf('--status', 'failed', '--status', 'ok', '--to', '2026-11-20T00:00:00Z')).toEqual(both);
    expect(await idsOf('--status', 'sending')).toEqual([made.sending]);
    expect(await idsOf('--env', 'env-prod-eu')).toEqual([made.failed]);
    expect(await idsOf('--env', 'env-staging', '--status', 'ok')).toEqual([made.fourth, made.third, made.first]);
    expect(await idsOf('--from', '2026-11-20T08:15:00Z', '--to', '2026-11-21T11:45:00Z')).toEqual([made.third]);
    // A date alone is a local day, counted whole by --to.
    const zone = resolveTimeZone('local');
    const day = formatDateTime(new Date('2026-11-20T08:15:00.000Z'), zone).slice(0, 10);
    expect(await idsOf('--from', day, '--to', day)).toEqual([made.third]);
  });

  it('says so when nothing matches, and hints when --env was given a name instead of an id', async () => {
    const none = await run('--search', 'nobody-here', '--status', 'ok', '--data', data);
    expect(none).toEqual({ code: 0, stdout: 'No submission matches (search "nobody-here", status ok).\n', stderr: '' });
    expect(await idsOf('--search', 'nobody-here')).toEqual([]);
    const named = await run('--env', 'Staging', '--data', data);
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('No submission matches (environment Staging).');
    expect(named.stdout).toContain('--env takes the id');
  });

  it('shows at most --limit submissions, and says how to see the rest', async () => {
    expect(await idsOf('--limit', '2')).toEqual([made.sending, made.fourth]);
    const { code, stdout } = await run('--limit', '2', '--data', data);
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n')).toHaveLength(4);
    expect(stdout).toContain('The newest 2 of 5 submissions. --limit 5 shows more.');
    const filtered = await run('--limit', '1', '--status', 'ok', '--data', data);
    expect(filtered.stdout).toContain('The newest 1 of 3 matching submissions. --limit 3 shows more.');
  });

  it('shows one submission: metadata, masked headers, label and note, and every chunk with its answer', async () => {
    process.env.EVENTDESK_API_KEY = API_KEY;
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run('show', made.failed!, '--data', data);
    } finally {
      delete process.env.EVENTDESK_API_KEY;
    }
    const { code, stdout, stderr } = result;
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toContain(`Submission ${made.failed}: failed`);
    expect(stdout).toContain('environment  Production EU (id env-prod-eu)');
    expect(stdout).toContain('address      https://staging.events.example.com');
    expect(stdout).toContain(`started      ${formatDateTime(new Date('2026-11-19T14:30:00.000Z'), resolveTimeZone('local'))}`);
    expect(stdout).toContain('events       0 accepted of 1, in 1 chunk');
    expect(stdout).toContain('label        Repro for ZD-1234');
    expect(stdout).toContain('note         customer says events vanish\n               after midnight');
    expect(stdout).toContain('apiKey: ••••9a1b\n  Authorization: Bearer ••••');
    expect(stdout).toMatch(/chunk 1 {2}event 1 {2}failed {2}HTTP 400 {2}3 attempts {2}188 ms\n {4}error {5}HTTP 400: the server refused the chunk\.\n/);
    // Every attempt, with its time, answer, Retry-After, duration, headers and body.
    const at = (seconds: number) => formatDateTime(new Date(Date.parse('2026-11-19T14:30:00.000Z') + seconds * 1000), resolveTimeZone('local'));
    expect(stdout).toContain(
      `    attempt 1  ${at(0)}  HTTP 500  63 ms\n      headers\n        content-type: application/json\n      response\n        {\n          "error": "internal"\n        }`,
    );
    expect(stdout).toContain(`    attempt 2  ${at(1)}  HTTP 429  Retry-After 2  63 ms\n`);
    expect(stdout).toMatch(
      / {4}attempt 3 .* {2}HTTP 400 {2}63 ms\n {6}error {5}HTTP 400: the server refused the chunk\.\n {6}headers\n.*\n {6}response\n {8}\{\n {10}"error": "created_at is in the future"/,
    );
    // The key the server echoed is masked, because the command line knows it.
    expect(stdout).not.toContain(API_KEY);
    expect(stdout).toContain('"echo": "apiKey ••••"');
    expect(stdout).toContain('The batch (1 event,');
  });

  it('shows one submission as JSON: the SubmissionDetail with its batch parsed into events', async () => {
    const { code, stdout, stderr } = await run('show', made.fourth!, '--json', '--data', data);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const shown = JSON.parse(stdout) as Omit<SubmissionDetail, 'batch'> & { batch: unknown };
    const store = openSubmissions(file);
    let stored: SubmissionDetail;
    try {
      stored = store.get(made.fourth!)!;
    } finally {
      store.close();
    }
    expect(shown).toEqual({ ...stored, batch: JSON.parse(stored.batch) });
    expect(shown.batch).toEqual([event('c-7f3a24', 0), event('c-7f3a21', 1)]);
    expect(shown.chunks).toEqual([expect.objectContaining({ firstEvent: 0, status: 'ok', statusCode: 202, attempts: 1, responseBody: '{"accepted":2}' })]);
  });

  it('refuses an unknown id with exit code 1', async () => {
    const result = await run('show', 'no-such-submission', '--data', data);
    expect(result).toEqual({ code: 1, stdout: '', stderr: `eventdesk history show: no submission no-such-submission is recorded in ${file}.\n` });
    expect((await run('show', 'no-such-submission', '--json', '--data', data)).code).toBe(1);
  });

  it('only reads: the file is left as it was and a send under way stays under way', async () => {
    const before = fingerprint(file);
    await run('--data', data);
    await run('--search', 'c-7f3a21', '--json', '--data', data);
    await run('show', made.sending!, '--data', data);
    expect(fingerprint(file)).toBe(before);
    expect(await idsOf('--status', 'sending')).toEqual([made.sending]);
  });

  it('creates nothing when the data folder holds no history', async () => {
    const empty = path.join(folder, 'no-such-folder');
    expect(await run('--data', empty)).toEqual({ code: 0, stdout: `No history yet in ${empty}.\n`, stderr: '' });
    expect(await run('--json', '--data', empty)).toEqual({ code: 0, stdout: '[]\n', stderr: `No history yet in ${empty}.\n` });
    expect(await run('show', made.first!, '--data', empty)).toEqual({
      code: 1,
      stdout: '',
      stderr: `eventdesk history show: No history yet in ${empty}. There is no submission ${made.first}.\n`,
    });
    expect(existsSync(empty)).toBe(false);
  });

  it("leaves a database from a newer EventDesk alone, with the store's own message", async () => {
    const newer = path.join(folder, 'newer');
    const store = openSubmissions(path.join(newer, 'submissions.sqlite'));
    store.close();
    const db = new DatabaseSync(path.join(newer, 'submissions.sqlite'));
    db.exec('PRAGMA user_version = 99');
    db.close();
    const result = await run('--data', newer);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('eventdesk history: The history was written by a newer version of EventDesk.');
    expect(result.stdout).toBe('');
  });

  it('refuses bad flags and values with exit code 2, naming each problem', async () => {
    const bad = async (...args: string[]) => {
      const result = await run('--data', data, ...args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/Run "eventdesk history --help" for the flags\.\n$/);
      return result.stderr;
    };
    expect(await bad('--frobnicate')).toContain('eventdesk history: unknown option --frobnicate.\n');
    expect(await bad('--limit')).toContain('eventdesk history: --limit needs a value.\n');
    const several = await bad('--status', 'ok,done', '--limit', '0', '--from', '2026-02-30', '--to', 'yesterday');
    expect(several).toContain('4 problems:');
    expect(several).toContain('--status: "done" is not a status. Use sending, ok, partial, failed, interrupted, cancelled.');
    expect(several).toContain('--limit: 0 is out of range; give 1 to 1000.');
    expect(several).toContain('--from: 2026-02-30 is not a date in the calendar.');
    expect(several).toContain('--to: "yesterday" is not a date.');
    expect(await bad('--limit', '1001')).toContain('--limit: 1001 is out of range');
    expect(await bad('--limit', 'ten')).toContain('--limit: "ten" is not a whole number.');
    expect(await bad('--from', '2026-11-21', '--to', '2026-11-20')).toContain('is not before --to 2026-11-20');
    expect(await bad('--search', 'x'.repeat(501))).toContain('--search:');
    expect(await bad('list')).toContain('"list" is not a subcommand');
    expect(await bad('show')).toContain('Name the submission: eventdesk history show <id>.');
    expect(await bad('show', 'a', 'b')).toContain('Show one submission at a time; got 2.');
    expect(await bad('show', made.first!, '--status', 'ok')).toContain('"history show" takes only --json and --data; drop --status.');
  });

  it('has help of its own, and is listed in eventdesk --help', async () => {
    const own = await run('--help');
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('Usage: eventdesk history [--search TEXT]');
    expect(own.stdout).toContain('eventdesk history show <id> [--json] [--workspace DIR] [--data DIR]');
    let help = '';
    await runCli(['--help'], { stdout: (text) => (help += text), stderr: () => undefined });
    expect(help).toMatch(/^ {2}history {5}List and search past submissions; "history show <id>" shows one in full$/m);
  });

  it('words durations from milliseconds to days', () => {
    expect([187.6, 1234, 42_000, 185_000, 7_440_000, 3 * 86_400_000 + 7 * 3_600_000].map(formatDuration)).toEqual([
      '188 ms',
      '1.2 s',
      '42 s',
      '3 min 05 s',
      '2 h 04 min',
      '3 d 07 h',
    ]);
  });
});
