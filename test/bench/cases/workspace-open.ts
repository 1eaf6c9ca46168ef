import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadWorkspace } from '../../../electron/workspace/scan.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * Opening a workspace of 1 000 files (the listing the sidebar shows: folders walked, environments
 * and scenarios read and checked, batches listed by name), beside a bare recursive fs.readdir of
 * the same folder, in turns in the same run. Issue #18 asks for the sidebar within 500 ms.
 */

const RUNS = 9;
const ENVIRONMENTS = 10;
const PLANS = 10;
const SCENARIOS = 100;
const BATCHES = 880;

async function makeWorkspace(root: string): Promise<number> {
  const put = async (relative: string, text: string) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  };
  await put('eventdesk.json', JSON.stringify({ format: 'eventdesk.workspace', version: 1, name: 'bench', defaultEnvironment: 'env-0' }));
  for (let index = 0; index < ENVIRONMENTS; index++) await put(`environments/env-${index}.env.json`, JSON.stringify({ name: `env-${index}`, baseUrl: `https://env-${index}.example.com`, chunkSize: 100 }));
  for (let index = 0; index < PLANS; index++) await put(`plans/plan-${index}.plan.json`, JSON.stringify({ name: `plan-${index}`, events: {} }));
  const step = { send: 'batches/team-0/batch-0.json', expect: { outcome: 'accepted' } };
  for (let index = 0; index < SCENARIOS; index++) {
    await put(`scenarios/suite-${index % 10}/s-${index}.scenario.json`, JSON.stringify({ format: 'eventdesk.scenario', version: 1, name: `Scenario ${index}`, steps: Array.from({ length: 10 }, () => step) }, null, 2));
  }
  const event = JSON.stringify({ token: 'purchase', customer_id: 'c-1', device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427', svc_id: 7, created_at: '2026-11-20 10:00:00', attributes: { spend: '1.00' } });
  const batch = `[${Array.from({ length: 50 }, () => event).join(',')}]`;
  for (let index = 0; index < BATCHES; index++) await put(`batches/team-${index % 20}/batch-${index}.json`, batch);
  return 1 + ENVIRONMENTS + PLANS + SCENARIOS + BATCHES;
}

async function timed(call: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await call();
  return performance.now() - started;
}

const workspaceOpen: BenchCase = {
  name: 'workspace-open',
  async run(): Promise<BenchLine[]> {
    const root = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-workspace-'));
    try {
      const files = await makeWorkspace(root);
      const listed: number[] = [];
      const walked: number[] = [];
      let count = 0;
      const list = async () => {
        const { listing } = await loadWorkspace(root);
        if (listing.problems.length > 0) throw new Error(`The bench workspace has problems: ${JSON.stringify(listing.problems[0])}`);
        count = listing.files.length;
      };
      const walk = () => readdir(root, { recursive: true, withFileTypes: true });
      for (let run = 0; run < RUNS; run++) {
        // Each round swaps which goes first, so neither always finds the other's cache warm.
        if (run % 2 === 0) {
          walked.push(await timed(walk));
          listed.push(await timed(list));
        } else {
          listed.push(await timed(list));
          walked.push(await timed(walk));
        }
      }
      const value = median(listed);
      return [
        {
          name: 'workspace-open-1000-files',
          value,
          unit: 'ms',
          baseline: { name: 'readdir-recursive', value: median(walked) },
          extra: { files, listed: count, slowest: Math.round(Math.max(...listed)), budgetMs: 500, withinBudget: value <= 500 ? 'yes' : 'no' },
        },
      ];
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
};
export default workspaceOpen;
