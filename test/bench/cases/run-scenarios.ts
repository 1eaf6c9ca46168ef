import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_SETTINGS, type Environment } from '../../../features/environments/common/environment.ts';
import { countSteps } from '../../../features/runs/common/run-result.ts';
import { runScenarios } from '../../../features/runs/common/engine.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { createServicesSender } from '../../../app/cli/run/services-sender.ts';
import { workspaceRunDeps } from '../../../features/runs/node/workspace-run.ts';
import { startSandbox } from '../../../features/sandbox/server/server.ts';
import { startSendingThread } from '../../../app/host/sending-thread.ts';
import { loadWorkspace } from '../../../features/workspace/node/scan.ts';
import { withGoal, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * Issue #18's `run-100-scenarios`: 100 scenarios of 10 steps run by the scenario engine against
 * the sandbox (each step read, planned, validated, sent through the services, its outcome read
 * from History), beside the same 1 000 sends made by a bare loop of eventdesk send's own calls in
 * one process, in the same run. The goal: at most 1.2× the bare loop.
 */

const SCENARIOS = 100;
const STEPS = 10;
const EVENTS_PER_SEND = 3;

function batch(): unknown[] {
  return Array.from({ length: EVENTS_PER_SEND }, (_, index) => ({
    token: 'purchase',
    customer_id: `customer-${index}`,
    device_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    svc_id: 7,
    created_at: '2026-11-20 10:00:00',
    attributes: { spend: '1.00' },
  }));
}

async function makeWorkspace(root: string, baseUrl: string): Promise<void> {
  const put = async (relative: string, value: unknown) => {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), JSON.stringify(value, null, 2));
  };
  await put('eventdesk.json', { format: 'eventdesk.workspace', version: 1, name: 'bench', defaultEnvironment: 'sandbox', plan: null });
  await put('environments/sandbox.env.json', { name: 'sandbox', baseUrl, username: SANDBOX_DEMO_CREDENTIALS.username });
  await put('batches/purchase.json', batch());
  const steps = Array.from({ length: STEPS }, (_, index) => ({
    name: `send ${index + 1}`,
    send: 'batches/purchase.json',
    expect: { outcome: 'accepted', accepted: EVENTS_PER_SEND },
  }));
  for (let index = 0; index < SCENARIOS; index++)
    await put(`scenarios/s-${String(index).padStart(3, '0')}.scenario.json`, { format: 'eventdesk.scenario', version: 1, name: `Scenario ${index}`, steps });
}

const credentials = { username: SANDBOX_DEMO_CREDENTIALS.username, password: SANDBOX_DEMO_CREDENTIALS.password, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey };

/** The engine over the workspace: ms for the whole run. */
async function engineRun(root: string, dataFolder: string): Promise<number> {
  const workspace = await loadWorkspace(root);
  const sender = createServicesSender({ dataFolder, credentials: () => credentials });
  try {
    const scenarios = workspace.listing.files.filter((file) => file.kind === 'scenario').map((file) => file.path);
    const started = performance.now();
    const result = await runScenarios({ workspace: root, scenarios }, workspaceRunDeps(workspace, sender));
    const elapsed = performance.now() - started;
    const counts = countSteps(result);
    if (counts.passed !== SCENARIOS * STEPS) throw new Error(`The bench run expected ${SCENARIOS * STEPS} passed steps: ${JSON.stringify(counts)}`);
    return elapsed;
  } finally {
    await sender.close();
  }
}

/** The same sends by a bare loop of what eventdesk send does for each: start, wait for its end, read its outcome from History. ms for all. */
async function bareLoop(baseUrl: string, dataFolder: string): Promise<number> {
  const environment: Environment = { ...DEFAULT_SETTINGS, name: 'sandbox', baseUrl, username: credentials.username, id: 'bench-bare', embeddedSandbox: false };
  const thread = await startSendingThread(dataFolder, environment);
  try {
    await thread.logIn(credentials);
    const text = JSON.stringify(batch());
    const started = performance.now();
    for (let index = 0; index < SCENARIOS * STEPS; index++) {
      const begun = await thread.services.sending.start(environment.id, text, true, { concurrency: 1, maxAttempts: 5 }, `bare ${index}`);
      if (!('started' in begun)) throw new Error('The bare loop expected its send to start.');
      const ended = await thread.ended(begun.started.id);
      if (ended.status !== 'ok') throw new Error(`The bare loop's send ${index} ended ${ended.status}.`);
      // As eventdesk send does, the outcome is read back from History to report it.
      await thread.services.submissions.get(begun.started.id);
    }
    return performance.now() - started;
  } finally {
    await thread.services.sending.dispose();
    await thread.close();
  }
}

const runScenariosCase: BenchCase = {
  name: 'run-scenarios',
  async run(): Promise<BenchLine[]> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-run-'));
    const sandbox = await startSandbox({ port: 0 });
    try {
      const root = path.join(folder, 'workspace');
      await makeWorkspace(root, sandbox.url);
      // Bare first, then the engine, each into a history of its own so neither finds the other's rows.
      const bare = await bareLoop(sandbox.url, path.join(folder, 'bare-data'));
      const engine = await engineRun(root, path.join(folder, 'engine-data'));
      return [
        withGoal(
          {
            name: 'run-100-scenarios',
            value: engine,
            unit: 'ms',
            baseline: { name: 'bare-send-loop', value: bare },
            extra: { scenarios: SCENARIOS, stepsEach: STEPS, eventsPerSend: EVENTS_PER_SEND },
          },
          'ratio<=1.2',
          engine <= 1.2 * bare,
        ),
      ];
    } finally {
      await sandbox.close();
      await rm(folder, { recursive: true, force: true });
    }
  },
};
export default runScenariosCase;
