import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { freshWorkspace } from './support/workspace.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * The QA tester's first day (issue 32, item 8): a workspace fresh from `eventdesk init`, whose
 * environment has neither a login nor an API key on this computer, is run from the Runs screen.
 * One dialog asks for both; cancelling it starts nothing; filled in, the run starts and passes.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

test('a fresh workspace lacking both secrets runs from one dialog that asks for them all', async ({ app, harness }) => {
  const root = await freshWorkspace(harness, 'team');

  await app.keyboard.press('ControlOrMeta+4');
  const runs = app.getByRole('tabpanel', { name: 'Runs' });
  answers.push(root);
  await runs.getByRole('button', { name: 'Open workspace…' }).click();
  await expect(runs.getByRole('region', { name: 'Scenario Smoke' })).toBeVisible();

  // Cancelled: nothing starts, nothing is sent.
  await runs.getByRole('button', { name: 'Run all' }).click();
  const asked = app.getByRole('dialog', { name: 'Before the run: sandbox' });
  await expect(asked.getByLabel('Username')).toHaveValue(SANDBOX_DEMO_CREDENTIALS.username);
  await expect(asked.getByLabel('Password')).toBeFocused();
  await expect(asked.getByLabel('API key')).toBeVisible();
  await saveScreenshot(app, 'run-secrets');
  await app.keyboard.press('Escape');
  await expect(asked).toBeHidden();
  await expect(runs.getByRole('status').filter({ hasText: /^Run/ })).toHaveCount(0);
  expect((await harness.services.sandbox.traffic()).length).toBe(0);

  // Both entered in the one dialog: the run starts at once, and passes.
  await runs.getByRole('button', { name: 'Run all' }).click();
  await asked.getByLabel('Password').fill(SANDBOX_DEMO_CREDENTIALS.password);
  await asked.getByLabel('API key').fill(SANDBOX_DEMO_CREDENTIALS.apiKey);
  await asked.getByLabel('API key').press('Enter');
  await expect(asked).toBeHidden();
  await expect(runs.getByRole('status').filter({ hasText: 'Run ended' })).toHaveText(/^Run ended: \d+ passed$/);
  await saveScreenshot(app, 'run-secrets-passed');
  await expect(app.getByRole('dialog')).toHaveCount(0);
});
