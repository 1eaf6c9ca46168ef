import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A workspace of 1 000 files for the benchmarks (issue #18 asks for its sidebar within 500 ms):
 * 10 environments, 10 plans, 100 scenarios of 10 steps in 10 folders, 880 batches of 50 events in 20.
 */
const ENVIRONMENTS = 10;
const PLANS = 10;
const SCENARIOS = 100;
const BATCHES = 880;

export async function makeWorkspace(root: string): Promise<number> {
  const put = async (relative: string, text: string) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), text);
  };
  await put('eventdesk.json', JSON.stringify({ format: 'eventdesk.workspace', version: 1, name: 'bench', defaultEnvironment: 'env-0' }));
  for (let index = 0; index < ENVIRONMENTS; index++)
    await put(`environments/env-${index}.env.json`, JSON.stringify({ name: `env-${index}`, baseUrl: `https://env-${index}.example.com`, chunkSize: 100 }));
  for (let index = 0; index < PLANS; index++) await put(`plans/plan-${index}.plan.json`, JSON.stringify({ name: `plan-${index}`, events: {} }));
  const step = { send: 'batches/team-0/batch-0.json', expect: { outcome: 'accepted' } };
  for (let index = 0; index < SCENARIOS; index++) {
    await put(
      `scenarios/suite-${index % 10}/s-${index}.scenario.json`,
      JSON.stringify({ format: 'eventdesk.scenario', version: 1, name: `Scenario ${index}`, steps: Array.from({ length: 10 }, () => step) }, null, 2),
    );
  }
  const event = JSON.stringify({
    token: 'purchase',
    customer_id: 'c-1',
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    svc_id: 7,
    created_at: '2026-11-20 10:00:00',
    attributes: { spend: '1.00' },
  });
  const batch = `[${Array.from({ length: 50 }, () => event).join(',')}]`;
  for (let index = 0; index < BATCHES; index++) await put(`batches/team-${index % 20}/batch-${index}.json`, batch);
  return 1 + ENVIRONMENTS + PLANS + SCENARIOS + BATCHES;
}
