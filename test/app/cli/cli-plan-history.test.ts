import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyFileIn } from '../../../features/history/node/history-file.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { runCli, type CliRun } from '../../support/cli-run.ts';

/**
 * `eventdesk plan coverage|infer --history`: the batches of a time range of a real history
 * (SQLite, filled through the real store as a send fills it), read by the spawned command.
 */

let folder: string;
let data: string;
let planFile: string;

const purchase = (n: number) => ({
  token: 'purchase',
  customer_id: `c${n}`,
  created_at: '2026-11-20 10:00:00',
  svc_id: 7,
  attributes: { spend: `${n}.50`, currency: 'EUR' },
});
const signup = (n: number) => ({ token: 'signup', customer_id: `c${n}`, created_at: '2026-11-20 10:00:00', svc_id: 7, attributes: { plan: 'free' } });

function recordSent(file: string, sends: { events: unknown[]; startedAt: string }[]): void {
  const store = openSubmissions(file);
  try {
    for (const { events, startedAt } of sends) {
      const batch = JSON.stringify(events);
      store.createSubmission(
        {
          environmentId: 'env-qa',
          environmentName: 'QA',
          environmentColor: '#2563eb',
          baseUrl: 'http://127.0.0.1:1',
          headers: {},
          batch,
          eventCount: events.length,
          batchHash: createHash('sha256').update(batch).digest('hex'),
          startedAt,
        },
        [{ firstEvent: 0, eventCount: events.length }],
      );
    }
  } finally {
    store.close();
  }
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-plan-history-'));
  data = path.join(folder, 'data');
  recordSent(historyFileIn(data), [
    { events: [purchase(1), { token: 'debug', attributes: {} }], startedAt: '2026-11-18T09:00:00.000Z' },
    { events: [purchase(2), purchase(3)], startedAt: '2026-11-20T09:00:00.000Z' },
    { events: [signup(4)], startedAt: '2026-11-21T09:00:00.000Z' },
  ]);
  planFile = path.join(folder, 'shop.plan.json');
  await writeFile(planFile, JSON.stringify({ name: 'shop', events: { purchase: {}, signup: {}, refund: {} } }));
});

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

const plan = (args: string[]): Promise<CliRun> => runCli(['plan', ...args]);

describe('eventdesk plan --history', () => {
  it('measures coverage over the batches sent in a time range', async () => {
    const all = await plan(['coverage', '--history', '--data', data, '--plan', planFile, '--json']);
    expect(all.code).toBe(1);
    expect(JSON.parse(all.stdout)).toMatchObject({
      events: 5,
      seen: [
        { key: 'purchase', count: 3 },
        { key: 'signup', count: 1 },
      ],
      neverSeen: ['refund'],
      unplanned: [{ key: 'debug', count: 1 }],
    });
    const since = await plan(['coverage', '--history', '--data', data, '--from', '2026-11-19T00:00:00Z', '--plan', planFile]);
    expect(since.stdout).toContain('3 events of 2 submissions in the history since 2026-11-19T00:00:00Z');
    expect(since.stdout).not.toContain('debug');
  });

  it('infers a draft plan from the history', async () => {
    const run = await plan(['infer', '--history', '--data', data, '--to', '2026-11-20T12:00:00Z']);
    expect(run.code).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout).events)).toEqual(['debug', 'purchase']);
    expect(run.stderr).toContain('2 kinds from 4 events of 2 submissions in the history until 2026-11-20T12:00:00Z');
  });

  it('says what is wrong: files and --history at once, a range without --history, no history, a range that matches nothing', async () => {
    const both = await plan(['coverage', planFile, '--history', '--data', data, '--plan', planFile]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Read either files or --history, not both.');
    const stray = await plan(['infer', planFile, '--from', '2026-11-19']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('--from go with --history or --capture.');
    const none = await plan(['infer', '--history', '--data', path.join(folder, 'empty')]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('No history yet in');
    const backwards = await plan(['infer', '--history', '--data', data, '--from', '2026-11-21', '--to', '2026-11-19']);
    expect(backwards.code).toBe(2);
    expect(backwards.stderr).toContain('is not before --to');
  });
});
