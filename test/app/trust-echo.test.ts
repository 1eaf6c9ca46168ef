import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createDispatch, createPushSender, type Sender } from '../../app/ipc/dispatch.ts';
import { createHandlers } from '../../app/ipc/handlers.ts';
import { nodeServiceDeps } from '../../app/host/node-services.ts';
import { createServices, type Services } from '../../app/node/index.ts';
import { DEFAULT_SETTINGS } from '../../features/environments/common/environment.ts';
import type { SubmissionView } from '../../features/history/common/submission.ts';
import { runCli } from '../../app/cli/main.ts';
import { startEchoServer } from '../fixtures/echo-server.ts';

/**
 * Issue #13's proof that nothing a server echoes is kept or shown in clear: the real services
 * and IPC handlers, driven through the contract as the window drives them, log in and send to a
 * server that echoes every header and body back in every encoding. Afterwards no secret, in any
 * form, is in anything the renderer received, in any file of the data folder (the history's
 * SQLite file and its WAL included, read as bytes), in the log, or in an export.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
// Characters that change in every encoding: a quote and a backslash (JSON), a slash, a plus
// and an equals sign (URL and base64), and in the password a space and a non-ASCII letter.
const API_KEY = 'ak_"echo\\key/+=_5f3c9a';
const PASSWORD = 'pass "wörd" \\ 7e1d&x=1';

/** Each secret as a careless server can send it back, each form written here independently of the code under test. */
function formsOf(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    Buffer.from(secret).toString('base64').replace(/=+$/, ''),
    Buffer.from(secret).toString('base64url'),
  ];
}

