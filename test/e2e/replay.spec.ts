import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../../features/environments/common/environment.ts';
import { validEvent } from '../fixtures/events.ts';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

/** Four events an SDK sent days ago, saved from the capture as NDJSON (`eventdesk capture export --format ndjson`): 0, 2, 5 and 30 minutes after the first. */
const times = ['2026-11-20 09:00:00', '2026-11-20 09:02:00', '2026-11-20 09:05:00', '2026-11-20 09:30:00'];
const events = times.map((createdAt, index) => validEvent({ token: `captured-${index + 1}`, customer_id: 'c-42', created_at: createdAt }));

/** Saves the captured events as NDJSON and opens the Replay dialog on them from the palette. */
async function replayFromPalette(app: Page, captured: readonly unknown[] = events) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-replay-'));
  const file = path.join(folder, 'capture.ndjson');
  await writeFile(file, captured.map((event) => JSON.stringify(event)).join('\n') + '\n');
  answers.push(file);
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('Replay a file');
  await palette.getByRole('option', { name: /Replay a file's events to an environment/ }).click();
  const dialog = app.getByRole('dialog', { name: 'Replay events' });
  await expect(dialog.getByText('4 events from capture.ndjson')).toBeVisible();
  return dialog;
}

/** Staging: a second environment on the harness's sandbox, made as after a restart that kept none of its secrets unless given. */
async function addStaging(
  app: Page,
  harness: Harness,
  settings: Partial<EnvironmentSettings> = {},
  secrets: { apiKey?: string; password?: string } = {},
): Promise<string> {
  const { url } = await harness.services.sandbox.info();
  const saved = await harness.services.environments.create({
    settings: { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: url, username: 'demo', ...settings },
    ...secrets,
  });
  if (!saved.ok) throw new Error(JSON.stringify(saved));
  await app.reload();
  await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  return saved.environment.id;
}

const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

test('replays a saved capture to the Local sandbox with times shifted to now, and finds the submission in the History', async ({ app, harness }) => {
  await logInWithDemo(app);
  const dialog = await replayFromPalette(app);
  await expect(dialog.getByRole('combobox', { name: 'Send to' })).toHaveValue('local-sandbox');
  const preview = dialog.getByRole('status');
  await expect(preview).toHaveText('Sends 4 events, created_at from 2026-11-20 09:00:00 to 2026-11-20 09:30:00 (UTC).');
  await dialog.getByRole('checkbox', { name: 'Shift times so the newest is now' }).check();
  await expect(preview).not.toContainText('2026-11-20');
  await expect(preview).toHaveText(/^Sends 4 events, created_at from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\)\.$/);
  await saveScreenshot(app, 'replay-dialog');

  const before = Math.floor(Date.now() / 1000);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByTestId('send-outcome')).toContainText('4 of 4 events accepted');
  const after = Math.ceil(Date.now() / 1000);
  await saveScreenshot(app, 'replay-outcome');

  await dialog.getByRole('button', { name: 'Open in History' }).click();
  await expect(dialog).toBeHidden();
  const detail = app.getByTestId('submission-detail');
  await expect(detail.getByRole('heading', { name: 'Replay of 4 events from capture.ndjson' })).toBeVisible();
  await expect(detail).toContainText('4 events');

  // What was sent and recorded: the newest event at the moment of sending, the spacing as it was.
  const [submission] = await harness.services.submissions.list({ limit: 1 });
  const sent = JSON.parse((await harness.services.submissions.get(submission!.id))!.batch) as { token: string; created_at: string }[];
  expect(sent.map((event) => event.token)).toEqual(['captured-1', 'captured-2', 'captured-3', 'captured-4']);
  const newest = seconds(sent[3]!.created_at);
  expect(newest).toBeGreaterThanOrEqual(before - 1);
  expect(newest).toBeLessThanOrEqual(after);
  expect(sent.map((event) => seconds(event.created_at) - newest)).toEqual(times.map((time) => seconds(time) - seconds(times[3]!)));
  // The History's read-only editor shows the shifted times (its first lines: the first event's).
  await expect(detail.locator('.monaco-editor')).toContainText(`"created_at": "${sent[0]!.created_at}"`);
  await saveScreenshot(app, 'replay-history');
});

