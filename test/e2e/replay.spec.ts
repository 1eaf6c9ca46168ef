import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validEvent } from '../fixtures/events.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

/** Four events an SDK sent days ago, saved from the capture as NDJSON (`eventdesk capture export --format ndjson`): 0, 2, 5 and 30 minutes after the first. */
const times = ['2026-11-20 09:00:00', '2026-11-20 09:02:00', '2026-11-20 09:05:00', '2026-11-20 09:30:00'];
const events = times.map((createdAt, index) => validEvent({ token: `captured-${index + 1}`, customer_id: 'c-42', created_at: createdAt }));

const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

test('replays a saved capture to the Local sandbox with times shifted to now, and finds the submission in the History', async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-replay-'));
  const file = path.join(folder, 'capture.ndjson');
  await writeFile(file, events.map((event) => JSON.stringify(event)).join('\n') + '\n');
  await logInWithDemo(app);

  answers.push(file);
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('Replay a file');
  await palette.getByRole('option', { name: /Replay a file's events to an environment/ }).click();

  const dialog = app.getByRole('dialog', { name: 'Replay events' });
  await expect(dialog.getByText('4 events from capture.ndjson')).toBeVisible();
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
