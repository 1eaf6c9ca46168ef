import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { starterFiles } from '../../../features/workspace/node/starter.ts';
import { event, runWorkspace, scenario, useSandbox } from './run-workspace.ts';

/** Every run is bounded: a hang fails the test instead of holding the suite. */
const RUN_LIMIT_MS = 60_000;

describe('runScenarios through the services thread, against the sandbox', () => {
  it('passes a scenario whose sends are accepted, each recorded in History under its label', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'batches/signup.json': [event(1), event(2)],
      'scenarios/signup.scenario.json': scenario('Signup', [
        { send: 'batches/signup.json' },
        { wait: '10ms' },
        { name: 'one more', send: [event(3)], expect: { outcome: 'accepted', accepted: 1 } },
      ]),
    });
    const { result, progress } = await workspace.run(['scenarios/signup.scenario.json']);
    const [only] = result.scenarios;
    expect(only).toMatchObject({ file: 'scenarios/signup.scenario.json', name: 'Signup', status: 'passed', problem: null });
    expect(
      only!.steps.map(({ index, name, status, reason, eventsSent, eventsAccepted, environment }) => ({
        index,
        name,
        status,
        reason,
        eventsSent,
        eventsAccepted,
        environment,
      })),
    ).toEqual([
      { index: 0, name: 'send batches/signup.json', status: 'passed', reason: null, eventsSent: 2, eventsAccepted: 2, environment: 'sandbox' },
      { index: 1, name: 'wait 10ms', status: 'passed', reason: null, eventsSent: 0, eventsAccepted: 0, environment: null },
      { index: 2, name: 'one more', status: 'passed', reason: null, eventsSent: 1, eventsAccepted: 1, environment: 'sandbox' },
    ]);
    const recorded = workspace.submission(only!.steps[0]!.submissionId!);
    expect(recorded).toMatchObject({ status: 'ok', label: 'Signup · step 1', eventCount: 2 });
    expect(progress.map((each) => each.kind)).toEqual([
      'scenario-started',
      'step-started',
      'step-ended',
      'step-started',
      'step-ended',
      'step-started',
      'step-ended',
      'scenario-ended',
      'run-ended',
    ]);
    expect(result.stopped).toBe(false);
  });

  it('reads each file once a run: a batch edited during the run is sent as it was, and as edited by the next run', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'batches/signup.json': [event(1), event(2)],
      'scenarios/twice.scenario.json': scenario('Twice', [{ send: 'batches/signup.json' }, { wait: '300ms' }, { send: 'batches/signup.json' }]),
    });
    const running = workspace.run(['scenarios/twice.scenario.json']);
    await new Promise((resolve) => setTimeout(resolve, 150));
    await writeFile(path.join(workspace.root, 'batches', 'signup.json'), JSON.stringify([event(3)]));
    const { result } = await running;
    expect(result.scenarios[0]!.steps.map((step) => step.eventsSent)).toEqual([2, 0, 2]);
    const again = await workspace.run(['scenarios/twice.scenario.json']);
    expect(again.result.scenarios[0]!.steps.map((step) => step.eventsSent)).toEqual([1, 0, 1]);
  });

  it('fails a step whose send is refused, naming why, its submission in History; the rest of the scenario is skipped', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/refused.scenario.json': scenario('Refused', [{ send: [event(1)], faults: { failSequence: [403] } }, { send: [event(2)] }]),
    });
    const { result } = await workspace.run(['scenarios/refused.scenario.json']);
    const [refused, next] = result.scenarios[0]!.steps;
    expect(result.scenarios[0]!.status).toBe('failed');
    expect(refused).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^outcome: expected every chunk accepted, but .*\(answers: 403\)$/) });
    expect(workspace.submission(refused!.submissionId!)).toMatchObject({ status: 'failed', chunks: [{ statusCode: 403 }] });
    expect(next).toMatchObject({
      status: 'skipped',
      reason: 'not run: step 1 failed, and the scenario stops at a failure ("onFailure": "stop")',
      submissionId: null,
    });
  });

  it('passes a negative step: a bad batch sent anyway and refused with the status it expects', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/negative.scenario.json': scenario(
        'Bad batch',
        [{ send: [event(1, { svc_id: 'not a number' })], expect: { status: 422 } }, { send: [event(2, { svc_id: 'x' })] }],
        { onFailure: 'continue' },
      ),
    });
    const { result } = await workspace.run(['scenarios/negative.scenario.json']);
    const [negative, unforced] = result.scenarios[0]!.steps;
    expect(negative).toMatchObject({ status: 'passed', eventsSent: 1, eventsAccepted: 0 });
    expect(workspace.submission(negative!.submissionId!)).toMatchObject({ chunks: [{ statusCode: 422 }] });
    // Without a status to expect, validation errors keep the batch from going out at all.
    expect(unforced).toMatchObject({
      status: 'failed',
      submissionId: null,
      reason: expect.stringMatching(/^validation: the batch has 1 error, so nothing was sent\. First: event 1 \(\/0\/svc_id\): /),
    });
  });

  it(
    'runs a step once per data row, the columns as variables; a column a template needs and a row lacks fails that step clearly',
    { timeout: RUN_LIMIT_MS },
    async () => {
      const sandbox = await useSandbox();
      const workspace = await runWorkspace(sandbox, {
        'batches/per-customer.json': [event(1, { customer_id: '{{customer}}', attributes: { plan: '{{plan}}' } })],
        'data/customers.csv': 'customer,plan\ncust-1,pro\ncust-2,free\ncust-3,team\n',
        'data/no-plan.csv': 'customer\ncust-9\n',
        'scenarios/rows.scenario.json': scenario('Rows', [
          { send: 'batches/per-customer.json', data: 'data/customers.csv' },
          { send: 'batches/per-customer.json', data: 'data/no-plan.csv' },
        ]),
      });
      const { result } = await workspace.run(['scenarios/rows.scenario.json']);
      const steps = result.scenarios[0]!.steps;
      expect(steps.map((step) => [step.index, step.row, step.status])).toEqual([
        [0, 1, 'passed'],
        [0, 2, 'passed'],
        [0, 3, 'passed'],
        [1, 1, 'failed'],
      ]);
      const sent = steps
        .slice(0, 3)
        .map((step) => JSON.parse(workspace.submission(step.submissionId!)!.batch) as { customer_id: string; attributes: { plan: string } }[]);
      expect(sent.map(([first]) => [first!.customer_id, first!.attributes.plan])).toEqual([
        ['cust-1', 'pro'],
        ['cust-2', 'free'],
        ['cust-3', 'team'],
      ]);
      expect(workspace.submission(steps[1]!.submissionId!)!.label).toBe('Rows · step 1 · row 2');
      expect(steps[3]!.reason).toBe(
        '{{plan}}: no such variable. Row 1 of data/no-plan.csv has no column of that name, and the environment "sandbox" has no variable of that name. Add the column or the variable, or fix the template.',
      );
    },
  );

  it('with bail, stops the run at the first failed step: every step not run is skipped, saying why', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/a.scenario.json': scenario('First', [{ send: [event(1)], expect: { accepted: 5 } }, { send: [event(2)] }], { onFailure: 'continue' }),
      'scenarios/b.scenario.json': scenario('Second', [{ send: [event(3)] }, { wait: '1s' }]),
    });
    const { result } = await workspace.run(['scenarios/a.scenario.json', 'scenarios/b.scenario.json'], { bail: true });
    const reason = 'not run: --bail stopped the run after First step 1';
    expect(result.stopped).toBe(true);
    expect(result.scenarios.map((each) => each.status)).toEqual(['failed', 'skipped']);
    expect(result.scenarios.flatMap((each) => each.steps.map((step) => [step.status, step.reason]))).toEqual([
      ['failed', 'accepted: expected 5 events accepted, the server accepted 1 of 1'],
      ['skipped', reason],
      ['skipped', reason],
      ['skipped', reason],
    ]);
    expect(sandbox.traffic().filter((record) => record.path === '/user/events')).toHaveLength(1);
  });

  it('reports a broken scenario, a missing file and a missing environment clearly, and runs the rest', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, {
      'scenarios/broken.scenario.json': '{"format": "eventdesk.scenario",\n  "version": 1\n  "name": "x"}',
      'scenarios/missing.scenario.json': scenario(
        'Missing',
        [{ send: 'batches/nope.json' }, { send: [event(1)], environment: 'staging' }, { send: [event(2)] }],
        { onFailure: 'continue' },
      ),
    });
    const { result } = await workspace.run(['scenarios/broken.scenario.json', 'scenarios/missing.scenario.json', 'scenarios/gone.scenario.json']);
    const [broken, missing, gone] = result.scenarios;
    expect(broken).toMatchObject({ status: 'broken', steps: [], problem: expect.stringMatching(/^scenarios\/broken\.scenario\.json:3:3: not valid JSON: /) });
    expect(missing!.steps.map((step) => [step.status, step.reason])).toEqual([
      ['failed', `batches/nope.json: there is no such file in the workspace (${workspace.root}). Check the path, relative to the workspace's root.`],
      ['failed', 'There is no environment "staging" in the workspace. It has "sandbox".'],
      ['passed', null],
    ]);
    expect(gone).toMatchObject({ status: 'broken', problem: expect.stringMatching(/^scenarios\/gone\.scenario\.json: there is no such file/) });
  });

  it('stops a wait at once when the run is stopped, and skips the rest', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const workspace = await runWorkspace(sandbox, { 'scenarios/wait.scenario.json': scenario('Wait', [{ wait: '10m' }, { send: [event(1)] }]) });
    const stop = new AbortController();
    const started = performance.now();
    const running = workspace.run(['scenarios/wait.scenario.json'], { signal: stop.signal });
    setTimeout(() => stop.abort(), 50);
    const { result } = await running;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.stopped).toBe(true);
    expect(result.scenarios[0]!.steps.map((step) => [step.status, step.reason])).toEqual([
      ['failed', 'stopped during the wait'],
      ['skipped', 'not run: the run was stopped'],
    ]);
  });

  it(
    "checks validation against the workspace's tracking plan before sending: a step that must break no plan rule sends nothing when it does",
    { timeout: RUN_LIMIT_MS },
    async () => {
      const sandbox = await useSandbox();
      const plan = await readFile(path.resolve(import.meta.dirname, '../../fixtures/plans/shop.plan.json'), 'utf8');
      const purchase = event(1, { token: 'purchase', svc_id: 7, attributes: { spend: '19.99', currency: 'EUR' } });
      const workspace = await runWorkspace(
        sandbox,
        {
          'plans/shop.plan.json': plan.replace(/"\$schema": "[^"]*",/, ''),
          'scenarios/plan.scenario.json': scenario(
            'Plan',
            [
              { send: [purchase], expect: { validation: 'no-plan-violations' } },
              { send: [{ ...purchase, attributes: { spend: '19.99', currency: 'YEN' } }], expect: { validation: 'no-plan-violations' } },
            ],
            { onFailure: 'continue' },
          ),
        },
        'plans/shop.plan.json',
      );
      const { result } = await workspace.run(['scenarios/plan.scenario.json']);
      const [planned, unplanned] = result.scenarios[0]!.steps;
      expect(planned).toMatchObject({ status: 'passed', eventsAccepted: 1 });
      expect(unplanned).toMatchObject({
        status: 'failed',
        submissionId: null,
        reason: expect.stringMatching(/^validation: the batch breaks the tracking plan \(1 violation\)\. First: event 1 \(\/0\/attributes\/currency\): /),
      });
    },
  );

  it('runs the workspace eventdesk init writes, and every step passes', { timeout: RUN_LIMIT_MS }, async () => {
    const sandbox = await useSandbox();
    const files = Object.fromEntries(starterFiles('Starter').map((file) => [file.path, file.text]));
    const workspace = await runWorkspace(sandbox, { ...files, 'environments/sandbox.env.json': { name: 'sandbox', baseUrl: sandbox.url } });
    const { result } = await workspace.run(['scenarios/smoke.scenario.json']);
    expect(result.scenarios.map((each) => [each.status, each.problem])).toEqual([['passed', null]]);
    expect(result.scenarios[0]!.steps.map((step) => [step.name, step.status, step.eventsAccepted])).toEqual([
      ['Three purchases are accepted', 'passed', 3],
      ['An event whose svc_id is text is refused', 'passed', 0],
    ]);
  });
});
