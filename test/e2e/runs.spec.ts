import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { starterFiles } from '../../features/workspace/node/starter.ts';
import { EnvironmentSettingsSchema } from '../../features/environments/common/environment.ts';
import { SCENARIO_FORMAT } from '../../features/workspace/common/scenario.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * The Runs screen (issue #18) over the real run service: the `eventdesk init` starter with its
 * environment pointed at the harness's sandbox and a scenario that fails, run from the screen
 * (which asks for the login first), its steps followed live to the failure's reason and its submission in History, then run again
 * after the fix and the two runs compared.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const CHECKOUT = 'scenarios/checkout.scenario.json';

/** Expects more events accepted than the batch holds: the step sends, then fails. The sandbox's latency keeps each step visible while it runs. */
function checkout(accepted: number): string {
  const scenario = {
    format: SCENARIO_FORMAT,
    version: 1,
    name: 'Checkout',
    steps: [
      { name: 'The purchases are sent', send: 'batches/purchase.json', faults: { latencyMs: 800 } },
      { name: 'Every purchase is accepted', send: 'batches/purchase.json', expect: { accepted } },
    ],
  };
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** The starter workspace with its environment at the harness's sandbox, and the Checkout scenario. */
async function workspaceAt(sandboxUrl: string): Promise<string> {
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-runs-')), 'shop');
  const files = [...starterFiles('Shop events'), { path: CHECKOUT, text: checkout(5) }];
  for (const file of files) {
    const target = path.join(root, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    const text = file.path === 'environments/sandbox.env.json' ? file.text.replace(/"baseUrl": "[^"]*"/, `"baseUrl": "${sandboxUrl}"`) : file.text;
    await writeFile(target, text);
  }
  return root;
}

/**
 * Opens the workspace from the Runs screen's empty state, and gives its environment the sandbox's
 * API key (kept in the vault, never in the workspace).
 */
async function openWorkspaceFromRuns(app: Page, harness: Harness): Promise<string> {
  const root = await workspaceAt((await harness.services.sandbox.info()).url);
  answers.push(root);
  await app.getByRole('tabpanel', { name: 'Runs' }).getByRole('button', { name: 'Open workspace…' }).click();
  await expect(app.getByRole('region', { name: 'Scenario Checkout' })).toBeVisible();
  const { environments } = await harness.services.environments.list();
  const workspaceSandbox = environments.findLast((environment) => environment.name === 'sandbox')!;
  const settings = EnvironmentSettingsSchema.parse(workspaceSandbox);
  expect((await harness.services.environments.update(workspaceSandbox.id, { settings, apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey })).ok).toBe(true);
  return root;
}

/** Nobody is logged in to the run's environment: the run asks for the password first (its API key is set), then starts. */
async function logInWhenAsked(app: Page): Promise<void> {
  const asked = app.getByRole('dialog', { name: 'Before the run: sandbox' });
  await expect(asked.getByLabel('API key')).toHaveCount(0);
  await asked.getByLabel('Password').fill(SANDBOX_DEMO_CREDENTIALS.password);
  await asked.getByRole('button', { name: 'Start the run' }).click();
  await expect(asked).toBeHidden();
}

test('runs a scenario from the Runs screen, follows its failure to the submission, and compares it with the run after the fix', async ({ app, harness }) => {
  await app.setViewportSize({ width: 1024, height: 760 });
  const runs = app.getByRole('tabpanel', { name: 'Runs' });

  // Without a workspace the screen says so, and opens one.
  await app.keyboard.press('ControlOrMeta+4');
  await expect(runs).toContainText('No workspace is open');
  await saveScreenshot(app, 'runs-no-workspace');
  const root = await openWorkspaceFromRuns(app, harness);
  const checkoutCard = runs.getByRole('region', { name: 'Scenario Checkout' });
  await expect(checkoutCard.getByRole('list', { name: 'Steps of Checkout' }).getByRole('listitem')).toHaveText([
    'The purchases are sent',
    'Every purchase is accepted',
  ]);
  await expect(runs.getByRole('region', { name: 'Scenario Smoke' })).toBeVisible();

  // Run Checkout alone, once logged in.
  await checkoutCard.getByRole('button', { name: 'Run Checkout' }).click();
  await logInWhenAsked(app);

  // Each step shows while it runs, then how it ended and why.
  const steps = runs.getByRole('list', { name: 'Steps run in Checkout' }).getByRole('listitem');
  await expect(steps.first()).toContainText('running');
  await expect(runs.getByRole('status').filter({ hasText: 'Run ended' })).toHaveText('Run ended: 1 passed, 1 failed');
  await expect(steps.nth(0)).toContainText('✓ passed');
  await expect(steps.nth(0)).toContainText('3 of 3 events accepted');
  await expect(steps.nth(1)).toContainText('✕ failed');
  await expect(steps.nth(1)).toContainText('accepted: expected 5 events accepted, the server accepted 3 of 3');
  await saveScreenshot(app, 'runs-failure');
  const axe = await new AxeBuilder({ page: app }).include('#screen-runs').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id)).toEqual([]);

  // The failure's submission opens in History.
  await steps
    .nth(1)
    .getByRole('button', { name: /^Open submission/ })
    .click();
  await expect(app.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  const detail = app.getByTestId('submission-detail');
  await expect(detail).toContainText('Checkout · step 2');

  // Fixed on disk, run again: the comparison puts the step that now passes first.
  await writeFile(path.join(root, CHECKOUT), checkout(3));
  await app.getByRole('tab', { name: 'Runs' }).click();
  await checkoutCard.getByRole('button', { name: 'Run Checkout' }).click();
  await expect(runs.getByRole('status').filter({ hasText: 'Run ended' })).toHaveText('Run ended: 2 passed');
  const kept = runs.getByRole('region', { name: 'Kept runs' });
  await expect(kept.getByRole('checkbox')).toHaveCount(2);
  await kept.getByRole('checkbox').nth(0).check();
  await kept.getByRole('checkbox').nth(1).check();
  await kept.getByRole('button', { name: 'Compare' }).click();
  const rows = runs.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Step 2: Every purchase is accepted');
  await expect(rows.nth(1)).toContainText('now passes');
  await expect(runs.getByRole('region', { name: /^Comparing/ })).toContainText('1 step changed.');
  await saveScreenshot(app, 'runs-comparison');
});

test('Stop ends the run under way: the step running is cancelled, the rest skipped', async ({ app, harness }) => {
  await app.keyboard.press('ControlOrMeta+4');
  await openWorkspaceFromRuns(app, harness);
  const runs = app.getByRole('tabpanel', { name: 'Runs' });
  await runs.getByRole('button', { name: 'Run all' }).click();
  await logInWhenAsked(app);
  await expect(runs.getByRole('list', { name: 'Steps run in Checkout' }).getByRole('listitem').first()).toContainText('running');
  await runs.getByRole('button', { name: 'Stop' }).click();
  await expect(runs.getByRole('status').filter({ hasText: /^Run (ended|stopped)/ })).toHaveText(/^Run stopped: /);
  await expect(runs.getByRole('region', { name: 'Smoke: skipped' })).toBeVisible();
  await expect(runs.getByRole('button', { name: 'Run all' })).toBeEnabled();
});
