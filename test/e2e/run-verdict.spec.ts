import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { starterFiles } from '../../features/workspace/node/starter.ts';
import { EnvironmentSettingsSchema } from '../../features/environments/common/environment.ts';
import { SANDBOX_DEMO_CREDENTIALS } from '../../features/sandbox/common/sandbox.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * A run step that expects a refusal (issue 32, item 9): the starter workspace's Smoke scenario,
 * whose second step sends an event the sandbox refuses with the 422 it expects, run from the
 * Runs screen. Recent sends, the History list and its detail show the failed send beside the
 * step's verdict, "expected refusal · passed", and not as a red failure; the detail offers no
 * retry of the refusal, and says why.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

test('a 422 the step expects shows as an expected refusal that passed in Recent sends and History', async ({ app, harness }) => {
  const sandboxUrl = (await harness.services.sandbox.info()).url;
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-verdict-')), 'shop');
  for (const file of starterFiles('Shop events')) {
    const target = path.join(root, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.path === 'environments/sandbox.env.json' ? file.text.replace(/"baseUrl": "[^"]*"/, `"baseUrl": "${sandboxUrl}"`) : file.text);
  }

  // The workspace opened from the Runs screen, its environment given the API key and logged in to.
  const runs = app.getByRole('tabpanel', { name: 'Runs' });
  await app.keyboard.press('ControlOrMeta+4');
  answers.push(root);
  await runs.getByRole('button', { name: 'Open workspace…' }).click();
  const smoke = runs.getByRole('region', { name: 'Scenario Smoke' });
  await expect(smoke).toBeVisible();
  const { environments } = await harness.services.environments.list();
  const sandbox = environments.findLast((environment) => environment.name === 'sandbox')!;
  expect(
    (await harness.services.environments.update(sandbox.id, { settings: EnvironmentSettingsSchema.parse(sandbox), apiKey: SANDBOX_DEMO_CREDENTIALS.apiKey }))
      .ok,
  ).toBe(true);
  const { username, password } = SANDBOX_DEMO_CREDENTIALS;
  await harness.services.sessions.login({ environmentId: sandbox.id, username, password, rememberPassword: false });

  await smoke.getByRole('button', { name: 'Run Smoke' }).click();
  await expect(runs.getByRole('status').filter({ hasText: 'Run ended' })).toHaveText('Run ended: 2 passed');

  // Recent sends: the refused send, its status beside the verdict, not a red failure.
  const recent = app.getByRole('region', { name: 'Recent sends' });
  const refused = recent.getByRole('button', { name: /Smoke · step 2/ });
  await expect(refused).toContainText('expected refusal · passed');
  await expect(refused.getByText('failed', { exact: true })).not.toHaveClass(/\bfailed\b/);
  await expect(recent.getByRole('button', { name: /Smoke · step 1/ })).toContainText('step passed');
  // The badges take a line of their own: the name of each send is read whole, at either size.
  for (const [width, height, name] of [
    [1320, 820, 'run-verdict-recent-sends'],
    [1024, 768, 'run-verdict-recent-sends-1024'],
  ] as const) {
    await app.setViewportSize({ width, height });
    for (const text of ['Smoke · step 1 · 3 events', 'Smoke · step 2 · 1 event']) {
      await expect(recent.getByText(text, { exact: true })).toHaveJSProperty('title', text);
      expect(await recent.getByText(text, { exact: true }).evaluate((element) => element.scrollWidth <= element.clientWidth), `${text} at ${width}`).toBe(true);
    }
    await saveScreenshot(app, name);
  }
  await app.setViewportSize({ width: 1320, height: 820 });

  // History: the list says the same, and so does the detail it opens.
  await refused.click();
  await expect(app.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  const row = app.getByRole('list', { name: 'Submissions, newest first' }).getByRole('listitem').filter({ hasText: 'Smoke · step 2' });
  await expect(row).toContainText('expected refusal · passed');
  await expect(app.getByRole('list', { name: 'Colours' })).toContainText('expected refusal');
  const detail = app.getByTestId('submission-detail');
  await expect(detail.getByRole('heading', { name: 'Smoke · step 2' })).toBeVisible();
  await expect(detail.locator('header')).toContainText('failed expected refusal · passed');
  await expect(detail.locator('.badge.outcome.failed')).toHaveCount(0);
  // A retry would send again the event the step meant to be refused: the detail says why there is none.
  await expect(detail.getByText('The refusal was what the step expected.')).toBeVisible();
  await expect(detail.getByRole('button', { name: /Retry|Resume/ })).toHaveCount(0);
  await saveScreenshot(app, 'run-verdict-history');
  await app.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(app, 'run-verdict-history-1024');
});
