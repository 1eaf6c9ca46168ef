import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildBundles, projectRoot } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { validEvent } from '../../fixtures/events.ts';
import { startHarness } from '../../harness/server.ts';
import { median, withGoal, type BenchCase, type BenchLine } from '../bench.ts';

const EVENTS = 100_000;
const ROUNDS = 3;

/**
 * A 100 000-event batch sent to the embedded sandbox from the composer, through the harness in
 * Chromium (the app's arrangement: calls routed on one thread, the services on their own),
 * beside `eventdesk send` sending the same file to the same sandbox, in turns in the same run:
 * click → the outcome shown, against the command's whole run. Also click → the send shown
 * (checking or preparing), and click → the first progress of the events sent.
 */
const uiSend: BenchCase = {
  name: 'ui-send-100k',
  async run(): Promise<BenchLine[]> {
    await buildBundles();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-ui-send-'));
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const harness = await startHarness();
    const samples = { ui: [] as number[], cli: [] as number[], firstProgress: [] as number[], shown: [] as number[] };
    try {
      const sandbox = await harness.services.sandbox.info();
      const page = await browser.newPage();
      await page.goto(harness.url);
      await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
      const dialog = page.getByRole('dialog', { name: /Log in to/ });
      await dialog.getByRole('button', { name: 'Fill in' }).click();
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await dialog.waitFor({ state: 'hidden' });

      for (let round = 0; round < ROUNDS; round++) {
        // A new batch each round (the tokens differ), so no send is refused as a repeat.
        const text = JSON.stringify(
          Array.from({ length: EVENTS }, (_, n) => validEvent({ token: `r${round}-${n.toString(36)}`, customer_id: `customer-${n}` })),
          null,
          2,
        );
        const file = path.join(folder, `batch-${round}.json`);
        await writeFile(file, text);

        const name = `Bench batch ${round}`;
        await harness.services.drafts.save({ id: `bench-${round}`, name, text, filePath: null, updatedAt: new Date().toISOString() });
        await page.reload();
        await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
        await page.getByRole('tab', { name }).click();
        await page.locator('.monaco-editor').first().waitFor();
        const started = performance.now();
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        // Shown: the first sign the click was taken. Pressed before the batch's check has answered
        // (the editor has just shown it), Send first says "Checking…", then prepares.
        await page
          .getByRole('button', { name: 'Checking…', exact: true })
          .or(page.getByRole('progressbar', { name: 'Preparing the send' }))
          .or(page.getByRole('progressbar', { name: 'Events sent' }))
          .or(page.getByTestId('send-outcome'))
          .first()
          .waitFor({ timeout: 120_000 });
        samples.shown.push(performance.now() - started);
        await page.getByRole('progressbar', { name: 'Events sent' }).or(page.getByTestId('send-outcome')).first().waitFor({ timeout: 120_000 });
        samples.firstProgress.push(performance.now() - started);
        await page
          .getByTestId('send-outcome')
          .filter({ hasText: `${EVENTS.toLocaleString('en')} of ${EVENTS.toLocaleString('en')} events accepted` })
          .waitFor({ timeout: 600_000 });
        samples.ui.push(performance.now() - started);
        // The next round's page opens with its own batch only, as a user's would.
        await harness.services.drafts.close(`bench-${round}`);

        const cliFile = path.join(folder, `batch-cli-${round}.json`);
        await writeFile(cliFile, text.replaceAll(`"r${round}-`, `"c${round}-`));
        samples.cli.push(await timeCli(cliFile, sandbox.url, sandbox, path.join(folder, 'cli-data')));
      }
    } finally {
      await harness.close();
      await browser.close();
      await rm(folder, { recursive: true, force: true });
    }
    return [
      withGoal(
        {
          name: 'ui-send-100k',
          value: median(samples.ui),
          unit: 'ms',
          baseline: { name: 'cli-send-100k', value: median(samples.cli) },
          extra: { rounds: ROUNDS },
        },
        'ratio<=1.05',
        median(samples.ui) <= 1.05 * median(samples.cli),
      ),
      withGoal(
        { name: 'ui-send-shown-100k', value: median(samples.shown), unit: 'ms', baseline: { name: 'ui-send-100k', value: median(samples.ui) } },
        'click-shown<=200ms',
        median(samples.shown) <= 200,
      ),
      { name: 'ui-send-first-progress-100k', value: median(samples.firstProgress), unit: 'ms', baseline: { name: 'ui-send-100k', value: median(samples.ui) } },
    ];
  },
};
export default uiSend;

/** The whole run of `eventdesk send FILE` to the sandbox, from spawn to exit. */
async function timeCli(
  file: string,
  baseUrl: string,
  sandbox: { demoUsername: string; demoPassword: string; demoApiKey: string; maxBodyBytes: number },
  data: string,
): Promise<number> {
  const started = performance.now();
  // Chunks as the app's Local sandbox environment makes them: no larger than the sandbox takes.
  const args = [
    path.join(projectRoot, 'app', 'cli', 'bin.ts'),
    'send',
    file,
    '--base-url',
    baseUrl,
    '--data',
    data,
    '--max-chunk-bytes',
    String(sandbox.maxBodyBytes),
  ];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, EVENTDESK_USERNAME: sandbox.demoUsername, EVENTDESK_PASSWORD: sandbox.demoPassword, EVENTDESK_API_KEY: sandbox.demoApiKey },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (errors = (errors + text).slice(-2000)));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`eventdesk send exited ${code}: ${errors}`);
  return performance.now() - started;
}
