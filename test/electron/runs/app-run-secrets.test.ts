import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatch, createPushSender } from '../../../electron/ipc/dispatch.ts';
import { createHandlers } from '../../../electron/ipc/handlers.ts';
import { nodeServiceDeps } from '../../../electron/node-services.ts';
import { createServices, type Services } from '../../../electron/services/index.ts';
import { starterFiles } from '../../../electron/workspace/starter.ts';
import type { Envelope } from '../../../shared/errors.ts';
import type { ChannelName } from '../../../shared/ipc.ts';
import type { RunProgress } from '../../../shared/runs/run-result.ts';
import type { RunSecretsNeed } from '../../../shared/runs/run-secrets.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../shared/sandbox.ts';
import { scenario, useSandbox } from './run-workspace.ts';

/**
 * A run asks for every secret it lacks before anything is sent (issue 32, item 8): the app's
 * services, a real sandbox on loopback, the starter workspace with a second environment
 * "staging" that only one step of a scenario sends to (the step's own environment ranks above
 * its scenario's). Nobody has logged in and no API key is set.
 */

const trusted = { fromAppWindow: true, fromMainFrame: true, url: 'app://eventdesk/index.html' };
const opened: Services[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const services of opened.splice(0)) await services.close();
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function setUp() {
  const sandbox = await useSandbox();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-secrets-'));
  folders.push(folder);
  const root = path.join(folder, 'shop');
  const starter = Object.fromEntries(starterFiles('Shop events').map((file) => [file.path, file.text.replace('http://127.0.0.1:4797', sandbox.url)]));
  const files = {
    ...starter,
    'environments/staging.env.json': starter['environments/sandbox.env.json']!.replace('"sandbox"', '"staging"'),
    'scenarios/two.scenario.json': JSON.stringify(scenario('Two places', [{ send: 'batches/purchase.json' }, { send: 'batches/purchase.json', environment: 'staging' }], { environment: 'sandbox' })),
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  const pushed: { name: string; payload: unknown }[] = [];
  const services = await createServices({ ...nodeServiceDeps(path.join(folder, 'data')), push: createPushSender((name, payload) => pushed.push({ name, payload })), sandbox: null });
  opened.push(services);
  const dispatch = createDispatch(createHandlers(services), (url) => url === trusted.url);
  const call = (channel: ChannelName, input?: unknown) => dispatch(channel, input, trusted) as Promise<Envelope<unknown>>;
  const value = async <T>(channel: ChannelName, input?: unknown): Promise<T> => {
    const answer = await call(channel, input);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
    return answer.value as T;
  };
  await services.workspaces.openGiven(root);
  type Listed = { environments: (Record<string, unknown> & { id: string; name: string })[] };
  const { environments } = await value<Listed>('environments:list');
  const idOf = (name: string) => environments.find((environment) => environment.name === name && environment.id.startsWith('workspace-'))!.id;
  const setApiKey = async (name: string) => {
    const { id, embeddedSandbox: _embedded, resolvedBaseUrl: _resolved, apiKey: _apiKey, passwordRemembered: _remembered, secretsUnreadable: _unreadable, ...settings } = environments.find((environment) => environment.id === idOf(name))!;
    await value('environments:update', { id, edit: { settings, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey } });
  };
  const { username, password } = SANDBOX_DEMO_CREDENTIALS;
  const logIn = (name: string) => value('session:login', { environmentId: idOf(name), username, password, rememberPassword: false });
  const lacking = async (request: unknown) => (await value<RunSecretsNeed[]>('runs:secretsNeeded', request)).map((need) => ({ name: need.environment.name, password: need.password, apiKey: need.apiKey }));
  return { sandbox, pushed, call, value, setApiKey, logIn, lacking };
}

describe('a run lacking secrets', () => {
  it("names every environment the run sends to (a step's own too) and what each lacks, and refuses to start until nothing is lacking", { timeout: 60_000 }, async () => {
    const { sandbox, pushed, call, value, setApiKey, logIn, lacking } = await setUp();
    const run = { scenarios: ['scenarios/two.scenario.json'], environment: null };
    expect(await lacking(run)).toEqual([
      { name: 'sandbox', password: true, apiKey: true },
      { name: 'staging', password: true, apiKey: true },
    ]);
    expect(await call('runs:start', run)).toEqual({
      ok: false,
      error: { code: 'run-secrets-missing', message: 'The run needs, before it starts: “sandbox” a login and an API key; “staging” a login and an API key. Enter them, and start it again.' },
    });
    expect(pushed.filter((push) => push.name === 'runs:progress')).toEqual([]);
    expect(sandbox.traffic()).toEqual([]);

    await setApiKey('sandbox');
    await setApiKey('staging');
    await logIn('sandbox');
    // The run's environment ranks below a step's own: "staging" is still sent to.
    expect(await lacking({ ...run, environment: 'sandbox' })).toEqual([{ name: 'staging', password: true, apiKey: false }]);
    expect(await call('runs:start', run)).toMatchObject({ ok: false, error: { code: 'run-secrets-missing', message: 'The run needs, before it starts: “staging” a login. Enter them, and start it again.' } });
    // A run that only sends to "sandbox" lacks nothing.
    expect(await lacking({ scenarios: ['scenarios/smoke.scenario.json'], environment: null })).toEqual([]);

    await logIn('staging');
    expect(await lacking(run)).toEqual([]);
    const { runId } = await value<{ runId: string }>('runs:start', run);
    const ended = await vi.waitFor(
      () => {
        const found = pushed.find((push) => push.name === 'runs:progress' && (push.payload as RunProgress).runId === runId && (push.payload as RunProgress).kind === 'run-ended');
        if (!found) throw new Error('Not ended yet.');
        return (found.payload as Extract<RunProgress, { kind: 'run-ended' }>).run;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(ended.scenarios[0]!.steps).toMatchObject([
      { status: 'passed', environment: 'sandbox' },
      { status: 'passed', environment: 'staging' },
    ]);
  });
});
