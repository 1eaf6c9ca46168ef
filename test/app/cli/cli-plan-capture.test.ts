import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { runSandbox } from './sandbox/cli-process.ts';
import { validEvent } from '../../features/sandbox/sandbox-client.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

/**
 * `eventdesk plan coverage|infer --capture`: what a spawned `eventdesk sandbox --capture` kept
 * of an SDK's session (a real capture.sqlite), read by the spawned command.
 */

const { username, password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

const purchase = (n: number) => validEvent({ token: 'purchase', customer_id: `cust-${n}`, attributes: { spend: `${n}.50`, currency: 'EUR' } });
const signup = (n: number) => validEvent({ token: 'signup', customer_id: `cust-${n}`, attributes: { plan: 'free' } });
const debug = validEvent({ token: 'debug', attributes: { on: 'yes' } });
/** Refused (422): svc_id is no number. */
const brokenSignup = validEvent({ token: 'signup', svc_id: 'seven', attributes: { plan: 'pro' } });

let folder: string;
let data: string;
let planFile: string;
const accepted = [purchase(1), purchase(2), debug];

async function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-capture-'));
  data = path.join(folder, 'data');
  planFile = path.join(folder, 'shop.plan.json');
  await writeFile(planFile, JSON.stringify({ name: 'shop', events: { purchase: {}, signup: {}, refund: {} } }));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const plan = (args: string[]): Promise<CliRun> => runCli(['plan', ...args], { timeout: 20_000 });

describe('eventdesk plan --capture', () => {
  // The tests below read what this one captured.
  it('captures an SDK session with eventdesk sandbox --capture: one batch accepted, one refused', async () => {
    const sandbox = await runSandbox(['--capture', '--data', data]);
    const login = await fetch(`${sandbox.url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { apiKey, Authorization: `Bearer ${token}` };
    expect(await post(`${sandbox.url}/user/events`, accepted, headers)).toBe(202);
    expect(await post(`${sandbox.url}/user/events`, [brokenSignup, signup(3)], headers)).toBe(422);
    sandbox.child.kill('SIGTERM');
    expect((await sandbox.exited).code).toBe(0);
  }, 30_000);

  it('measures coverage over what the sandbox captured: all, accepted only, or a range of when it arrived', async () => {
    const all = await plan(['coverage', '--capture', '--data', data, '--plan', planFile, '--json']);
    expect(all.code).toBe(1);
    expect(JSON.parse(all.stdout)).toMatchObject({
      events: 5,
      seen: [
        { key: 'purchase', count: 2 },
        { key: 'signup', count: 2 },
      ],
      neverSeen: ['refund'],
      unplanned: [{ key: 'debug', count: 1 }],
    });

    const acceptedOnly = await plan(['coverage', '--capture', '--accepted', '--data', data, '--plan', planFile]);
    expect(acceptedOnly.code).toBe(1);
    expect(acceptedOnly.stdout).toContain(`Coverage of ${planFile} (kinds by "token") in 3 events the sandbox accepted in 1 request:`);
    expect(acceptedOnly.stdout).toContain('never seen (2):\n    refund\n    signup');

    const later = await plan(['coverage', '--capture', '--from', '2999-01-01T00:00:00Z', '--data', data, '--plan', planFile]);
    expect(later.stdout).toContain('0 events captured in 0 requests since 2999-01-01T00:00:00Z');
  });

  it('infers a draft plan from the capture that the same events pass', async () => {
    const out = path.join(folder, 'inferred.plan.json');
    const run = await plan(['infer', '--capture', '--accepted', '--data', data, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('2 kinds from 3 events the sandbox accepted in 1 request');
    expect(Object.keys(JSON.parse(await readFile(out, 'utf8')).events)).toEqual(['debug', 'purchase']);
    const events = path.join(folder, 'accepted.json');
    await writeFile(events, JSON.stringify(accepted));
    const validated = await runCli(['validate', events, '--plan', out], { timeout: 20_000 });
    expect(validated.code).toBe(0);

    const everything = await plan(['infer', '--capture', '--data', data]);
    expect(Object.keys(JSON.parse(everything.stdout).events)).toEqual(['debug', 'purchase', 'signup']);
  });

  it('says what is wrong: --capture with files or --history, --accepted without it, --csv-map, no capture yet', async () => {
    const cases: [string[], string][] = [
      [['coverage', planFile, '--capture', '--data', data, '--plan', planFile], 'Read either files or --capture, not both.'],
      [['infer', '--capture', '--history', '--data', data], 'Read either --history or --capture, not both.'],
      [['infer', planFile, '--accepted'], '--accepted goes with --capture'],
      [['infer', '--capture', '--csv-map', 'auto', '--data', data], '--csv-map is for CSV files; the capture holds JSON events.'],
      [
        ['infer', '--capture', '--data', path.join(folder, 'empty')],
        `Nothing is captured in ${path.join(folder, 'empty')} yet: run "eventdesk sandbox --capture --data ${path.join(folder, 'empty')}" and send it events.`,
      ],
      [['coverage', '--capture', '--from', '2026-11-21', '--to', '2026-11-19', '--data', data, '--plan', planFile], 'is not before --to'],
    ];
    for (const [args, message] of cases) {
      const run = await plan(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stderr).not.toContain('    at ');
    }
  });
});
