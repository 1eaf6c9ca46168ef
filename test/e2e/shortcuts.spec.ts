import { expect, saveScreenshot, test } from './support/fixtures.ts';

test.describe('the keyboard-shortcut sheet', () => {
  test('opens with Ctrl+/, lists every shortcut by group with the editor’s own', async ({ app }) => {
    await app.keyboard.press('ControlOrMeta+/');
    const sheet = app.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    for (const group of ['File', 'Edit', 'Send', 'View', 'History', 'Environment', 'Help', 'In the JSON editor']) {
      await expect(sheet.getByRole('heading', { name: group, exact: true })).toBeVisible();
    }
    const send = sheet.getByRole('region', { name: 'Send' });
    await expect(send).toContainText('Send batch');
    await expect(send).toContainText('Ctrl+Enter');
    await expect(sheet.getByRole('region', { name: 'In the JSON editor' })).toContainText('Quick fix');
    await saveScreenshot(app, 'shortcut-sheet');
    await app.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('takes its keys from inside the editor too', async ({ app }) => {
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.press('ControlOrMeta+/');
    await expect(app.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
    await app.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' }).click();
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.press('ControlOrMeta+2');
    await expect(app.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  });
});
