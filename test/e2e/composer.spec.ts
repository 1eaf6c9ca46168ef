import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

test.describe('the composer', () => {
  test('reopens every open batch exactly as it was after a reload mid-edit', async ({ app, harness }) => {
    const editor = app.locator('.monaco-editor').first();
    await editor.click();
    await app.keyboard.press('ControlOrMeta+End');
    await app.keyboard.type('// first batch, typed');

    await app.getByRole('button', { name: 'New batch' }).click();
    await expect(app.getByRole('tab', { name: 'Batch 2' })).toHaveAttribute('aria-selected', 'true');
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.press('ControlOrMeta+End');
    await app.keyboard.type('// second batch, typed');
    await expect.poll(async () => (await harness.services.drafts.list()).drafts.map((draft) => draft.text.includes('typed'))).toEqual([true, true]);

    await app.reload();
    await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(app.getByRole('tab', { name: 'Batch 2' })).toHaveAttribute('aria-selected', 'true');
    await expect(app.locator('.monaco-editor').first()).toContainText('// second batch, typed');
    await app.getByRole('tab', { name: 'Batch 1' }).click();
    await expect(app.locator('.monaco-editor').first()).toContainText('// first batch, typed');
    await saveScreenshot(app, 'composer-tabs');
  });

  test('asks before closing a batch whose text no file keeps', async ({ app }) => {
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.type('// work');
    await app.getByRole('button', { name: 'New batch' }).click();
    // The mouse closes with the ×, the keyboard with Delete on the tab; both ask.
    const question = app.getByRole('alertdialog', { name: 'Close “Batch 1”?' });
    await app.getByTitle('Close Batch 1').click();
    await expect(question).toContainText('Its text is kept in no file and will be gone.');
    // Closing it loses the text: Enter alone does not.
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(app.getByRole('tab', { name: 'Batch 1' })).toBeVisible();
    await app.getByRole('tab', { name: 'Batch 1' }).focus();
    await app.keyboard.press('Delete');
    await question.getByRole('button', { name: 'Close' }).click();
    await expect(app.getByRole('tab', { name: 'Batch 1' })).toBeHidden();
    await expect(app.getByRole('tab', { name: 'Batch 2' })).toHaveAttribute('aria-selected', 'true');
  });

  test('previews the batch with its templates resolved, and generates copies of an event', async ({ app, harness }) => {
    const templated = `[
  {
    "token": "evt-{{$seq}}",
    "customer_id": "{{$pick alice|bob}}",
    "device_id": "{{$uuid}}",
    "svc_id": "{{$seq}}",
    "created_at": "{{$now -15m}}",
    "attributes": { "plan": "pro" }
  }
]
`;
    await openBatchText(app, harness, templated);
    await expect(app.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
    await app.getByRole('button', { name: 'More', exact: true }).click();
    await app.getByRole('button', { name: 'Preview' }).click();
    const preview = app.getByRole('dialog', { name: /would send/ });
    const resolved = preview.getByLabel('Resolved batch');
    await expect(resolved).toContainText('"token": "evt-1"');
    await expect(resolved).toContainText('"svc_id": 1');
    await expect(resolved).toContainText(/"device_id": "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"/);
    await expect(resolved).toContainText(/"created_at": "\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"/);
    await saveScreenshot(app, 'template-preview');
    await preview.getByRole('button', { name: 'Close' }).click();

    await app.getByRole('tab', { name: 'Form' }).click();
    await app.getByRole('form', { name: 'Event 1' }).getByText('Generate copies of this event…').click();
    // A count it cannot take is said beside the field, which keeps the focus and what was typed.
    const count = app.getByRole('spinbutton', { name: 'How many copies to generate' });
    await count.fill('0');
    await app.getByRole('form', { name: 'Event 1' }).getByRole('button', { name: 'Generate copies' }).click();
    await expect(count).toBeFocused();
    await expect(count).toHaveAttribute('aria-invalid', 'true');
    await expect(count).toHaveAccessibleDescription('Type a whole number of copies from 1 to 100,000.');
    await expect(count).toHaveValue('0');
    await expect(app.getByTestId('event-count')).toHaveText('1 event');
    await saveScreenshot(app, 'generate-copies-error');
    await count.fill('5');
    await app.getByRole('form', { name: 'Event 1' }).getByRole('button', { name: 'Generate copies' }).click();
    // In the same batch, after the event, each copy resolved on its own.
    await expect(app.getByTestId('event-count')).toHaveText('6 events');
    await expect(app.getByRole('listbox', { name: 'Events' })).toContainText('evt-5');
    await expect(app.getByRole('tab', { name: /× event 1/ })).toHaveCount(0);
  });
});
