import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxServer } from '../../../features/sandbox/server/server.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../../features/sandbox/common/sandbox.ts';
import { startEchoServer, type EchoServer } from '../../fixtures/echo-server.ts';
import { runCli } from '../../support/cli-run.ts';

/**
 * `eventdesk run` names every credential the run lacks at once, before anything is sent (issue
 * 32, item 8): a workspace from `eventdesk init` whose "sandbox" is the test's sandbox, with a
 * second environment "staging" at another origin that one step of a scenario sends to.
 */

let folder: string;
let sandbox: SandboxServer;
let staging: EchoServer;
const { password, apiKey } = SANDBOX_DEMO_CREDENTIALS;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-run-secrets-'));
  sandbox = await startSandbox({ port: 0 });
  staging = await startEchoServer();
});

afterAll(async () => {
  await sandbox?.close();
  await staging?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function twoEnvironments(): Promise<{ root: string; variables: NodeJS.ProcessEnv }> {
  const root = path.join(folder, 'shop');
  expect((await runCli(['init', root])).code).toBe(0);
  const file = path.join(root, 'environments', 'sandbox.env.json');
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace('http://127.0.0.1:4797', sandbox.url));
  await writeFile(path.join(root, 'environments', 'staging.env.json'), text.replace('"sandbox"', '"staging"').replace('http://127.0.0.1:4797', staging.url));
  const scenario = { format: 'eventdesk.scenario', version: 1, name: 'Also staging', steps: [{ send: 'batches/purchase.json', environment: 'staging' }] };
  await writeFile(path.join(root, 'scenarios', 'staging.scenario.json'), JSON.stringify(scenario));
  const variables = {
    ...process.env,
    EVENTDESK_DATA_DIR: path.join(folder, 'data'),
    EVENTDESK_USERNAME: undefined,
    EVENTDESK_PASSWORD: undefined,
    EVENTDESK_API_KEY: undefined,
  };
  return { root, variables };
}

describe('eventdesk run, credentials lacking', () => {
  it('names every variable of every environment the run sends to, a step’s own included, exits 2, and sends nothing', async () => {
    const { root, variables } = await twoEnvironments();
    const origin = new URL(staging.url).origin;
    const none = await runCli(['run', root], { env: variables });
    expect(none.stderr.split('\n')[0]).toBe(
      `eventdesk run: This run needs EVENTDESK_PASSWORD and EVENTDESK_API_KEY (for sandbox), EVENTDESK_STAGING_PASSWORD and EVENTDESK_STAGING_API_KEY (for staging, at ${origin}, or pass --allow-origin ${origin}): set them and run it again.`,
    );
    expect(none.code).toBe(2);

    const passwords = await runCli(['run', root], { env: { ...variables, EVENTDESK_PASSWORD: password, EVENTDESK_STAGING_PASSWORD: password } });
    expect(passwords.stderr.split('\n')[0]).toBe(
      'eventdesk run: This run needs EVENTDESK_API_KEY (for sandbox), EVENTDESK_STAGING_API_KEY (for staging): set them and run it again.',
    );
    expect(passwords.code).toBe(2);
    expect(sandbox.traffic()).toEqual([]);
    expect(staging.received).toEqual([]);

    // A run that sends only to "sandbox" needs only its variables.
    const smoke = await runCli(['run', path.join(root, 'scenarios', 'smoke.scenario.json')], {
      env: { ...variables, EVENTDESK_PASSWORD: password, EVENTDESK_API_KEY: apiKey },
    });
    expect(smoke.code).toBe(0);
  }, 60_000);
});
