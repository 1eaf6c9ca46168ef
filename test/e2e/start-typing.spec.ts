import type { Locator } from '@playwright/test';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * At start the composer shows the batch as plain text until Monaco's chunk arrives (issue #33):
 * here the chunk is held back until the test has typed, so what is proven is the order, not the
 * machine's speed.
 */
/** The caret inside the starter batch's first token value, after `evt-0001`, as a user clicking there puts it. */
async function caretAfterFirstToken(plain: Locator): Promise<void> {
  await plain.evaluate((area: HTMLTextAreaElement) => {
    const at = area.value.indexOf('evt-0001') + 'evt-0001'.length;
    area.focus();
    area.setSelectionRange(at, at);
  });
}

test('the composer takes typing before the editor is loaded, keeps it, and the editor goes on at the same caret', async ({ page, harness }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/editors-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(harness.url);
  // Monaco's chunk is not preloaded from the page's head either: that held the first paint back (vite.renderer.config.ts).
  const head = await (await page.request.get(harness.url)).text();
  expect(head).toContain('<title>EventDesk</title>');
  expect(head).not.toMatch(/editors-[^"]*\.js/);

  const plain = page.getByTestId('plain-batch-editor').getByRole('textbox', { name: 'Batch JSON' });
  await expect(plain).toBeVisible();
  await expect(page.getByTestId('plain-batch-editor')).toContainText('you can type already');
  await expect(page.locator('.monaco-editor')).toHaveCount(0);
  await caretAfterFirstToken(plain);
  await page.keyboard.type('-b');
  await saveScreenshot(page, 'start-typing-plain');

  const savedText = async () => (await harness.services.drafts.list()).drafts[0]?.text ?? '';
  await expect.poll(savedText).toContain('"evt-0001-b"');

  release();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect(page.getByTestId('plain-batch-editor')).toHaveCount(0);
  // No click: the editor has the focus and the caret where the plain view left them.
  await expect(page.getByRole('textbox', { name: 'Batch JSON' })).toBeFocused();
  await page.keyboard.type('c');
  await expect.poll(savedText).toContain('"evt-0001-bc"');
  await expect(page.getByTestId('event-count')).toHaveText('1 event');
});

test('when the editor cannot be loaded, the composer says so and the batch stays editable as plain text', async ({ page, harness }) => {
  await page.route(/\/assets\/editors-[^/]*\.js$/, (route) => route.abort());
  await page.goto(harness.url);

  const plain = page.getByTestId('plain-batch-editor');
  await expect(plain.getByRole('alert')).toContainText('The editor could not be loaded');
  await expect(plain.getByRole('alert')).toContainText('Your batch is kept');
  // The rest of the window works: the tabs, the other screens.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Composer' }).click();

  const area = plain.getByRole('textbox', { name: 'Batch JSON' });
  await caretAfterFirstToken(area);
  await page.keyboard.type('-kept');
  await saveScreenshot(page, 'start-typing-editor-failed');
  await expect.poll(async () => (await harness.services.drafts.list()).drafts[0]?.text ?? '').toContain('"evt-0001-kept"');
});
