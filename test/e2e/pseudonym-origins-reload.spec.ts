import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';
import { findOneInHistory } from './support/history.ts';

/**
 * Issue #32 item 2 across a reload: the original ids a pseudonymize replaced are kept with the
 * batch's draft, so a batch pseudonymized, the page reloaded (as after a restart), then sent,
 * is still found in History by the real customer's id.
 */

const events = [
  {
    token: 'checkout-started',
    customer_id: 'cust-7781',
    device_id: '9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00',
    created_at: '2026-11-19 18:02:11',
    svc_id: 7,
    attributes: { plan: 'pro' },
  },
  {
    token: 'checkout-failed',
    customer_id: 'cust-7781',
    device_id: '9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00',
    created_at: '2026-11-19 18:06:59',
    svc_id: 7,
    attributes: { plan: 'pro' },
  },
];

test('a batch pseudonymized, the page reloaded, then sent, is found in History by the real customer id', async ({ app, harness }) => {
  test.setTimeout(120_000);
  await openBatchText(app, harness, JSON.stringify(events, null, 2), 'Customer case');
  await app.getByRole('button', { name: 'Transform…' }).click();
  const dialog = app.getByRole('dialog', { name: /^Transform “Customer case/ });
  await dialog.getByRole('tab', { name: 'Pseudonymize' }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('2 events change.');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();

  // The draft on disk holds the pseudonyms, and beside it the ids they replaced, its owner's alone.
  const kept = async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch');
  await expect
    .poll(async () => kept().then((draft) => [draft?.text.includes('cust-7781'), draft?.origins?.map((origin) => origin.original)]))
    .toEqual([false, ['cust-7781', '9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00']]);
  const drafts = path.join(harness.dataFolder, 'drafts');
  expect(((await stat(path.join(drafts, 'e2e-batch.origins.json'))).mode & 0o777).toString(8)).toBe('600');

  await app.reload();
  await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await app.getByRole('tab', { name: 'Customer case' }).click();
  await expect(app.locator('.monaco-editor').first()).not.toContainText('cust-7781');
  await logInWithDemo(app);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('2 of 2 events accepted');

  await (await findOneInHistory(app, '7781')).click();
  await expect(app.getByTestId('submission-detail')).toContainText('Pseudonymized from cust-7781 and 9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d00');
  await saveScreenshot(app, 'pseudonymized-from-after-reload');

  // Closed, the draft takes the ids with it.
  await app.getByRole('tab', { name: 'Composer' }).click();
  await app.getByRole('tab', { name: 'Customer case' }).focus();
  await app.keyboard.press('Delete');
  await app.getByRole('alertdialog', { name: 'Close “Customer case”?' }).getByRole('button', { name: 'Close' }).click();
  await expect.poll(async () => (await readdir(drafts)).filter((name) => name.startsWith('e2e-batch.'))).toEqual([]);
});