test('a replay to an environment with no API key says so in the dialog, opens its settings, keeps every choice, and sends once mended', async ({
  app,
  harness,
}) => {
  const stagingId = await addStaging(app, harness);
  const dialog = await replayFromPalette(app);
  await dialog.getByRole('combobox', { name: 'Send to' }).selectOption({ label: 'Staging' });
  await dialog.getByRole('checkbox', { name: 'Shift times so the newest is now' }).check();
  await dialog.getByRole('checkbox', { name: 'Pseudonymize personal fields' }).check();
  await expect(dialog.getByRole('status')).toHaveText(/^Sends 4 events, created_at from \d{4}/);

  await dialog.getByRole('button', { name: 'Send' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('“Staging” has no API key');
  await expect(dialog.getByRole('combobox', { name: 'Send to' })).toHaveValue(stagingId);
  await expect(dialog.getByRole('checkbox', { name: 'Shift times so the newest is now' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Pseudonymize personal fields' })).toBeChecked();
  await saveScreenshot(app, 'replay-no-api-key');

  // Mended from the dialog: the environment's settings open over it, the key is set, and the choices are still there.
  await alert.getByRole('button', { name: 'Open “Staging” settings' }).click();
  const editor = app.getByRole('dialog', { name: /Staging/ }).filter({ has: app.getByLabel('API key') });
  await editor.getByLabel('API key').fill('demo-api-key');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Send to' })).toHaveValue(stagingId);
  await expect(dialog.getByRole('checkbox', { name: 'Pseudonymize personal fields' })).toBeChecked();

  // Not logged in to Staging either: the login dialog offers itself, and the send goes on once logged in.
  await dialog.getByRole('button', { name: 'Send' }).click();
  const login = app.getByRole('dialog', { name: 'Log in to Staging' });
  await expect(dialog.getByRole('alert')).toContainText('Log in to “Staging” first');
  await login.getByRole('textbox', { name: 'Password' }).fill('demo-password');
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByTestId('send-outcome')).toContainText('4 of 4 events accepted');
  const [submission] = await harness.services.submissions.list({ limit: 1 });
  const sent = JSON.parse((await harness.services.submissions.get(submission!.id))!.batch) as { customer_id: string }[];
  expect(sent.map((event) => event.customer_id)).not.toContain('c-42');
});

test("a replay is checked against the target's tracking plan: its violations counted before sending, its errors asking first", async ({ app, harness }) => {
  const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-replay-plan-')), 'captured.plan.json');
  // Plans only the first event's kind: the other three are unplanned, an error by default.
  await writeFile(planFile, JSON.stringify({ name: 'captured', version: '1', events: { 'captured-1': {} } }));
  answers.push(planFile);
  await harness.services.plans.choose();
  await addStaging(app, harness, { planFile, rememberPassword: true }, { apiKey: 'demo-api-key', password: 'demo-password' });
  const dialog = await replayFromPalette(app);
  await expect(dialog.getByTestId('replay-plan')).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Send to' }).selectOption({ label: 'Staging' });
  await expect(dialog.getByTestId('replay-plan')).toHaveText('Checked against the tracking plan “captured”: 3 violations, 3 errors (Send asks first).');
  await saveScreenshot(app, 'replay-plan');

  await dialog.getByRole('button', { name: 'Send' }).click();
  const question = app.getByRole('alertdialog', { name: 'Send a batch with errors?' });
  await expect(question.getByTestId('send-warning-counts')).toHaveText('The batch has 3 errors (3 against the tracking plan) and 0 warnings.');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
  expect(await harness.services.submissions.list({ limit: 1 })).toEqual([]);

  await dialog.getByRole('button', { name: 'Send' }).click();
  await question.getByRole('button', { name: 'Send anyway' }).click();
  await expect(dialog.getByTestId('send-outcome')).toContainText('4 of 4 events accepted');
});

test('a replay holding an event the target refuses says so before sending, and leaves it out when asked, so the others are accepted', async ({ app }) => {
  await logInWithDemo(app);
  const dialog = await replayFromPalette(app, [events[0], { ...events[1], svc_id: 'seven' }, events[2], events[3]]);
  const warning = dialog.getByText(/has errors under the rules of “Local sandbox”/);
  await expect(warning).toHaveText(
    '1 of 4 events has errors under the rules of “Local sandbox”: the server refuses it, and a chunk holding one is refused whole.',
  );
  await saveScreenshot(app, 'replay-errors');
  await dialog.getByRole('button', { name: 'Leave it out' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/^Sends 3 events/);
  await expect(dialog.getByText('1 event with errors left out.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByTestId('send-outcome')).toContainText('3 of 3 events accepted');
});
