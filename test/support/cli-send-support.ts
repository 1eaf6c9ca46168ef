import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'vitest';
import { startSandbox, type SandboxServer } from '../../features/sandbox/server/server.ts';
import type { SandboxStartOptions } from '../../features/sandbox/server/config.ts';
import { openSubmissions, type SubmissionStore } from '../../features/history/node/submissions.ts';
import { numberedEvent } from '../fixtures/events.ts';

/**
 * What the tests of eventdesk send share: a sandbox and folders closed after each test, the command
 * run as its own process, secrets checked in what it printed.
 */

export const cli = path.resolve(import.meta.dirname, '../../app/cli/bin.ts');
export const PASSWORD = 'send-test password 7c1d';
export const API_KEY = 'send-test-api-key-93be1f';
export const CREDENTIALS = { EVENTDESK_USERNAME: 'qa-sender', EVENTDESK_PASSWORD: PASSWORD, EVENTDESK_API_KEY: API_KEY };
/** What a token looks like (the sandbox's are 64 base64url characters)... */
export const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/;
/** ...once the submission ids (UUIDs) are taken out. */
export const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
/** No spawned command may run longer than this; it is killed and the test fails. */
export const RUN_LIMIT_MS = 45_000;

export const open: { close(): unknown }[] = [];
export const folders: string[] = [];
/** Closes what a test opened and removes its folders: each test file runs it after each test. */
export async function cleanUp(): Promise<void> {
  for (const thing of open.splice(0).reverse()) await thing.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
}

export async function sandboxWith(options: SandboxStartOptions = {}): Promise<SandboxServer> {
  const sandbox = await startSandbox({ port: 0, users: [{ username: CREDENTIALS.EVENTDESK_USERNAME, password: PASSWORD }], apiKeys: [API_KEY], ...options });
  open.push(sandbox);
  return sandbox;
}

export async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-send-test-'));
  folders.push(folder);
  return folder;
}

export const event = (n: number, serviceId: unknown = n) => numberedEvent(n, { svc_id: serviceId });

export async function batchFile(folder: string, events: unknown[], name = 'batch.json'): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, JSON.stringify(events, null, 2));
  return file;
}
export const numbered = (count: number) => Array.from({ length: count }, (_, n) => event(n + 1));

export type Child = ChildProcessByStdio<null, Readable, Readable>;

export function spawnSend(args: string[], credentials: Record<string, string> = CREDENTIALS): { child: Child; output: { stdout: string; stderr: string } } {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith('EVENTDESK_'));
  const child = spawn(process.execPath, [cli, 'send', ...args], {
    env: { ...Object.fromEntries(inherited), ...credentials },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output.stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output.stderr += text));
  return { child, output };
}

/** Resolves with the exit code (null when killed by a signal), within RUN_LIMIT_MS. */
export function exited(child: Child): Promise<number | null> {
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

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `eventdesk send …` as its own process with the credentials in its environment; checks that no secret got out. */
export async function runSend(args: string[], credentials?: Record<string, string>): Promise<Run> {
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
export function acceptedTokens(sandbox: SandboxServer): string[] {
  return sandbox
    .traffic()
    .filter((record) => record.path === '/user/events' && record.response?.status === 202)
    .flatMap((record) => {
      expect(record.body.truncated).toBe(false);
      return (JSON.parse(record.body.text) as { token: string }[]).map((sent) => sent.token);
    });
}

export function expectEachOnce(tokens: string[], count: number): void {
  expect([...tokens].sort()).toEqual(
    numbered(count)
      .map((sent) => sent.token)
      .sort(),
  );
}

export const eventRequests = (sandbox: SandboxServer) => sandbox.traffic().filter((record) => record.path === '/user/events');

export function store(data: string): SubmissionStore {
  const submissions = openSubmissions(path.join(data, 'submissions.sqlite'));
  open.push(submissions);
  return submissions;
}
