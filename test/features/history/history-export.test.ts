import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCurl } from '../../../features/formats/common/curl.ts';
import { parseHar } from '../../../features/formats/common/har.ts';
import { harProblems } from '../../../features/formats/common/har-spec.ts';
import { ExportFormatSchema } from '../../../features/history/common/history.ts';
import { LOCAL_SANDBOX_ID } from '../../../features/environments/node/environments.ts';
import { createHistoryExport, type SubmissionExport } from '../../../features/history/node/history-export.ts';
import { createSending } from '../../../features/sending/node/sending.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { startSandboxSessions } from '../../support/sandbox-sessions.ts';
import { numberedEvent } from '../../fixtures/events.ts';

const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

const formats = ExportFormatSchema.options;
const event = (n: number, attributes: Record<string, string> = {}) => numberedEvent(n, { attributes });
const eventsOf = (count: number, from = 1) => Array.from({ length: count }, (_, n) => event(from + n));

/** A real sandbox, vault, environments and login; a real SQLite history; sends through the real sender. */
async function setup(chunkSize = 2) {
  const context = await startSandboxSessions(open);
  const submissions = openSubmissions(path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-export-')), 'submissions.sqlite'));
  open.push(submissions);
  const sending = createSending({ fetch: (input, init) => fetch(input, init), ...context, submissions, push: () => {} });
  open.push({ close: () => sending.dispose() });
  await context.environments.update(LOCAL_SANDBOX_ID, { settings: { ...context.environments.get(LOCAL_SANDBOX_ID), chunkSize } });
  await context.sessions.login({ environmentId: LOCAL_SANDBOX_ID, username: 'demo', password: context.info.demoPassword, rememberPassword: true });
  const secrets = context.vault.get(LOCAL_SANDBOX_ID);
  if (!secrets.apiKey || !secrets.accessToken || !secrets.refreshToken || !secrets.password) throw new Error('the login left a secret out');
  const send = async (events: unknown[]) => {
    const result = await sending.start(LOCAL_SANDBOX_ID, JSON.stringify(events), true);
    if (!('started' in result)) throw new Error('not started');
    await expect.poll(() => submissions.get(result.started.id)?.status, { timeout: 10_000 }).not.toBe('sending');
    return result.started.id;
  };
  const historyExport = createHistoryExport({ submissions, environments: context.environments, vault: context.vault, appVersion: '9.8.7' });
  return {
    ...context,
    submissions,
    send,
    historyExport,
    secrets: { apiKey: secrets.apiKey, accessToken: secrets.accessToken, refreshToken: secrets.refreshToken, password: secrets.password },
  };
}

/** The blocks of a cURL export after its first (header) one: a comment line, then the command. */
const curlBlocks = (text: string) => text.trimEnd().split('\n\n').slice(1);

describe('exporting submissions from the history', () => {
  it('offers a file name that carries the submission’s label', async () => {
    const { send, historyExport, submissions } = await setup();
    const id = await send(eventsOf(1));
    submissions.annotate(id, { label: 'ZD-1234 repro', note: '' });
    expect(historyExport.build([id], 'har', false).fileName).toBe(`eventdesk-ZD-1234-repro-${id.slice(0, 8)}-1-submission.har`);
  });

  it('writes JSON: each submission with its request, its events parsed, and every chunk with its response', async () => {
    const { send, historyExport, submissions, info } = await setup();
    const id = await send(eventsOf(3));
    const detail = submissions.get(id)!;
    const { fileName, text } = historyExport.build([id], 'json', false);
    expect(fileName).toBe(`eventdesk-${id.slice(0, 8)}-1-submission.json`);
    const records = JSON.parse(text) as SubmissionExport[];
    expect(records).toEqual([
      {
        id,
        environment: { id: LOCAL_SANDBOX_ID, name: 'Local sandbox' },
        baseUrl: detail.baseUrl,
        startedAt: detail.startedAt,
        finishedAt: detail.finishedAt,
        status: 'ok',
        label: '',
        note: '',
        request: {
          method: 'POST',
          url: `${detail.baseUrl}/user/events`,
          headers: expect.objectContaining({ Authorization: 'Bearer ••••', 'Content-Type': 'application/json' }),
          events: eventsOf(3),
        },
        chunks: [0, 1].map((index) => ({
          firstEvent: index * 2,
          eventCount: index === 0 ? 2 : 1,
          status: 'ok',
          statusCode: 202,
          attempts: 1,
          durationMs: detail.chunks[index]!.durationMs,
          error: null,
          attemptLog: detail.chunks[index]!.attemptLog,
          response: {
            headers: expect.objectContaining({ 'content-type': expect.stringContaining('application/json') }),
            body: { accepted: index === 0 ? 2 : 1 },
            truncated: false,
          },
        })),
      },
    ]);
    expect(text).not.toContain(info.demoApiKey);
  });

  it('writes NDJSON: the same records, one a line', async () => {
    const { send, historyExport } = await setup();
    const ids = [await send(eventsOf(1)), await send(eventsOf(2, 5))];
    const { fileName, text } = historyExport.build(ids, 'ndjson', false);
    expect(fileName).toBe(`eventdesk-${ids[0]!.slice(0, 8)}-2-submissions.ndjson`);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line))).toEqual(JSON.parse(historyExport.build(ids, 'json', false).text));
  });

  it('writes a valid HAR 1.2 log: one entry per attempt, at the time it went out', async () => {
    const { send, historyExport, submissions } = await setup();
    const id = await send(eventsOf(5));
    const detail = submissions.get(id)!;
    const { fileName, text } = historyExport.build([id], 'har', false);
    expect(fileName.endsWith('.har')).toBe(true);
    const har = JSON.parse(text);
    expect(harProblems(har)).toEqual([]);
    expect(har.log.creator).toEqual({ name: 'EventDesk', version: '9.8.7' });
    expect(har.log.entries).toHaveLength(3);
    const [first, second] = har.log.entries;
    const attempt = (index: number) => detail.chunks[index]!.attemptLog[0]!;
    expect(first).toMatchObject({
      startedDateTime: attempt(0).startedAt,
      time: attempt(0).durationMs,
      request: { method: 'POST', url: `${detail.baseUrl}/user/events`, postData: { mimeType: 'application/json', text: JSON.stringify(eventsOf(2)) } },
      response: { status: 202, statusText: 'Accepted', content: { text: '{"accepted":2}' } },
      comment: `submission ${id} · chunk 1 of 3 · events 1–2 · attempt 1 of 1`,
    });
    expect(second.startedDateTime).toBe(attempt(1).startedAt);
    expect(har.log.entries[2].comment).toBe(`submission ${id} · chunk 3 of 3 · event 5 · attempt 1 of 1`);
    // What HAR import reads back is what was sent.
    expect(parseHar(text)).toMatchObject({ ok: true, events: eventsOf(5) });
  });

  it('names, for each attempt of a HAR, the events it carried and its number among their attempts, before and after a 413 split', async () => {
    const { send, historyExport, sandbox } = await setup(13);
    sandbox.setFaults({ failSequence: [500], maxEvents: 7 });
    const id = await send(eventsOf(13));
    const har = JSON.parse(historyExport.build([id], 'har', false).text);
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries.map((entry: { comment: string }) => entry.comment)).toEqual([
      `submission ${id} · events 1–13, later split into chunks 1–2 · attempt 1 of 2`,
      `submission ${id} · events 1–13, later split into chunks 1–2 · attempt 2 of 2 · The server refused the chunk as too large (HTTP 413).`,
      `submission ${id} · chunk 1 of 2 · events 1–7 · attempt 1 of 1`,
      `submission ${id} · chunk 2 of 2 · events 8–13 · attempt 1 of 1`,
    ]);
    const carried = har.log.entries.map((entry: { request: { postData: { text: string } } }) => (JSON.parse(entry.request.postData.text) as unknown[]).length);
    expect(carried).toEqual([13, 13, 7, 6]);
  });

  it('writes cURL: one command per chunk, each under a comment saying which it is', async () => {
    const { send, historyExport } = await setup();
    const id = await send(eventsOf(3));
    const { fileName, text } = historyExport.build([id], 'curl', false);
    expect(fileName).toBe(`eventdesk-${id.slice(0, 8)}-1-submission.sh`);
    expect(text.split('\n')[0]).toBe('# EventDesk 9.8.7 · 1 submission · 2 chunks · secrets masked (••••): put the real ones in before running');
    const blocks = curlBlocks(text);
    expect(blocks.map((block) => block.split('\n')[0])).toEqual([
      `# submission ${id} · chunk 1 of 2 · events 1–2 · ok 202`,
      `# submission ${id} · chunk 2 of 2 · event 3 · ok 202`,
    ]);
    const parsed = blocks.map((block) => parseCurl(block));
    expect(parsed.map((result) => result.ok && result.events)).toEqual([eventsOf(2), [event(3)]]);
    expect(parsed[0]).toMatchObject({ ok: true, request: { method: 'POST', headers: { Authorization: 'Bearer ••••' } } });
  });

  it('masks the API key, the tokens and the password everywhere, even where a batch echoes them, unless asked', async () => {
    const { send, historyExport, secrets } = await setup();
    // A batch whose attributes carry the secrets themselves, as a careless paste would.
    const id = await send([
      event(1, { pasted: secrets.accessToken, key: `apiKey=${secrets.apiKey}` }),
      event(2, { again: `${secrets.refreshToken} ${secrets.password}` }),
    ]);
    for (const format of formats) {
      const { text } = historyExport.build([id], format, false);
      for (const [name, secret] of Object.entries(secrets)) expect(text, `${format} holds the ${name}`).not.toContain(secret);
      expect(text).toContain('••••');
    }
    const json = JSON.parse(historyExport.build([id], 'json', false).text) as SubmissionExport[];
    expect((json[0]!.request.events[0] as { attributes: Record<string, string> }).attributes).toEqual({ pasted: '••••', key: 'apiKey=••••' });
  });

  it('puts the real API key and current access token in when asked', async () => {
    const { send, historyExport, secrets } = await setup();
    const id = await send(eventsOf(3));
    for (const format of formats) {
      const { fileName, text } = historyExport.build([id], format, true);
      expect(fileName).toMatch(/-with-secrets\.\w+$/);
      expect(text, format).toContain(`Bearer ${secrets.accessToken}`);
      expect(text, format).toContain(secrets.apiKey);
    }
    const [record] = JSON.parse(historyExport.build([id], 'json', true).text) as SubmissionExport[];
    expect(record!.request.headers).toMatchObject({ apiKey: secrets.apiKey, Authorization: `Bearer ${secrets.accessToken}` });
    const har = JSON.parse(historyExport.build([id], 'har', true).text);
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries[0].request.headers).toEqual(expect.arrayContaining([{ name: 'apiKey', value: secrets.apiKey }]));
  });

  it('refuses secrets for a submission whose environment is gone, rather than export it masked', async () => {
    const { send, historyExport, environments } = await setup();
    const id = await send(eventsOf(1));
    await environments.remove(LOCAL_SANDBOX_ID);
    for (const format of formats) {
      expect(() => historyExport.build([id], format, true)).toThrow(
        expect.objectContaining({ code: 'environment-not-found', message: expect.stringContaining('"Local sandbox", which no longer exists') }),
      );
    }
    // Masked, it still exports.
    expect(JSON.parse(historyExport.build([id], 'json', false).text)).toHaveLength(1);
  });

  it('lists chunks never sent in JSON and cURL, not in HAR, writes each attempt, and keeps a body that is not JSON as text', async () => {
    const { historyExport, submissions, info } = await setup();
    const texts = eventsOf(3).map((one) => JSON.stringify(one));
    const created = submissions.createSubmission(
      {
        environmentId: LOCAL_SANDBOX_ID,
        environmentName: 'Local sandbox',
        environmentColor: '#2e9d6a',
        baseUrl: 'http://127.0.0.1:9',
        headers: { apiKey: '••••-key' },
        batch: `[${texts.join(',')}]`,
        eventCount: 3,
        batchHash: 'h',
        startedAt: '2026-11-22T10:00:00.000Z',
      },
      [
        { firstEvent: 0, eventCount: 1 },
        { firstEvent: 1, eventCount: 1 },
        { firstEvent: 2, eventCount: 1 },
      ],
    );
    const answer = { retryAfter: null, error: null, responseHeaders: { 'content-type': 'text/plain' }, responseTruncated: false, mayHaveArrived: false };
    for (const number of [1, 2, 3]) {
      const attempt = submissions.beginAttempt(created.id, { number, startedAt: `2026-11-22T10:00:0${number}.000Z`, firstEvent: 0, eventCount: 1 });
      submissions.endAttempt(created.id, attempt, { ...answer, durationMs: 500, statusCode: number === 2 ? 503 : 500, responseBody: `boom ${number}` });
    }
    submissions.updateChunk(created.id, 0, {
      status: 'failed',
      statusCode: 500,
      responseHeaders: { 'content-type': 'text/plain' },
      responseBody: `boom ${info.demoApiKey}`,
      attempts: 3,
      durationMs: 1500,
      error: 'The server failed (500) 3 times.',
    });
    const reset = submissions.beginAttempt(created.id, { number: 1, startedAt: '2026-11-22T10:00:05.000Z', firstEvent: 1, eventCount: 1 });
    submissions.endAttempt(created.id, reset, {
      ...answer,
      responseHeaders: {},
      durationMs: 250,
      statusCode: null,
      responseBody: '',
      error: 'The connection was reset.',
      mayHaveArrived: true,
    });
    submissions.updateChunk(created.id, 1, { status: 'failed', attempts: 1, durationMs: 250, error: 'The connection was reset.' });
    submissions.finish(created.id, 'failed');

    const [record] = JSON.parse(historyExport.build([created.id], 'json', false).text) as SubmissionExport[];
    expect(record!.chunks.map((chunk) => chunk.response)).toEqual([
      { headers: { 'content-type': 'text/plain' }, body: 'boom ••••', truncated: false },
      null,
      null,
    ]);

    const har = JSON.parse(historyExport.build([created.id], 'har', false).text);
    expect(harProblems(har)).toEqual([]);
    expect(
      har.log.entries.map((entry: { startedDateTime: string; response: { status: number; statusText: string } }) => [
        entry.startedDateTime,
        entry.response.status,
        entry.response.statusText,
      ]),
    ).toEqual([
      ['2026-11-22T10:00:01.000Z', 500, 'Internal Server Error'],
      ['2026-11-22T10:00:02.000Z', 503, 'Service Unavailable'],
      ['2026-11-22T10:00:03.000Z', 500, 'Internal Server Error'],
      ['2026-11-22T10:00:05.000Z', 0, ''],
    ]);
    expect(har.log.entries.map((entry: { comment: string }) => entry.comment)).toEqual([
      `submission ${created.id} · chunk 1 of 3 · event 1 · attempt 1 of 3`,
      `submission ${created.id} · chunk 1 of 3 · event 1 · attempt 2 of 3`,
      `submission ${created.id} · chunk 1 of 3 · event 1 · attempt 3 of 3`,
      `submission ${created.id} · chunk 2 of 3 · event 2 · attempt 1 of 1 · The connection was reset.`,
    ]);
    expect(har.log.entries[1].response.content.text).toBe('boom 2');

    const curl = historyExport.build([created.id], 'curl', false).text;
    expect(curlBlocks(curl).map((block) => block.split('\n')[0]!.split(' · ').at(-1))).toEqual(['failed 500', 'failed', 'not sent']);
  });

  it('exports oldest first whatever the order asked, each submission once', async () => {
    const { send, historyExport } = await setup();
    const older = await send(eventsOf(1));
    const newer = await send(eventsOf(1, 7));
    for (const ids of [
      [older, newer],
      [newer, older, newer],
    ]) {
      const records = JSON.parse(historyExport.build(ids, 'json', false).text) as SubmissionExport[];
      expect(records.map((one) => one.id)).toEqual([older, newer]);
      expect(historyExport.build(ids, 'har', false).fileName).toBe(`eventdesk-${older.slice(0, 8)}-2-submissions.har`);
      expect(curlBlocks(historyExport.build(ids, 'curl', false).text).map((block) => block.split(' · ')[0])).toEqual([
        `# submission ${older}`,
        `# submission ${newer}`,
      ]);
    }
  });

  it('refuses an empty choice, ids not in the history, and a choice too large for one file', async () => {
    const { send, historyExport, submissions, environments, vault } = await setup();
    const id = await send(eventsOf(2));
    expect(() => historyExport.build([], 'json', false)).toThrow(expect.objectContaining({ code: 'export-nothing-chosen' }));
    expect(() => historyExport.build(['gone'], 'har', false)).toThrow(
      expect.objectContaining({ code: 'submission-not-found', message: 'That submission is no longer in the history.' }),
    );
    expect(() => historyExport.build([id, 'gone-1', 'gone-2'], 'har', false)).toThrow(
      expect.objectContaining({
        code: 'submission-not-found',
        message: expect.stringContaining('2 of the 3 chosen submissions are no longer in the history'),
        detail: 'not found: gone-1, gone-2',
      }),
    );
    const small = createHistoryExport({ submissions, environments, vault, appVersion: '9.8.7', maxBatchBytes: submissions.batch(id)!.length - 1 });
    expect(() => small.build([id], 'json', false)).toThrow(
      expect.objectContaining({ code: 'export-too-large', message: expect.stringContaining('Export fewer at a time') }),
    );
    expect(
      createHistoryExport({ submissions, environments, vault, appVersion: '9.8.7', maxBatchBytes: submissions.batch(id)!.length }).build([id], 'json', false)
        .text,
    ).toContain(id);
  });
});
