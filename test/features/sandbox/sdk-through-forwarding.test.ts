import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { runSandbox } from '../../app/cli/sandbox/cli-process.ts';
import { useSandbox, validEvent } from './sandbox-client.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * Issue #17's whole path, as an analyst sets it up: an SDK (this script) logs in and posts to
 * `eventdesk sandbox --forward UPSTREAM --capture`; every request goes on to the upstream, a
 * second sandbox, which decides; the capture keeps what the SDK sent with what the upstream
 * said; `eventdesk capture export --verdict accepted --format ndjson` then `eventdesk send`
 * delivers the accepted events to a third sandbox.
 */

const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;
const REQUESTS = 12;

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

describe('an SDK through a forwarding, capturing sandbox', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-sdk-forward-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('reaches the upstream exactly once per accepted event, is captured with its verdicts, and is delivered again from the export', async () => {
    const upstream = await runSandbox(['--port', '0']);
    const proxy = await runSandbox(['--port', '0', '--forward', upstream.url, '--capture', '--data', folder]);
    expect(proxy.output()).toContain(`Forwarding to ${upstream.url}`);

    const login = await fetch(`${proxy.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { apiKey, Authorization: `Bearer ${token}` };
    const sent: Record<string, unknown>[][] = [];
    const statuses: number[] = [];
    for (let request = 0; request < REQUESTS; request++) {
      // Every third request carries an event the upstream refuses (svc_id not an integer).
      const events = [
        validEvent({ token: `t-${request}`, customer_id: `c-${request}-a` }),
        validEvent({ token: `t-${request}`, customer_id: `c-${request}-b`, ...(request % 3 === 2 ? { svc_id: 'seven' } : {}) }),
      ];
      sent.push(events);
      statuses.push(await post(`${proxy.url}/user/events`, events, headers));
    }
    expect(statuses).toEqual(Array.from({ length: REQUESTS }, (_, request) => (request % 3 === 2 ? 422 : 202)));
    const accepted = sent.filter((_, request) => statuses[request] === 202).flat();

    // The upstream took each accepted event once, with the SDK's own credentials.
    const upstreamTraffic = (await (await fetch(`${upstream.url}/_sandbox/requests`)).json()) as {
      path: string;
      body: { text: string };
      response: { status: number };
    }[];
    const taken = upstreamTraffic
      .filter((record) => record.path === '/user/events' && record.response.status === 202)
      .flatMap((record) => JSON.parse(record.body.text) as unknown[]);
    expect(taken).toHaveLength(accepted.length);
    expect(new Set(taken.map((event) => JSON.stringify(event)))).toEqual(new Set(accepted.map((event) => JSON.stringify(event))));

    proxy.child.kill('SIGTERM');
    expect((await proxy.exited).code).toBe(0);

    // The capture holds every event the SDK sent, with the upstream's verdict on its request.
    const list = await runCli(['capture', 'list', '--data', folder], { timeout: 20_000 });
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(`${REQUESTS + 1} requests (${REQUESTS * 2} events, `);
    const refused = await runCli(['capture', 'show', '4', '--data', folder], { timeout: 20_000 });
    expect(refused.stdout).toContain('2 events, 0 accepted, 2 refused:');
    expect(refused.stdout).not.toContain(token);

    const all = await runCli(['capture', 'export', '--format', 'ndjson', '--data', folder], { timeout: 20_000 });
    expect(
      all.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(sent.flat());

    // The events the upstream accepted, exported, and delivered by eventdesk send to a third sandbox.
    const out = path.join(folder, 'accepted.ndjson');
    const exported = await runCli(['capture', 'export', '--verdict', 'accepted', '--format', 'ndjson', '--out', out, '--data', folder], { timeout: 20_000 });
    expect(exported.stderr).toBe(`eventdesk capture: ${accepted.length} of ${REQUESTS * 2} events written as ndjson.\n`);
    expect(
      (await readFile(out, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(accepted);
    const third = await useSandbox({ port: 0 });
    const env = { ...process.env, EVENTDESK_USERNAME: username, EVENTDESK_PASSWORD: password, EVENTDESK_API_KEY: apiKey };
    const delivered = await runCli(['send', out, '--base-url', third.url, '--data', path.join(folder, 'sender')], { env, timeout: 30_000 });
    expect(delivered.code).toBe(0);
    const received = third.traffic().filter((record) => record.path === '/user/events' && record.response?.status === 202);
    expect(received.flatMap((record) => JSON.parse(record.body.text) as unknown[])).toEqual(accepted);
    expect(await runCli(['capture', 'export', '--verdict', 'maybe', '--data', folder], { timeout: 20_000 })).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--verdict is accepted, refused or undelivered, not "maybe".'),
    });
  }, 90_000);
});
