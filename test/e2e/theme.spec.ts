import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

test.describe('the appearance', () => {
  test('switches to dark from the palette, and stays dark after a reload', async ({ app }) => {
    await app.emulateMedia({ colorScheme: 'light' });
    const light = await background(app);
    await expect(app.locator('.monaco-editor.vs')).toBeVisible();

    await app.keyboard.press('ControlOrMeta+k');
    await app.keyboard.type('dark');
    await app.keyboard.press('Enter');
    await expect.poll(() => background(app)).not.toBe(light);
    const dark = await background(app);
    await expect(app.locator('.monaco-editor.vs-dark')).toBeVisible();

    await app.reload();
    await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    expect(await background(app)).toBe(dark);
    await expect(app.getByLabel('Appearance')).toHaveValue('dark');
    await expect(app.locator('.monaco-editor.vs-dark')).toBeVisible();

    // Back to the system's, which is light here.
    await app.getByLabel('Appearance').selectOption('system');
    expect(await background(app)).toBe(light);
    await expect(app.locator('.monaco-editor.vs')).toBeVisible();
  });
});
