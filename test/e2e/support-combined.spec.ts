import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';
import { findOneInHistory } from './support/history.ts';

/**
 * Issue #32's support journey: a customer's case comes as an SDK's NDJSON log and a HAR of their
 * browser. Both go into one batch; keep the customer's events, shift them to now, pseudonymize,
 * send, and find the send in History by the customer's real id. By accessible names throughout.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const event = (token: string, customer: string, at: string, index: number) => ({
  token,
  customer_id: customer,
  device_id: `9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d0${index}`,
  created_at: at,
  svc_id: 7,
  attributes: { plan: 'pro' },
});
const sdkLog = [
  event('checkout-started', 'cust-7781', '2026-11-19 18:02:11', 0),
  event('page-viewed', 'cust-1002', '2026-11-19 18:03:00', 1),
  event('checkout-failed', 'cust-7781', '2026-11-19 18:06:59', 0),
];
const browserEvents = [event('coupon-applied', 'cust-7781', '2026-11-19 18:04:40', 0), event('page-viewed', 'cust-5555', '2026-11-19 18:05:05', 2)];
const har = {
  log: {
    version: '1.2',
    creator: { name: 'browser', version: '1' },
    entries: [
      {
        startedDateTime: '2026-11-19T18:05:06Z',
        request: {
          method: 'POST',
          url: 'https://api.example.com/user/events',
          postData: { mimeType: 'application/json', text: JSON.stringify(browserEvents) },
        },
      },
    ],
  },
};

test('a support person combines a HAR and an NDJSON into one batch, pseudonymizes, sends, and finds it by the real customer id', async ({ app }) => {
  test.setTimeout(150_000);
  await logInWithDemo(app);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-combined-'));
  const ndjson = path.join(folder, 'sdk-log.ndjson');
  await writeFile(ndjson, sdkLog.map((one) => JSON.stringify(one)).join('\n') + '\n');
  answers.push(ndjson);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'sdk-log' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByTestId('event-count')).toHaveText('3 events');

  // The HAR goes into this batch, at the end: one edit, which one undo takes out.
  const importHar = async () => {
    await app
      .getByLabel('File to import', { exact: true })
      .setInputFiles({ name: 'browser.har', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(har)) });
    return app.getByRole('dialog', { name: 'Import 2 events from browser.har' });
  };
  let choice = await importHar();
  await expect(choice.getByRole('button', { name: 'Open as a new batch' })).toBeFocused();
  await saveScreenshot(app, 'journey-import-choice');
  await choice.getByRole('button', { name: 'Add to this batch, at the end' }).click();
  await expect(app.getByTestId('event-count')).toHaveText('5 events');
  await expect(app.getByRole('tab', { name: /sdk-log/ })).toHaveCount(1);
  await app.locator('.monaco-editor').first().click();
  await app.keyboard.press('ControlOrMeta+z');
  await expect(app.getByTestId('event-count')).toHaveText('3 events');
  choice = await importHar();
  await choice.getByRole('button', { name: 'Add to this batch, at the end' }).press('Enter');
  await expect(app.getByTestId('event-count')).toHaveText('5 events');

  // Keep only the customer's events.
  await app.getByRole('tab', { name: 'Form' }).click();
  const filter = app.getByRole('searchbox', { name: 'Filter events' });
  await filter.fill('customer_id = cust-7781');
  await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('3 of 5 events match');
  await app.getByRole('button', { name: 'Keep only matching' }).click();
  await expect(app.getByTestId('event-count')).toHaveText('3 events');
  await filter.press('Escape');

  // Shift to now, then pseudonymize.
  const dialog = app.getByRole('dialog', { name: /^Transform “sdk-log/ });
  for (const kind of ['Shift times', 'Pseudonymize']) {
    await app.getByRole('button', { name: 'Transform…' }).click();
    await dialog.getByRole('tab', { name: kind }).click();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('status')).toHaveText('3 events change.');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
  }
  await app.getByRole('tab', { name: 'JSON' }).click();
  await expect(app.locator('.monaco-editor').first()).not.toContainText('cust-7781');

  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('3 of 3 events accepted');

  // Found in History by the real customer's id, which the send itself no longer holds.
  await (await findOneInHistory(app, '7781')).click();
  await expect(app.getByTestId('submission-detail')).toContainText('Pseudonymized from cust-7781 and 9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00');
  await saveScreenshot(app, 'journey-pseudonymized-from');
});
