import { expect, saveScreenshot, test } from './support/fixtures.ts';

test.describe('the command palette', () => {
  test('opens with Ctrl+K, filters as you type, and runs the chosen command', async ({ app }) => {
    await app.keyboard.press('ControlOrMeta+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    const input = palette.getByRole('combobox', { name: 'Command, batch or environment' });
    await expect(input).toBeFocused();
    // With nothing typed it lists every command, the open batches and the environments.
    await expect(palette.getByRole('option', { name: /Go to batch: Batch 1/ })).toBeVisible();
    await expect(palette.getByRole('option', { name: /Switch to environment: Local sandbox/ })).toBeAttached();
    // A command that cannot run now says why.
    const cancel = palette.getByRole('option', { name: /Cancel send/ });
    await expect(cancel).toHaveAttribute('aria-disabled', 'true');
    await expect(cancel).toContainText('Nothing is sending');
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('ArrowDown');
    await expect(palette.getByRole('option').nth(2)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', 'palette-option-2');
    await saveScreenshot(app, 'palette');

    await input.fill('show hist');
    await expect(palette.getByRole('option')).toHaveCount(1);
    await expect(palette.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(app.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  });

  test('opens from inside the editor, moves with the arrows, and leaves a disabled command alone', async ({ app }) => {
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.press('ControlOrMeta+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    await expect(palette).toBeVisible();
    await app.keyboard.type('cancel');
    const cancel = palette.getByRole('option', { name: /Cancel send/ });
    await expect(cancel).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('Enter');
    await expect(palette).toBeVisible();

    await palette.getByRole('combobox').fill('batch');
    const options = palette.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await app.keyboard.press('ArrowUp');
    await app.keyboard.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');

    await app.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(app.getByRole('tab', { name: 'Composer' })).toHaveAttribute('aria-selected', 'true');
  });

  test('opens a new batch by its initials', async ({ app }) => {
    await app.getByRole('button', { name: 'Commands' }).click();
    await app.keyboard.type('newb');
    await app.keyboard.press('Enter');
    await expect(app.getByRole('tab', { name: 'Batch 2' })).toHaveAttribute('aria-selected', 'true');
  });
});
