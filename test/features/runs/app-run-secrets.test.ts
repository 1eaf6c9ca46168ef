import { describe, expect, it, vi } from 'vitest';
import type { RunProgress } from '../../../features/runs/common/run-result.ts';
import type { RunSecretsNeed } from '../../../features/runs/common/run-secrets.ts';
import { openRunApp } from './run-app.ts';
import { scenario, useSandbox } from './run-workspace.ts';

/**
 * A run asks for every secret it lacks before anything is sent (issue 32, item 8): the app's
 * services, a real sandbox on loopback, the starter workspace with a second environment
 * "staging" that only one step of a scenario sends to (the step's own environment ranks above
 * its scenario's). Nobody has logged in and no API key is set.
 */

async function setUp() {
  const sandbox = await useSandbox();
  const app = await openRunApp(sandbox, (starter) => ({
    'environments/staging.env.json': starter['environments/sandbox.env.json']!.replace('"sandbox"', '"staging"'),
    'scenarios/two.scenario.json': JSON.stringify(
      scenario('Two places', [{ send: 'batches/purchase.json' }, { send: 'batches/purchase.json', environment: 'staging' }], { environment: 'sandbox' }),
    ),
  }));
  const lacking = async (request: unknown) =>
    (await app.value<RunSecretsNeed[]>('runs:secretsNeeded', request)).map((need) => ({
      name: need.environment.name,
      password: need.password,
      apiKey: need.apiKey,
    }));
  return { sandbox, ...app, lacking };
}

describe('a run lacking secrets', () => {
  it(
    "names every environment the run sends to (a step's own too) and what each lacks, and refuses to start until nothing is lacking",
    { timeout: 60_000 },
    async () => {
      const { sandbox, pushed, call, value, setApiKey, logIn, lacking } = await setUp();
      const run = { scenarios: ['scenarios/two.scenario.json'], environment: null };
      expect(await lacking(run)).toEqual([
        { name: 'sandbox', password: true, apiKey: true },
        { name: 'staging', password: true, apiKey: true },
      ]);
      expect(await call('runs:start', run)).toEqual({
        ok: false,
        error: {
          code: 'run-secrets-missing',
          message: 'The run needs, before it starts: “sandbox” a login and an API key; “staging” a login and an API key. Enter them, and start it again.',
        },
      });
      expect(pushed.filter((push) => push.name === 'runs:progress')).toEqual([]);
      expect(sandbox.traffic()).toEqual([]);

      await setApiKey('sandbox');
      await setApiKey('staging');
      await logIn('sandbox');
      // The run's environment ranks below a step's own: "staging" is still sent to.
      expect(await lacking({ ...run, environment: 'sandbox' })).toEqual([{ name: 'staging', password: true, apiKey: false }]);
      expect(await call('runs:start', run)).toMatchObject({
        ok: false,
        error: { code: 'run-secrets-missing', message: 'The run needs, before it starts: “staging” a login. Enter them, and start it again.' },
      });
      // A run that only sends to "sandbox" lacks nothing.
      expect(await lacking({ scenarios: ['scenarios/smoke.scenario.json'], environment: null })).toEqual([]);

      await logIn('staging');
      expect(await lacking(run)).toEqual([]);
      const { runId } = await value<{ runId: string }>('runs:start', run);
      const ended = await vi.waitFor(
        () => {
          const found = pushed.find(
            (push) => push.name === 'runs:progress' && (push.payload as RunProgress).runId === runId && (push.payload as RunProgress).kind === 'run-ended',
          );
          if (!found) throw new Error('Not ended yet.');
          return (found.payload as Extract<RunProgress, { kind: 'run-ended' }>).run;
        },
        { timeout: 30_000, interval: 20 },
      );
      expect(ended.scenarios[0]!.steps).toMatchObject([
        { status: 'passed', environment: 'sandbox' },
        { status: 'passed', environment: 'staging' },
      ]);
    },
  );
});
