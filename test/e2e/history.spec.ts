import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { harProblems } from '../../features/formats/common/har-spec.ts';
import type { Harness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';

const event = (customer: string, plan: string) => ({
  token: `evt-${customer}`,
  customer_id: customer,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 1001,
  created_at: '2026-11-22 10:00:00',
  attributes: { plan },
});

async function sendFromComposer(app: Page, harness: Harness, events: unknown[], name: string): Promise<void> {
  await openBatchText(app, harness, JSON.stringify(events, null, 2), name);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText(`${events.length} of ${events.length} events accepted`);
}

test.describe('history', () => {
  let exportPath = '';
  test.use({
    harnessOptions: {
      dialogs: {
        chooseFileToOpen: async () => null,
        chooseFilesToOpen: async () => [],
        chooseFileToSave: async (suggested) => {
          exportPath = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-export-')), suggested);
          return exportPath;
        },
      },
    },
  });

  test('finds a send by customer_id, opens it, compares two, exports HAR, and warns on resend', async ({ app, harness }) => {
    await logInWithDemo(app);
    await sendFromComposer(app, harness, [event('alice-01', 'free')], 'First');
    await sendFromComposer(app, harness, [event('bob-02', 'pro'), event('carol-03', 'pro')], 'Second');
    await sendFromComposer(app, harness, [event('dave-04', 'team')], 'Third');

    await app.keyboard.press('Control+2');
    const list = app.getByRole('list', { name: 'Submissions, newest first' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(app.getByTestId('history-count')).toHaveText('3 submissions');
    await expect(app.getByTestId('timeline')).toBeVisible();
    await saveScreenshot(app, 'history-list');

    // Find by customer_id, and open it.
    await app.keyboard.press('Control+Shift+F');
    await expect(app.getByRole('searchbox', { name: /Search submissions/ })).toBeFocused();
    await app.keyboard.type('carol-03');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(app.getByTestId('history-count')).toHaveText('1 submission');
    await list.getByRole('button').first().click();
    const detail = app.getByTestId('submission-detail');
    await expect(detail).toContainText('2 events');
    await expect(detail.getByLabel('Request headers')).toContainText('Bearer ••••');
    await expect(detail.getByTestId('batch-viewer')).toContainText('carol-03');
    await expect(detail.getByTestId('send-outcome')).toContainText('2 of 2 events accepted');

    // A label and a note are searchable.
    await detail.getByLabel('Label').fill('ZD-4242 repro');
    await detail.getByLabel('Note').fill('customer reports missing events');
    await detail.getByRole('button', { name: 'Save label and note' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('ZD-4242 repro');
    await app.getByRole('searchbox', { name: /Search submissions/ }).fill('zd-4242');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await saveScreenshot(app, 'history-detail');

    // Compare the first and the third.
    await app.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
    await list.getByRole('listitem').nth(2).getByRole('checkbox').check();
    await app.getByRole('button', { name: 'Compare', exact: true }).click();
    const compare = app.getByTestId('compare-view');
    await compare.getByRole('button', { name: 'Show text diff' }).click();
    await expect(compare.getByTestId('compare-editor')).toContainText('alice-01');
    await expect(compare.getByTestId('compare-editor')).toContainText('dave-04');
    await saveScreenshot(app, 'history-diff');
    await compare.getByRole('tab', { name: 'Responses' }).click();
    await expect(compare.getByRole('tabpanel', { name: 'Responses' }).getByTestId('compare-editor')).toContainText('accepted');

    // Export the two as HAR: valid HAR 1.2, one entry each, secrets masked.
    const selection = app.getByLabel('Selected submissions');
    await selection.getByLabel('Export format').selectOption('har');
    await selection.getByRole('button', { name: 'Export…' }).click();
    await expect(app.getByText(/Exported 2 submissions to .*secrets masked/)).toBeVisible();
    const har = JSON.parse(await readFile(exportPath, 'utf8')) as { log: { version: string; entries: { request: { postData?: { text: string } } }[] } };
    expect(harProblems(har)).toEqual([]);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(2);
    expect(har.log.entries.map((entry) => entry.request.postData?.text).join()).toContain('dave-04');
    expect(JSON.stringify(har)).not.toContain((await harness.services.vault.get('local-sandbox')).accessToken!);

    // Resend the open one: the same batch went there before, so it asks, naming when.
    await compare.getByRole('button', { name: 'Close' }).click();
    await list.getByRole('listitem').nth(1).getByRole('button').click();
    await expect(detail).toContainText('bob-02');
    await detail.getByRole('button', { name: 'Resend' }).click();
    const question = app.getByRole('alertdialog', { name: 'Send the same batch again?' });
    await expect(question).toHaveText(/already sent to “Local sandbox” on .*Send it again\?/);
    await question.getByRole('button', { name: 'Send again' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(app.getByTestId('history-count')).toHaveText('4 submissions');
    await expect(app.getByTestId('submission-detail').getByTestId('send-outcome')).toContainText('2 of 2 events accepted');
    expect((await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events')).toHaveLength(4);
  });

  test('opens a submission as a new draft, and deletes a selection', async ({ app, harness }) => {
    await logInWithDemo(app);
    await sendFromComposer(app, harness, [event('erin-05', 'pro')], 'Fifth');
    await sendFromComposer(app, harness, [event('frank-06', 'pro')], 'Sixth');
    await app.getByRole('tab', { name: 'History' }).click();
    const list = app.getByRole('list', { name: 'Submissions, newest first' });
    await list.getByRole('listitem').nth(1).getByRole('button').click();
    await app.getByTestId('submission-detail').getByRole('button', { name: 'Open as draft' }).click();
    await expect(app.getByRole('tab', { name: 'Composer' })).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByRole('tab', { name: /^Sent / })).toHaveAttribute('aria-selected', 'true');
    await expect(app.locator('.monaco-editor').first()).toContainText('erin-05');

    await app.getByRole('tab', { name: 'History' }).click();
    await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
    await app.getByRole('button', { name: 'Delete selected' }).click();
    await app.getByRole('alertdialog', { name: 'Delete submissions?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(app.getByText('Deleted 1 submission.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('1 event');
    expect(await harness.services.submissions.count()).toBe(1);
  });

  test('shows the space used, and keeps only what the retention setting says', async ({ app, harness }) => {
    await logInWithDemo(app);
    await sendFromComposer(app, harness, [event('gina-07', 'pro')], 'Seventh');
    await app.getByRole('tab', { name: 'History' }).click();
    const storage = app.locator('details.history-storage');
    await expect(storage.locator('summary')).toContainText('1 submission,');
    await storage.locator('summary').click();
    await expect(storage.getByLabel('Days to keep')).toBeDisabled();
    await storage.getByRole('radio').nth(1).check();
    const days = storage.getByLabel('Days to keep');
    // What is typed stays as typed, and a number no limit takes holds Save back.
    await days.fill('');
    await expect(days).toHaveValue('');
    await days.fill('0');
    await expect(days).toHaveAccessibleDescription('A whole number from 1 to 36,500.');
    await expect(storage.getByRole('button', { name: 'Save' })).toBeDisabled();
    await days.fill('7');
    await expect(days).not.toHaveAttribute('aria-invalid');
    await storage.getByRole('button', { name: 'Save' }).click();
    const question = app.getByRole('alertdialog', { name: 'Delete older submissions?' });
    await expect(question).toContainText('Submissions older than 7 days are deleted now');
    await question.getByRole('button', { name: 'Save and delete' }).click();
    await expect(app.getByText('Saved.')).toBeVisible();
    expect(await harness.services.submissions.retention()).toEqual({ keep: 'days', days: 7 });
    // The send of a moment ago is within the last 7 days: still there.
    await expect(app.getByTestId('history-count')).toHaveText('1 submission');
  });

  test('shows an empty history plainly', async ({ app }) => {
    await app.getByRole('tab', { name: 'History' }).click();
    await expect(app.getByTestId('history-empty')).toContainText('Nothing sent yet');
    await app.getByRole('searchbox', { name: /Search submissions/ }).fill('nobody');
    await expect(app.getByTestId('history-empty')).toContainText('No submission matches');
  });
});
