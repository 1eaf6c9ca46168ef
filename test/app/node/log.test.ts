import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownSecrets } from '../../../features/environments/node/vault.ts';
import { LOG_MAX_BYTES, LOG_MAX_FILES, createLog, logFiles, redactLine } from '../../../app/node/log.ts';

const apiKey = 'sk_live_9f8e7d6c5b4a3210';
const accessToken = 'eyJhbGciOiJIUzI1NiJ9.access.c2lnbmF0dXJl';
const refreshToken = 'refresh-0123456789abcdef';
const password = 'correct horse battery';

async function dataFolder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'eventdesk-log-'));
}

function readAll(folder: string): string {
  return logFiles(folder)
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('');
}

describe('the log', () => {
  it('writes timestamped lines to <data folder>/logs/eventdesk.log', async () => {
    const folder = await dataFolder();
    const log = createLog({ dataFolder: folder, now: () => new Date('2026-11-22T10:00:00.000Z') });
    log.info('EventDesk started', { version: '0.1.0' });
    log.error('Send failed', { submissionId: 's-1', status: 500 });
    expect(log.file).toBe(path.join(folder, 'logs', 'eventdesk.log'));
    expect(readFileSync(log.file, 'utf8')).toBe(
      '2026-11-22T10:00:00.000Z INFO  EventDesk started {"version":"0.1.0"}\n2026-11-22T10:00:00.000Z ERROR Send failed {"submissionId":"s-1","status":500}\n',
    );
  });

  it('never lets a token, password, API key or Authorization value reach the file', async () => {
    const folder = await dataFolder();
    const log = createLog({ dataFolder: folder, secrets: () => knownSecrets([{ apiKey, password, accessToken, refreshToken, tokenType: 'Bearer' }]) });
    // As fields, by name.
    log.info('login', {
      username: 'demo',
      password,
      accessToken,
      refresh_token: refreshToken,
      headers: { Authorization: `Bearer ${accessToken}`, 'X-API-Key': apiKey },
    });
    // In free text, the way error messages and server answers echo them.
    log.warn(`request failed: Authorization: Bearer ${accessToken} apiKey=${apiKey} password: "${password}"`);
    log.error(`POST https://user:${password}@api.example.com/events?api_key=${apiKey}&token=${accessToken} answered 401`);
    log.error('server echoed the body', { error: new Error(`{"refreshToken":"${refreshToken}","apiKey":"${apiKey}"}`) });
    // A bare value with no name beside it is caught because the vault knows it.
    log.info(`got ${accessToken} back`);

    const text = readAll(folder);
    for (const secret of [apiKey, accessToken, refreshToken, password, 'correct horse', 'c2lnbmF0dXJl', '9f8e7d6c5b4a']) expect(text).not.toContain(secret);
    expect(text).toContain('"username":"demo"');
    expect(text).toContain('Authorization: Bearer ••••');
    expect(text).toContain('"Authorization":"Bearer ••••"');
    expect(text).toContain('"X-API-Key":"••••3210"');
    expect(text).toContain('POST https://user:••••@api.example.com/events?api_key=••••&token=•••• answered 401');
    expect(text.split('\n').filter(Boolean)).toHaveLength(5);
  });

  it('masks secret-named fields even when nobody told it the values', () => {
    const line = redactLine('token=abc123 "password": "hunter2" x-api-key: k-0123456789abcd Proxy-Authorization: Basic dXNlcjpwYXNz cookie=sid=42', []);
    expect(line).toBe('token=•••• "password": "••••" x-api-key: ••••abcd Proxy-Authorization: Basic •••• cookie=••••');
  });

  it('leaves ordinary words alone', () => {
    const line = 'token expired at 10:00; password remembered: yes is not a pair; tokenType: Bearer';
    expect(redactLine(line, [])).toBe(line);
  });

  it('writes a message with newlines as one line, so it cannot forge another entry', async () => {
    const folder = await dataFolder();
    const log = createLog({ dataFolder: folder });
    log.warn('first\n2026-01-01T00:00:00.000Z ERROR forged');
    expect(readFileSync(log.file, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('rotates by size and keeps at most the configured number of files, newest first', async () => {
    const folder = await dataFolder();
    const log = createLog({ dataFolder: folder, maxBytes: 1000, maxFiles: 3, now: () => new Date(0) });
    for (let index = 0; index < 100; index++) log.info(`line ${String(index).padStart(3, '0')}`, { padding: 'x'.repeat(20) });

    const [current, first, second, third] = logFiles(folder, 4);
    expect(existsSync(third!)).toBe(false);
    for (const file of [current!, first!, second!]) expect(statSync(file).size).toBeLessThanOrEqual(1000);
    expect(readFileSync(current!, 'utf8')).toContain('line 099');
    // The newest old file ends where the current one begins.
    const lastOld = readFileSync(first!, 'utf8').trim().split('\n').at(-1);
    const firstCurrent = readFileSync(current!, 'utf8').split('\n')[0];
    expect(Number(/line (\d+)/.exec(firstCurrent!)![1]) - Number(/line (\d+)/.exec(lastOld!)![1])).toBe(1);
    // The oldest lines are gone.
    expect(readAll(folder)).not.toContain('line 000');
  });

  it('picks up the size of an existing file after a restart', async () => {
    const folder = await dataFolder();
    createLog({ dataFolder: folder, maxBytes: 200 }).info('x'.repeat(150));
    createLog({ dataFolder: folder, maxBytes: 200 }).info('y'.repeat(150));
    const [current, first] = logFiles(folder);
    expect(readFileSync(current!, 'utf8')).toContain('yyy');
    expect(readFileSync(first!, 'utf8')).toContain('xxx');
  });

  it('defaults to 1 MiB a file and five files', () => {
    expect([LOG_MAX_BYTES, LOG_MAX_FILES]).toEqual([1024 * 1024, 5]);
  });
});
