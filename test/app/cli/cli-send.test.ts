import { afterEach, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runCli } from '../../../app/cli/main.ts';
import { appDataFolder } from '../../../app/cli/shared/data-folder.ts';
import { TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { arraysText } from '../../fixtures/events.ts';
import {
  cleanUp,
  PASSWORD,
  API_KEY,
  sandboxWith,
  tempFolder,
  event,
  batchFile,
  numbered,
  runSend,
  acceptedTokens,
  expectEachOnce,
  eventRequests,
  store,
} from '../../support/cli-send-support.ts';

afterEach(cleanUp);

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
      {
        environmentId: 'cli-old',
        environmentName: 'old',
        environmentColor: '#888888',
        baseUrl: sandbox.url,
        headers: {},
        batch: '[{}]',
        eventCount: 1,
        batchHash: 'old',
        startedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      },
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
    expect(
      store(folder)
        .get(summary.submissionId)!
        .chunks.every((chunk) => chunk.status === 'ok' && chunk.eventCount <= 50),
    ).toBe(true);
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
    await writeFile(
      lines,
      numbered(3)
        .map((item) => `${JSON.stringify(item)}\n`)
        .join(''),
    );
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

  it("refuses an event nested 20 000 deep with the validator's message, --dry-run and --force alike, and no stack trace", async () => {
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
    expect(Object.keys(summary).sort()).toEqual([
      'baseUrl',
      'chunks',
      'database',
      'environment',
      'events',
      'eventsAccepted',
      'failures',
      'possiblyDelivered',
      'resume',
      'sentBefore',
      'status',
      'submissionId',
    ]);
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

  it('exits 2 on a missing file or a bad flag, and 1 on a resume of what is not recorded, as history show does', { timeout: 60_000 }, async () => {
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
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('--resume: no submission 5f0c1f9e-0000-4000-8000-000000000000 is recorded') });
    // Looking for a submission to resume creates no history where there was none.
    expect(noHistory).toMatchObject({ code: 1, stderr: expect.stringContaining(`--resume: there is no history in ${elsewhere}`) });
    expect(existsSync(path.join(elsewhere, 'submissions.sqlite'))).toBe(false);
    // A file's problem is not the flags': the help is named after a flag's mistake only.
    expect(missing.stderr).not.toContain('--help');
    expect(concurrency.stderr).toContain('Run "eventdesk send --help" for the flags.');
    expect(unknown.stderr).not.toContain('--help');
    expect(eventRequests(sandbox)).toEqual([]);
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
    for (const text of [
      '--resume ID',
      '--resend-unanswered',
      '--skip-unanswered',
      '--chunk-size N',
      '--max-chunk-bytes N',
      '--concurrency N',
      '--max-attempts N',
      '--dry-run',
      '--force',
      '--data DIR',
      'EVENTDESK_API_KEY',
    ]) {
      expect(stdout).toContain(text);
    }
  });
});
