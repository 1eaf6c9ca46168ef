import { expect, saveScreenshot, test } from './support/fixtures.ts';

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
    app.once('dialog', (dialog) => void dialog.dismiss());
    await app.getByRole('button', { name: 'Close Batch 1' }).click();
    await expect(app.getByRole('tab', { name: 'Batch 1' })).toBeVisible();
    app.once('dialog', (dialog) => void dialog.accept());
    await app.getByRole('button', { name: 'Close Batch 1' }).click();
    await expect(app.getByRole('tab', { name: 'Batch 1' })).toBeHidden();
    await expect(app.getByRole('tab', { name: 'Batch 2' })).toHaveAttribute('aria-selected', 'true');
  });
});
