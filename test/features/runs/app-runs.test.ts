import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import type { RunProgress, RunResult } from '../../../features/runs/common/run-result.ts';
import type { KeptRun, WorkspaceScenario } from '../../../features/runs/common/run-schemas.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import type { SendProgress, SubmissionView } from '../../../features/history/common/submission.ts';
import { openRunApp, writeFiles } from './run-app.ts';
import { scenario, useSandbox } from './run-workspace.ts';

/**
 * The app's Runs view over its IPC channels, with the real services, a real sandbox on loopback
 * and the workspace's History in a real SQLite file: the workspace `eventdesk init` writes, run
 * after logging in to its environment, each step a send of the app's own, followed live,
 * kept, and refused where a run must not be disturbed.
 */

/** Every run here ends well within this; one that does not fails the test instead of holding it. */
const HEARD_WITHIN_MS = 30_000;

/**
 * The starter workspace pointed at the sandbox, with an environment "qa" nobody logs in to and
 * scenarios that fail, wait and send to "qa"; the app's services with it open, logged in to
 * "sandbox" (and the API key of each set, so "qa" lacks only the login).
 */
async function setUp() {
  const sandbox = await useSandbox();
  const { folder, root, services, pushed, call, value, setApiKey, logIn } = await openRunApp(sandbox, (starter) => ({
    'environments/qa.env.json': starter['environments/sandbox.env.json']!.replace('"sandbox"', '"qa"'),
    'scenarios/wrong.scenario.json': JSON.stringify(
      scenario('Wrong count', [{ name: 'four accepted?', send: 'batches/purchase.json', expect: { accepted: 4 } }]),
    ),
    'scenarios/slow.scenario.json': JSON.stringify(scenario('Slow', [{ wait: '1m' }, { send: 'batches/purchase.json' }])),
    'scenarios/qa.scenario.json': JSON.stringify(scenario('On qa', [{ send: 'batches/purchase.json' }], { environment: 'qa' })),
    'scenarios/broken.scenario.json': '{ "format": "eventdesk.scenario", "version": 1, "name": "Broken", "steps": [ { "send": 7 } ] }',
  }));
  const other = path.join(folder, 'other');
  await writeFiles(other, Object.fromEntries(starterFiles('Other').map((file) => [file.path, file.text])));
  await setApiKey('sandbox');
  await setApiKey('qa');
  await logIn('sandbox');

  const progress = (runId: string) =>
    pushed
      .filter((push): push is { name: 'runs:progress'; payload: RunProgress } => push.name === 'runs:progress' && (push.payload as RunProgress).runId === runId)
      .map((push) => push.payload);
  /** What `find` finds once it is pushed, within HEARD_WITHIN_MS. */
  const heard = <T>(find: () => T | undefined): Promise<T> =>
    vi.waitFor(
      () => {
        const found = find();
        if (found === undefined) throw new Error('Not heard in time.');
        return found;
      },
      { timeout: HEARD_WITHIN_MS, interval: 20 },
    );
  const runEnded = (runId: string) => heard(() => progress(runId).find((each) => each.kind === 'run-ended'));
  return { sandbox, root, other, services, pushed, call, value, progress, heard, runEnded };
}

