import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { setTimeout } from 'node:timers/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimSubmission, claimedElsewhere } from '../../../features/history/node/send-claims.ts';
import { openSubmissions } from '../../../features/history/node/submissions.ts';
import { startHarness } from '../../harness/server.ts';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Another live process, standing in for a command-line send still under way. */
function otherProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

async function claimedBy(folder: string, id: string, pid: number): Promise<void> {
  await mkdir(path.join(folder, 'sending'), { recursive: true });
  await writeFile(path.join(folder, 'sending', `${id}.pid`), `${pid}\n`);
}

/** A zombie: `sh` starts `sleep 0` in the background and then becomes `sleep 5`, which never reaps it. */
async function zombie(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const pid = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (text: Buffer) => resolve(Number.parseInt(text.toString(), 10)));
    child.once('error', reject);
  });
  // Bounded: until `sleep 0` has exited and shows as a zombie.
  for (let tries = 0; tries < 100 && !(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')).match(/\) Z /); tries++) await setTimeout(20);
  return pid;
}

describe('send claims', () => {
  it.runIf(process.platform === 'linux')('take over the claim of a zombie: a killed send its parent has not reaped yet', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-claims-'));
    const pid = await zombie();
    expect(await readFile(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    // Signal 0 still finds it: only its state says it is gone.
    expect(() => process.kill(pid, 0)).not.toThrow();
    await claimedBy(folder, 'z', pid);
    expect(claimedElsewhere(folder, 'z')).toBe(false);
    const claim = claimSubmission(folder, 'z');
    expect(claim.ok).toBe(true);
    if (claim.ok) claim.release();
  });

  it('refuse a claim another live process holds, and take over the claim of a dead one', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-claims-'));
    await claimedBy(folder, 'a', otherProcess());
    expect(claimedElsewhere(folder, 'a')).toBe(true);
    expect(claimSubmission(folder, 'a')).toMatchObject({ ok: false });

    await claimedBy(folder, 'b', 999_999_999);
    expect(claimedElsewhere(folder, 'b')).toBe(false);
    const claim = claimSubmission(folder, 'b');
    expect(claim.ok).toBe(true);
    if (claim.ok) claim.release();
    expect(claimedElsewhere(folder, 'b')).toBe(false);
  });

  it('keep the app from marking a send interrupted, or resuming it, while another process sends it', async () => {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-claims-app-'));
    const store = openSubmissions(path.join(dataFolder, 'submissions.sqlite'));
    const record = (hash: string) =>
      store.createSubmission(
        {
          environmentId: 'local-sandbox',
          environmentName: 'Local sandbox',
          environmentColor: '#000000',
          baseUrl: 'http://127.0.0.1:9',
          headers: {},
          batch: '[{"token":"a"}]',
          eventCount: 1,
          batchHash: hash,
          startedAt: new Date().toISOString(),
        },
        [{ firstEvent: 0, eventCount: 1 }],
      );
    const live = record('live');
    const crashed = record('crashed');
    store.close();
    await claimedBy(dataFolder, live.id, otherProcess());

    const harness = await startHarness({ dataFolder });
    try {
      const { services } = harness;
      expect(await services.interruptedAtStart()).toEqual([crashed.id]);
      expect((await services.submissions.get(live.id))?.status).toBe('sending');
      await expect(services.sending.resume(live.id)).rejects.toThrow(/still being sent by process/);
      // A refused resume leaves the record as it was.
      await services.submissions.finish(crashed.id, 'interrupted');
      await claimedBy(dataFolder, crashed.id, otherProcess());
      await expect(services.sending.resume(crashed.id)).rejects.toThrow(/still being sent by process/);
      expect((await services.submissions.get(crashed.id))?.status).toBe('interrupted');
      // Even one told to skip what went out without an answer: nothing is skipped.
      await services.submissions.beginAttempt(crashed.id, { number: 1, startedAt: new Date().toISOString(), firstEvent: 0, eventCount: 1 });
      await services.submissions.updateChunk(crashed.id, 0, { status: 'pending' });
      await expect(services.sending.resume(crashed.id, undefined, 'skip')).rejects.toThrow(/still being sent by process/);
      expect((await services.submissions.get(crashed.id))?.chunks[0]?.status).toBe('pending');
    } finally {
      await harness.close();
    }
  });
});
