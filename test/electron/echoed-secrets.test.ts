import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../shared/environment.ts';
import { secretForms } from '../../shared/redact.ts';
import type { SubmissionView } from '../../shared/submission.ts';
import { runCli } from '../../electron/cli.ts';
import { createDispatch, createPushSender, type Sender } from '../../electron/ipc/dispatch.ts';
import { createHandlers } from '../../electron/ipc/handlers.ts';
import { nodeServiceDeps } from '../../electron/node-services.ts';
import { createServices, type Services } from '../../electron/services/index.ts';
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts';

/**
 * A hostile server echoes every header and body it receives, in every encoding. Through the IPC
 * contract, as the page drives a send, nothing of what it echoed may leave a secret in the
 * history file, in what the page reads back, in an export, or in `history show`.
 */

const appUrl = 'app://eventdesk/index.html';
const trusted: Sender = { fromAppWindow: true, fromMainFrame: true, url: appUrl };
// A quote and a backslash, so the JSON-escaped forms differ from the plain ones.
const API_KEY = 'ak-"echo"\\key-4f9c2e7a1b';
const PASSWORD = 'pä"ss\\word/+=?-7d3e';

let services: Services | undefined;
let echo: EchoServer | undefined;
afterEach(async () => {
  await services?.close();
  await echo?.close();
  services = echo = undefined;
});

/** Every secret form of every secret found in `text`, by name, so a failure says which leaked how. */
function leaks(text: string | Buffer, secrets: Record<string, string>): string[] {
  const haystack = typeof text === 'string' ? text : text.toString('latin1') + text.toString('utf8');
  return Object.entries(secrets).flatMap(([name, secret]) => secretForms(secret).filter((form) => haystack.includes(form)).map((form) => `${name} as ${JSON.stringify(form)}`));
}

describe('a server that echoes the secrets back', () => {
  it('gets none of them into the history file, what the page reads, an export or history show', async () => {
    echo = await startEchoServer({ failFirst: 2 });
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-echo-'));
    const saved: string[] = [];
    services = await createServices({
      ...nodeServiceDeps(dataFolder),
      dialogs: { chooseFileToOpen: async () => null, chooseFileToSave: async (name) => (saved.push(path.join(dataFolder, name)), saved.at(-1)!) },
      push: createPushSender(() => undefined),
      sandbox: null,
    });
    const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
    const call = async (channel: string, input?: unknown) => {
      const envelope = await dispatch(channel, input, trusted);
      if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
      return envelope.value;
    };

    const created = (await call('environments:create', {
      settings: { ...DEFAULT_SETTINGS, name: 'Echo', baseUrl: echo.url, username: 'qa', rememberPassword: true },
      apiKey: API_KEY,
      password: PASSWORD,
    })) as { ok: true; environment: { id: string } };
    const environmentId = created.environment.id;
    await call('session:login', { environmentId, username: 'qa', password: PASSWORD, rememberPassword: true });
    const started = (await call('send:start', { environmentId, batchText: JSON.stringify([{ token: 't-1', customer_id: 'c-1' }]), again: false })) as { started: { id: string } };
    const id = started.started.id;
    await expect.poll(async () => ((await call('submissions:get', { id })) as SubmissionView).status, { timeout: 15_000 }).not.toBe('sending');

    const secrets: Record<string, string> = { apiKey: API_KEY, password: PASSWORD };
    echo.issued.forEach((tokens, at) => Object.assign(secrets, { [`accessToken${at}`]: tokens.accessToken, [`refreshToken${at}`]: tokens.refreshToken }));
    // The server did receive them (or this test proves nothing), and echoed them in every answer.
    expect(leaks(JSON.stringify(echo.received), secrets)).not.toEqual([]);

    const view = (await call('submissions:get', { id })) as SubmissionView;
    expect(view.status).toBe('ok');
    expect(view.chunks[0]!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([500, 500, 200]);
    expect(view.chunks[0]!.attemptLog[0]!.responseBody).toContain('echo-failure');
    expect(leaks(JSON.stringify(view), secrets)).toEqual([]);
    expect(leaks(JSON.stringify(await call('history:list', { filter: {} })), secrets)).toEqual([]);

    for (const format of ['har', 'json']) {
      await call('history:export', { ids: [id], format, withSecrets: false });
      expect(leaks(await readFile(saved.at(-1)!, 'utf8'), secrets), format).toEqual([]);
    }

    // The command line, knowing none of the secrets, prints what the store holds.
    for (const args of [[], ['--json']]) {
      let stdout = '';
      expect(await runCli(['history', 'show', id, '--data', dataFolder, ...args], { stdout: (text) => (stdout += text), stderr: () => undefined })).toBe(0);
      expect(stdout).toMatch(/attempt 3 |"number": 3/);
      expect(leaks(stdout, secrets)).toEqual([]);
    }

    const file = path.join(dataFolder, 'submissions.sqlite');
    for (const part of [file, `${file}-wal`]) {
      if (existsSync(part)) expect(leaks(readFileSync(part), secrets), part).toEqual([]);
    }
  });

  it('is masked again when the page reads rows an older version stored raw', async () => {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-echo-old-'));
    services = await createServices({ ...nodeServiceDeps(dataFolder), push: createPushSender(() => undefined), sandbox: null });
    const dispatch = createDispatch(createHandlers(services), (url) => url === appUrl);
    const call = async (channel: string, input?: unknown) => {
      const envelope = await dispatch(channel, input, trusted);
      if (!envelope.ok) throw new Error(`${channel}: ${JSON.stringify(envelope.error)}`);
      return envelope.value;
    };
    const created = (await call('environments:create', { settings: { ...DEFAULT_SETTINGS, name: 'Old', baseUrl: 'https://old.example.com', username: 'qa' }, apiKey: API_KEY })) as {
      ok: true;
      environment: { id: string; name: string };
    };
    const { submissions } = services;
    const { id } = submissions.createSubmission(
      { environmentId: created.environment.id, environmentName: 'Old', environmentColor: '#000000', baseUrl: 'https://old.example.com', headers: {}, batch: '[{"a":1}]', eventCount: 1, batchHash: 'h', startedAt: new Date().toISOString() },
      [{ firstEvent: 0, eventCount: 1 }],
    );
    const echoed = `{"echo":${JSON.stringify(API_KEY)},"b64":"${Buffer.from(API_KEY).toString('base64')}"}`;
    const attempt = submissions.beginAttempt(id, 0, { number: 1, startedAt: new Date().toISOString(), firstEvent: 0, eventCount: 1 });
    submissions.endAttempt(id, attempt, { durationMs: 1, statusCode: 202, retryAfter: null, error: null, responseHeaders: { 'x-echo-apikey': API_KEY }, responseBody: echoed, responseTruncated: false, mayHaveArrived: false });
    submissions.updateChunk(id, 0, { status: 'ok', statusCode: 202, responseHeaders: { 'x-echo-apikey': API_KEY }, responseBody: echoed });
    submissions.annotate(id, { label: `key ${API_KEY}`, note: '' });
    submissions.finish(id, 'ok');

    const view = JSON.stringify(await call('submissions:get', { id }));
    expect(view).toContain('••••');
    expect(leaks(view, { apiKey: API_KEY })).toEqual([]);
    expect(leaks(JSON.stringify(await call('history:list', { filter: {} })), { apiKey: API_KEY })).toEqual([]);
  });
});
