import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPlanFile } from '../../../features/plans/node/watch-plan-file.ts';

/** The plan file's watch on a real folder: one reload per settled save, never two at once. */

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('watching a plan file', () => {
  it('runs once a save settles, never twice at once, and again after a save made meanwhile', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-watch-'));
    folders.push(folder);
    const file = path.join(folder, 'shop.plan.json');
    await writeFile(file, '{}');
    let running = 0;
    let most = 0;
    let runs = 0;
    let release = () => {};
    const settled = async () => {
      runs++;
      most = Math.max(most, ++running);
      await new Promise<void>((resolve) => (release = resolve));
      running--;
    };
    const stop = watchPlanFile(file, settled, () => undefined);
    try {
      await writeFile(file, '{"a":1}');
      await vi.waitFor(() => expect(runs).toBe(1), { timeout: 5_000 });
      // Saved again while the first run is under way: it waits for it, then runs once more.
      await writeFile(file, '{"a":2}');
      await writeFile(path.join(folder, 'other.json'), '{}');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(runs).toBe(1);
      release();
      await vi.waitFor(() => expect(runs).toBe(2), { timeout: 5_000 });
      release();
      expect(most).toBe(1);
    } finally {
      stop();
    }
  });
});