/** The secrets found in a text, named by which secret and which form, for a readable failure. */
function leaksIn(where: string, text: string, secrets: Record<string, string>): string[] {
  return Object.entries(secrets).flatMap(([name, secret]) =>
    formsOf(secret)
      .filter((form) => text.includes(form))
      .map((form) => `${where}: ${name} as ${JSON.stringify(form)}`),
  );
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const open: { close(): unknown }[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function setUp() {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-trust-'));
  const exportFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-trust-export-'));
  folders.push(dataFolder, exportFolder);
  const received: { push: string; payload: unknown }[] = [];
  const deps = nodeServiceDeps(dataFolder);
  const services: Services = await createServices({
    ...deps,
    dialogs: { chooseFileToOpen: async () => null, chooseFilesToOpen: async () => [], chooseFileToSave: async (name) => path.join(exportFolder, name) },
    push: createPushSender((push, payload) => received.push({ push, payload })),
    sandbox: null,
  });
  open.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
  const answers: unknown[] = [];
  const call = async (channel: string, input?: unknown) => {
    const envelope = await dispatch(channel, input, trusted);
    answers.push(envelope);
    if (!envelope.ok) throw new Error(`${channel} failed: ${JSON.stringify(envelope.error)}`);
    return envelope.value as never;
  };
  return { dataFolder, exportFolder, received, answers, call, services };
}

describe('a server that echoes every secret back', () => {
  it('leaves no secret in what the renderer receives, the data folder, the log or an export', async () => {
    const echo = await startEchoServer({ failFirst: 1 });
    open.push(echo);
    const { dataFolder, exportFolder, received, answers, call } = await setUp();

    const created = await call('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Echo', baseUrl: echo.url, username: 'qa-echo', rememberPassword: true },
      apiKey: API_KEY,
      password: PASSWORD,
    });
    const environmentId = (created as { environment: { id: string } }).environment.id;
    await call('session:login', { environmentId, username: 'qa-echo', password: PASSWORD, rememberPassword: true });
    const batch = JSON.stringify([
      { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1, created_at: '2026-11-22 10:00:00', attributes: {} },
    ]);
    const started = (await call('send:start', { environmentId, batchText: batch, again: true })) as { started: { id: string } };
    const id = started.started.id;
    for (let tries = 0; tries < 200; tries++) {
      const view = (await call('submissions:get', { id })) as { status: string } | null;
      if (view && view.status !== 'sending') break;
      await sleep(25);
    }
    const detail = (await call('submissions:get', { id })) as SubmissionView;
    expect(detail.status).toBe('ok');
    // Every attempt is kept, the echoing 500 too: the evidence support staff attach to a ticket.
    expect(detail.chunks[0]!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    expect(detail.chunks[0]!.attemptLog[0]!.responseBody).toContain('echo-failure');
    await call('history:list', { filter: { environmentIds: [], statuses: [], from: null, to: null, search: '' } });
    await call('history:batch', { id });
    for (const format of ['json', 'ndjson', 'har', 'curl']) await call('history:export', { ids: [id], format, withSecrets: false });

    // The server did receive them: that is the point of a key and a password.
    const [tokens] = echo.issued;
    expect(tokens).toBeDefined();
    const secrets = { 'API key': API_KEY, password: PASSWORD, 'access token': tokens!.accessToken, 'refresh token': tokens!.refreshToken };
    expect(echo.received.some((request) => request.headers.apikey === API_KEY)).toBe(true);

    // The command line, knowing none of the secrets, prints what the store holds.
    const printed: string[] = [];
    for (const args of [[], ['--json']]) {
      expect(
        await runCli(['history', 'show', id, '--data', dataFolder, ...args], { stdout: (text) => printed.push(text), stderr: (text) => printed.push(text) }),
      ).toBe(0);
    }
    expect(printed.join('')).toMatch(/attempt 2 /);

    expect((await filesUnder(dataFolder)).map((file) => path.relative(dataFolder, file))).toEqual(
      expect.arrayContaining(['submissions.sqlite', path.join('logs', 'eventdesk.log')]),
    );
    const leaks = [
      ...leaksIn('IPC answers', JSON.stringify(answers), secrets),
      ...leaksIn('pushes', JSON.stringify(received), secrets),
      ...leaksIn('history show', printed.join(''), secrets),
    ];
    for (const file of [...(await filesUnder(dataFolder)), ...(await filesUnder(exportFolder))]) {
      leaksIn(file, (await readFile(file)).toString('latin1'), secrets).forEach((leak) => leaks.push(leak));
      leaksIn(file, await readFile(file, 'utf8'), secrets).forEach((leak) => leaks.push(leak));
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('is masked again when the page reads rows an older version stored raw', async () => {
    const { call, services } = await setUp();
    const created = await call('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Old', baseUrl: 'https://old.example.com', username: 'qa' },
      apiKey: API_KEY,
    });
    const environmentId = (created as { environment: { id: string } }).environment.id;
    // What a version before the masking wrote: the store takes what it is given.
    const { submissions } = services;
    const { id } = submissions.createSubmission(
      {
        environmentId,
        environmentName: 'Old',
        environmentColor: '#000000',
        baseUrl: 'https://old.example.com',
        headers: {},
        batch: '[{"a":1}]',
        eventCount: 1,
        batchHash: 'h',
        startedAt: new Date().toISOString(),
      },
      [{ firstEvent: 0, eventCount: 1 }],
    );
    const echoed = `{"echo":${JSON.stringify(API_KEY)},"b64":"${Buffer.from(API_KEY).toString('base64')}"}`;
    const attempt = submissions.beginAttempt(id, { number: 1, startedAt: new Date().toISOString(), firstEvent: 0, eventCount: 1 });
    submissions.endAttempt(id, attempt, {
      durationMs: 1,
      statusCode: 202,
      retryAfter: null,
      error: null,
      responseHeaders: { 'x-echo-apikey': API_KEY },
      responseBody: echoed,
      responseTruncated: false,
      mayHaveArrived: false,
    });
    submissions.updateChunk(id, 0, { status: 'ok', statusCode: 202, responseHeaders: { 'x-echo-apikey': API_KEY }, responseBody: echoed });
    submissions.annotate(id, { label: `key ${API_KEY}`, note: '' });
    submissions.finish(id, 'ok');

    const view = JSON.stringify(await call('submissions:get', { id }));
    expect(view).toContain('••••');
    const read = [view, JSON.stringify(await call('history:list', { filter: { environmentIds: [], statuses: [], from: null, to: null, search: '' } }))].join(
      '',
    );
    expect(leaksIn('what the page reads', read, { 'API key': API_KEY })).toEqual([]);
  });

  it('leaves no secret in what the command line prints or keeps', async () => {
    const echo = await startEchoServer({ failFirst: 1 });
    open.push(echo);
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-trust-cli-'));
    folders.push(folder);
    const data = path.join(folder, 'data');
    const batch = path.join(folder, 'batch.json');
    await writeFile(
      batch,
      JSON.stringify([
        { token: 't-1', customer_id: 'c-1', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1, created_at: '2026-11-22 10:00:00', attributes: {} },
      ]),
    );
    const credentials = { EVENTDESK_USERNAME: 'qa-echo', EVENTDESK_PASSWORD: PASSWORD, EVENTDESK_API_KEY: API_KEY };

    const sent = await runCliProcess(['send', batch, '--base-url', echo.url, '--data', data, '--json'], credentials);
    expect(sent.code).toBe(0);
    const id = (JSON.parse(sent.stdout) as { submissionId: string }).submissionId;
    const outputs = [
      sent,
      await runCliProcess(['history', '--data', data]),
      await runCliProcess(['history', '--data', data, '--json']),
      await runCliProcess(['history', 'show', id, '--data', data]),
      await runCliProcess(['history', 'show', id, '--data', data, '--json']),
    ];
    expect(outputs.map((run) => run.code)).toEqual([0, 0, 0, 0, 0]);

    const [tokens] = echo.issued;
    const secrets = { 'API key': API_KEY, password: PASSWORD, 'access token': tokens!.accessToken, 'refresh token': tokens!.refreshToken };
    const leaks = outputs.flatMap((run, n) => [...leaksIn(`run ${n} stdout`, run.stdout, secrets), ...leaksIn(`run ${n} stderr`, run.stderr, secrets)]);
    for (const file of await filesUnder(data)) leaksIn(file, (await readFile(file)).toString('latin1'), secrets).forEach((leak) => leaks.push(leak));
    expect([...new Set(leaks)]).toEqual([]);
  });
});

const cli = path.resolve(import.meta.dirname, '../../app/cli/bin.ts');
/** No command may run longer than this; it is killed and the test fails. */
const RUN_LIMIT_MS = 45_000;

/** Runs `eventdesk …` as its own process with only the EVENTDESK_* variables given. */
function runCliProcess(args: string[], variables: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('EVENTDESK_'));
  const child = spawn(process.execPath, [cli, ...args], { env: { ...Object.fromEntries(inherited), ...variables }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  return new Promise((resolve, reject) => {
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`eventdesk ${args.join(' ')} ran longer than ${RUN_LIMIT_MS} ms`));
    }, RUN_LIMIT_MS);
    child.once('error', reject).once('close', (code) => {
      clearTimeout(limit);
      resolve({ code, ...output });
    });
  });
}