describe("the app's Runs service", () => {
  it(
    "runs the workspace's scenarios through the app's sends: progress in order, a failure with its reason and its submission in History, and the run kept; a run to an environment not logged in to is refused before it starts",
    { timeout: 60_000 },
    async () => {
      const { pushed, call, value, progress, runEnded } = await setUp();
      const scenarios = await value<WorkspaceScenario[]>('runs:scenarios');
      expect(scenarios).toContainEqual({
        file: 'scenarios/smoke.scenario.json',
        name: 'Smoke',
        steps: ['Three purchases are accepted', 'An event whose svc_id is text is refused'],
        environment: null,
        problem: null,
      });
      expect(scenarios).toContainEqual({
        file: 'scenarios/qa.scenario.json',
        name: 'On qa',
        steps: ['send batches/purchase.json'],
        environment: 'qa',
        problem: null,
      });

      expect(await call('runs:start', { scenarios: ['scenarios/smoke.scenario.json', 'scenarios/qa.scenario.json'], environment: null })).toEqual({
        ok: false,
        error: { code: 'run-secrets-missing', message: 'The run needs, before it starts: “qa” a login. Enter them, and start it again.' },
      });
      const { runId } = await value<{ runId: string }>('runs:start', {
        scenarios: ['scenarios/smoke.scenario.json', 'scenarios/wrong.scenario.json'],
        environment: null,
      });
      const ended = await runEnded(runId);
      const run = (ended as Extract<RunProgress, { kind: 'run-ended' }>).run;
      expect(progress(runId).map((each) => (each.kind === 'step-ended' ? `${each.kind} ${each.step.status}` : each.kind))).toEqual([
        'scenario-started',
        'step-started',
        'step-ended passed',
        'step-started',
        'step-ended passed',
        'scenario-ended',
        'scenario-started',
        'step-started',
        'step-ended failed',
        'scenario-ended',
        'run-ended',
      ]);
      const [smoke, wrong] = run.scenarios;
      expect(smoke).toMatchObject({ status: 'passed', steps: [{ status: 'passed', eventsAccepted: 3 }, { status: 'passed' }] });
      const failed = wrong!.steps[0]!;
      expect(failed).toMatchObject({
        status: 'failed',
        reason: 'accepted: expected 4 events accepted, the server accepted 3 of 3',
        environment: 'sandbox',
        eventsSent: 3,
        eventsAccepted: 3,
      });
      // Followed to its submission: in the open workspace's History, under the step's label, its progress pushed as any send's.
      expect(await value<SubmissionView>('submissions:get', { id: failed.submissionId })).toMatchObject({
        id: failed.submissionId,
        label: 'Wrong count · step 1',
        status: 'ok',
        eventCount: 3,
        stepVerdict: { passed: false, reason: failed.reason },
      });
      // The smoke's refusal it expects: the send failed, and History keeps beside it that its step passed.
      expect(await value<SubmissionView>('submissions:get', { id: smoke!.steps[1]!.submissionId })).toMatchObject({
        status: 'failed',
        stepVerdict: { passed: true, expectedStatus: 422, endStatus: 422 },
      });
      expect(
        pushed.some(
          (push) =>
            push.name === 'send:progress' &&
            (push.payload as SendProgress).submissionId === failed.submissionId &&
            (push.payload as SendProgress).status === 'ok',
        ),
      ).toBe(true);

      expect(await value('runs:current')).toBeNull();
      expect(await value<KeptRun[]>('runs:list')).toEqual([
        {
          id: runId,
          startedAt: run.startedAt,
          durationMs: run.durationMs,
          source: 'app',
          environment: null,
          stopped: false,
          scenarios: 2,
          counts: { passed: 2, failed: 1, skipped: 0 },
        },
      ]);
      expect(await value<RunResult>('runs:get', { id: runId })).toEqual(run);
      expect(JSON.stringify(pushed)).not.toContain(SANDBOX_DEMO_CREDENTIALS.password);
    },
  );

  it(
    'runs one run at a time, keeps the workspace open while it goes on, shows it as it stands, and stops it: the step under way ends, the rest are skipped',
    { timeout: 60_000 },
    async () => {
      const { root, other, services, call, value, progress, heard, runEnded } = await setUp();
      const { runId } = await value<{ runId: string }>('runs:start', { scenarios: ['scenarios/slow.scenario.json'], environment: 'sandbox', bail: false });
      await heard(() => progress(runId).find((each) => each.kind === 'step-started'));

      expect(await call('runs:start', { scenarios: [], environment: null })).toMatchObject({ ok: false, error: { code: 'run-busy' } });
      const current = await value<RunResult>('runs:current');
      expect(current).toMatchObject({
        id: runId,
        workspace: root,
        stopped: false,
        scenarios: [{ file: 'scenarios/slow.scenario.json', name: 'Slow', steps: [] }],
      });
      await expect(services.workspaces.openGiven(other)).rejects.toMatchObject({
        code: 'workspace-busy',
        message: expect.stringContaining('A run of scenarios is under way'),
      });
      expect(await call('workspace:close')).toMatchObject({ ok: false, error: { code: 'workspace-busy' } });

      const stopping = Date.now();
      expect(await value('runs:stop', { runId })).toBeNull();
      const { run } = (await runEnded(runId)) as Extract<RunProgress, { kind: 'run-ended' }>;
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(run.stopped).toBe(true);
      expect(run.scenarios[0]!.steps).toMatchObject([
        { name: 'wait 1m', status: 'failed', reason: 'stopped during the wait' },
        { name: 'send batches/purchase.json', status: 'skipped', reason: 'not run: the run was stopped', submissionId: null },
      ]);
      expect(await value<KeptRun[]>('runs:list')).toMatchObject([{ id: runId, environment: 'sandbox', stopped: true }]);
      // Once it ended, another workspace may open.
      expect((await services.workspaces.openGiven(other)).root).toBe(other);
    },
  );

  it('stops a send under way: it is cancelled rather than waited out, and the rest is skipped', { timeout: 60_000 }, async () => {
    const { sandbox, pushed, value, progress, heard, runEnded } = await setUp();
    sandbox.setFaults({ latencyMs: 20_000 });
    const { runId } = await value<{ runId: string }>('runs:start', { scenarios: ['scenarios/smoke.scenario.json'], environment: null });
    const sending = await heard(() => pushed.find((push) => push.name === 'send:progress'));
    const stopping = Date.now();
    await value('runs:stop', { runId });
    const { run } = (await runEnded(runId)) as Extract<RunProgress, { kind: 'run-ended' }>;
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(run.stopped).toBe(true);
    const [cancelled, skipped] = run.scenarios[0]!.steps;
    expect(cancelled).toMatchObject({ status: 'failed', submissionId: (sending.payload as SendProgress).submissionId, eventsAccepted: 0 });
    expect(skipped).toMatchObject({ status: 'skipped', reason: 'not run: the run was stopped' });
    expect(await value<SubmissionView>('submissions:get', { id: cancelled!.submissionId })).toMatchObject({ status: 'cancelled' });
    expect(progress(runId).filter((each) => each.kind === 'step-started')).toHaveLength(1);
  });

  it(
    'refuses clearly: a scenario the workspace does not have, an environment it does not have, a kept run that is not there, and anything without a workspace',
    { timeout: 60_000 },
    async () => {
      const { call, value } = await setUp();
      expect(await call('runs:start', { scenarios: ['scenarios/missing.scenario.json'], environment: null })).toMatchObject({
        ok: false,
        error: {
          code: 'run-scenario-missing',
          message:
            'scenarios/missing.scenario.json is not a scenario of the workspace: scenarios are scenarios/**/*.scenario.json. Reload the list and choose again.',
        },
      });
      expect(await call('runs:start', { scenarios: [], environment: 'prod' })).toMatchObject({
        ok: false,
        error: { code: 'run-environment-missing', message: 'There is no environment "prod" in the workspace (it has "qa", "sandbox").' },
      });
      expect(await call('runs:get', { id: 'nothing-here' })).toMatchObject({ ok: false, error: { code: 'run-not-found' } });
      expect(await call('runs:current')).toEqual({ ok: true, value: null });
      const broken = (await value<WorkspaceScenario[]>('runs:scenarios')).find((each) => each.file === 'scenarios/broken.scenario.json');
      expect(broken).toMatchObject({ name: 'scenarios/broken.scenario.json', steps: [], problem: expect.stringContaining('/steps/0/send') });
      await value('workspace:close');
      for (const channel of ['runs:scenarios', 'runs:list'] as const)
        expect(await call(channel)).toMatchObject({ ok: false, error: { code: 'workspace-not-open' } });
      expect(await call('runs:start', { scenarios: [], environment: null })).toMatchObject({ ok: false, error: { code: 'workspace-not-open' } });
    },
  );
});
