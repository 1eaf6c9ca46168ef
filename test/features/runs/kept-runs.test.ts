import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_RUNS, keptRunsIn } from '../../../features/runs/node/kept-runs.ts';
import type { RunResult } from '../../../features/runs/common/run-result.ts';
import { MIXED_RUN, scenario, step } from './reports/fixtures.ts';

/** The kept runs of a workspace, in a real temporary folder. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function kept() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-kept-runs-'));
  folders.push(folder);
  return { folder, runs: keptRunsIn(folder) };
}

/** Run n, started n minutes after a fixed hour. */
const runAt = (n: number): RunResult => ({ ...MIXED_RUN, id: `run-${n}`, startedAt: new Date(Date.UTC(2026, 10, 24, 13, n)).toISOString() });

const keepAs = { source: 'app', environment: null, secrets: [] } as const;

describe('kept runs', () => {
  it('list newest first with their counts, who ran them and the environment chosen, and read one whole', async () => {
    const { runs } = await kept();
    await runs.keep(runAt(1), { source: 'cli', environment: 'qa', secrets: [] });
    await runs.keep(runAt(2), keepAs);
    expect(await runs.list()).toEqual([
      {
        id: 'run-2',
        startedAt: runAt(2).startedAt,
        durationMs: 1234,
        source: 'app',
        environment: null,
        stopped: true,
        scenarios: 3,
        counts: { passed: 2, failed: 2, skipped: 1 },
      },
      {
        id: 'run-1',
        startedAt: runAt(1).startedAt,
        durationMs: 1234,
        source: 'cli',
        environment: 'qa',
        stopped: true,
        scenarios: 3,
        counts: { passed: 2, failed: 2, skipped: 1 },
      },
    ]);
    expect(await runs.get('run-1')).toEqual(runAt(1));
  });

  it(`keep at most ${KEPT_RUNS}, letting the oldest go`, async () => {
    const { folder, runs } = await kept();
    // Started out of order: the oldest by when it started goes, not the first written.
    for (let n = KEPT_RUNS; n >= 1; n--) await runs.keep(runAt(n), keepAs);
    expect(await readdir(path.join(folder, 'runs'))).toHaveLength(KEPT_RUNS);
    await runs.keep(runAt(KEPT_RUNS + 1), keepAs);
    const listed = await runs.list();
    expect(listed).toHaveLength(KEPT_RUNS);
    expect(listed[0]!.id).toBe(`run-${KEPT_RUNS + 1}`);
    expect(listed.at(-1)!.id).toBe('run-2');
    await expect(runs.get('run-1')).rejects.toMatchObject({ code: 'run-not-found', message: 'That run is no longer kept.' });
  }, 30_000);

  it('mask every secret known before the run reaches the disk', async () => {
    const { folder, runs } = await kept();
    const secret = 'sk_live_0123456789abcdef';
    const leaking: RunResult = {
      ...runAt(1),
      scenarios: [scenario({ status: 'failed', steps: [step({ status: 'failed', reason: `received: attributes.pasted was "${secret}"` })] })],
    };
    await runs.keep(leaking, { ...keepAs, secrets: [secret] });
    const text = await readFile(path.join(folder, 'runs', 'run-1.json'), 'utf8');
    expect(text).not.toContain(secret);
    expect((await runs.get('run-1')).scenarios[0]!.steps[0]!.reason).toBe('received: attributes.pasted was "••••"');
  });

  it('leave a damaged file out of the list, and refuse to show it, saying why', async () => {
    const { folder, runs } = await kept();
    await runs.keep(runAt(1), keepAs);
    await writeFile(path.join(folder, 'runs', 'damaged.json'), '{"format": "eventdesk.run", "version": 1, "run": {');
    await writeFile(
      path.join(folder, 'runs', 'other.json'),
      JSON.stringify({ format: 'eventdesk.run', version: 1, source: 'app', environment: null, run: { id: 'other' } }),
    );
    expect((await runs.list()).map((run) => run.id)).toEqual(['run-1']);
    await expect(runs.get('damaged')).rejects.toMatchObject({
      code: 'run-not-found',
      message: 'The kept run damaged cannot be shown: it is damaged (not a kept run EventDesk can read).',
    });
    await expect(runs.get('other')).rejects.toMatchObject({ code: 'run-not-found' });
  });

  it('answer run-not-found for an id that is not kept or could name another file', async () => {
    const { folder, runs } = await kept();
    await writeFile(path.join(folder, 'secrets.json'), JSON.stringify({ format: 'eventdesk.run' }));
    await expect(runs.get('never')).rejects.toMatchObject({ code: 'run-not-found', message: 'That run is no longer kept.' });
    await expect(runs.get('../secrets')).rejects.toMatchObject({ code: 'run-not-found', message: 'There is no kept run by that id.' });
    expect(await runs.list()).toEqual([]);
  });
});
