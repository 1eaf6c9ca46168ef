import type { Page } from '@playwright/test';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { freshWorkspace, refusedLogin } from './support/workspace.ts';
import { expect, isLoopback, logInWithDemo, openBatchText, saveGuideScreenshot, saveScreenshot, test } from './support/fixtures.ts';

/**
 * Help shows the guide inside the app (issue 31, item 4): offline, searchable, its links
 * followed in the app, an error's "How to fix this" opening the section that mends it. The last
 * test takes the guide's own pictures from the app as it is (`npm run docs:screenshots` writes
 * them into docs/guide/images).
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

test('Help shows the guide in the app: its pages, a search, its links and Back, and nothing leaves the machine', async ({ app, requests }) => {
  await app.getByRole('button', { name: 'Help', exact: true }).click();
  const help = app.getByRole('main', { name: 'Help' });
  await expect(help.getByRole('article', { name: 'EventDesk guide' })).toBeVisible();
  await expect(help.getByRole('navigation', { name: 'Guide pages' }).getByRole('button', { name: 'EventDesk guide' })).toHaveAttribute('aria-current', 'page');

  // The search finds a section; opening it lands on its heading.
  await help.getByRole('searchbox', { name: 'Search the guide' }).fill('port in use');
  await expect(help.getByRole('status')).toContainText('holding “port in use”');
  await saveScreenshot(app, 'help-search');
  await help.getByRole('button', { name: /^Troubleshooting › Port in use/ }).click();
  const troubleshooting = help.getByRole('article', { name: 'Troubleshooting' });
  await expect(troubleshooting.getByRole('heading', { name: 'Port in use' })).toBeFocused();
  await expect(troubleshooting.getByRole('heading', { name: 'Port in use' })).toBeInViewport();

  // A link to another page of the guide opens it in the app, at its heading; Back returns.
  await troubleshooting.getByRole('link', { name: 'what is stored where' }).click();
  const environments = help.getByRole('article', { name: 'Environments and credentials' });
  await expect(environments.getByRole('heading', { name: 'What is stored where, and how it is protected' })).toBeFocused();
  await saveScreenshot(app, 'help-page');
  await help.getByRole('button', { name: 'Back' }).click();
  await expect(troubleshooting.getByRole('heading', { name: 'Port in use' })).toBeFocused();

  // The command reference is a page too, and the palette's "Documentation" opens the guide's start.
  await help.getByRole('navigation', { name: 'Guide pages' }).getByRole('button', { name: 'Command reference' }).click();
  await expect(help.getByRole('article', { name: 'Command reference' })).toContainText('Usage: eventdesk send');
  await app.keyboard.press('ControlOrMeta+1');
  await expect(help).toBeHidden();
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('Documentation');
  await palette.getByRole('option', { name: /Documentation/ }).click();
  await expect(help.getByRole('article', { name: 'EventDesk guide' })).toBeVisible();

  expect(requests.filter((url) => !isLoopback(url))).toEqual([]);
});

test("when Help's code cannot be loaded, Help says so in its place and the rest of the window works on", async ({ page, harness }) => {
  // `page`, not `app`: the aborted chunk is a console error on purpose.
  await page.route(/\/assets\/HelpScreen-[^/]*\.js$/, (route) => route.abort());
  await page.goto(harness.url);
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  const failed = page.locator('#screen-help').getByRole('alert');
  await expect(failed).toContainText('The guide could not be loaded');
  await saveScreenshot(page, 'help-failed');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await expect(failed).toHaveCount(0);
});

test("an error with a fix in the guide offers it: a refused login's How to fix this opens the section, the dialog giving way", async ({ app }) => {
  const dialog = await refusedLogin(app);
  await saveScreenshot(app, 'login-refused-how-to-fix');
  await dialog.getByRole('button', { name: 'How to fix this' }).click();
  await expect(dialog).toBeHidden();
  const section = app.getByRole('article', { name: 'Troubleshooting' }).getByRole('heading', { name: 'The login is refused' });
  await expect(section).toBeFocused();
  await saveScreenshot(app, 'help-from-error');
});

test('a workspace with no scenario yet: the Runs screen says how to add one, and its guide section is a click away', async ({ app, harness }) => {
  const root = await freshWorkspace(harness, 'empty');
  await rm(path.join(root, 'scenarios'), { recursive: true });
  await app.keyboard.press('ControlOrMeta+4');
  const runs = app.getByRole('tabpanel', { name: 'Runs' });
  answers.push(root);
  await runs.getByRole('button', { name: 'Open workspace…' }).click();
  await expect(runs).toContainText('This workspace has no scenarios yet.');
  await saveScreenshot(app, 'runs-no-scenario');
  await runs.getByRole('button', { name: 'How to write a scenario' }).click();
  await expect(app.getByRole('article', { name: 'Workspaces, scenarios and runs' }).getByRole('heading', { name: 'Scenarios', exact: true })).toBeFocused();
});

const checkout = (customer: string, problem = false) =>
  JSON.stringify(
    ['view_item', 'add_to_cart', 'purchase'].map((token, index) => ({
      token,
      customer_id: customer,
      ...(problem && index === 1 ? {} : { device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }),
      created_at: `2026-11-24 09:3${index}:00`,
      svc_id: 1,
      attributes: { plan: 'pro', ...(token === 'purchase' ? { spend: '49.90', currency: 'EUR' } : {}) },
    })),
    null,
    2,
  );

async function runWorkspace(app: Page, harness: Harness): Promise<void> {
  const root = await freshWorkspace(harness, 'shop');
  await app.keyboard.press('ControlOrMeta+4');
  const runs = app.getByRole('tabpanel', { name: 'Runs' });
  answers.push(root);
  await runs.getByRole('button', { name: 'Open workspace…' }).click();
  await runs.getByRole('button', { name: 'Run all' }).click();
  const asked = app.getByRole('dialog', { name: 'Before the run: sandbox' });
  await asked.getByLabel('Password').fill(SANDBOX_DEMO_CREDENTIALS.password);
  await asked.getByLabel('API key').fill(SANDBOX_DEMO_CREDENTIALS.apiKey);
  await asked.getByLabel('API key').press('Enter');
  await expect(runs.getByRole('status').filter({ hasText: 'Run ended' })).toHaveText(/^Run ended: \d+ passed$/);
}

test("the guide's pictures, taken from the app as it is", async ({ app, harness }) => {
  // History and the sandbox: two customers' checkouts sent, one searched for.
  await logInWithDemo(app);
  for (const customer of ['cust-7781', 'cust-1002']) {
    await openBatchText(app, harness, checkout(customer), `${customer} checkout`);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('3 of 3 events accepted');
  }
  await app.keyboard.press('ControlOrMeta+2');
  await app.getByRole('searchbox', { name: /Search submissions/ }).fill('7781');
  const list = app.getByRole('list', { name: 'Submissions, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button').first().click();
  await expect(app.getByTestId('submission-detail').getByTestId('batch-viewer')).toContainText('cust-7781');
  await saveGuideScreenshot(app, 'history');

  await app.keyboard.press('ControlOrMeta+3');
  const sandbox = app.getByRole('tabpanel', { name: 'Sandbox' });
  await expect(sandbox.getByText('accepted 3 events').first()).toBeVisible();
  await saveGuideScreenshot(app, 'sandbox');

  // The composer: a batch with a problem, listed under the editor.
  await openBatchText(app, harness, checkout('cust-5555', true), 'cust-5555 checkout');
  const problems = app.getByRole('region', { name: 'Problems' });
  await expect(problems.getByTestId('problem-counts')).toHaveText(/^1 (error|warning)/);
  await saveGuideScreenshot(app, 'composer');

  // Transform: shifting the times, previewed.
  await app.getByRole('button', { name: 'Transform…' }).click();
  const transform = app.getByRole('dialog', { name: 'Transform “cust-5555 checkout”' });
  await transform.getByRole('button', { name: 'Preview' }).click();
  await expect(transform.getByRole('status')).toHaveText('3 events change.');
  await saveGuideScreenshot(app, 'transform');
  await app.keyboard.press('Escape');
  await expect(transform).toBeHidden();

  // Runs: a workspace fresh from eventdesk init, run.
  await runWorkspace(app, harness);
  await saveGuideScreenshot(app, 'runs');
});
