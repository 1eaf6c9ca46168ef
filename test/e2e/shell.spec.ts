import { expect, isLoopback, saveScreenshot, test } from './support/fixtures.ts';
import { decodeFrame, encodeFrame } from '../harness/frame.ts';

test.describe('the shell', () => {
  test('loads, reaches ready and shows app:info that came over the contract', async ({ app, harness }) => {
    await expect(app.getByRole('navigation', { name: 'Environments and history' })).toBeVisible();
    await expect(app.getByRole('heading', { name: 'Batch' })).toBeVisible();
    await expect(app.getByRole('heading', { name: 'Response' })).toBeVisible();
    await expect(app.locator('.monaco-editor')).toBeVisible();

    await app.getByRole('button', { name: 'About' }).click();
    const about = app.getByRole('dialog', { name: 'About EventDesk' });
    await expect(about).toBeVisible();
    // The data folder is the harness's own temporary folder: only the contract could have told the page.
    await expect(about.getByTestId('about-data-folder')).toHaveText(harness.dataFolder);
    await expect(about.getByTestId('about-secret-storage')).toContainText('none');
    await saveScreenshot(app, 'about');
    await app.keyboard.press('Escape');
    await expect(about).toBeHidden();
    await app.keyboard.press('F1');
    await expect(about).toBeVisible();
  });

  test('edits the batch in the bundled Monaco editor', async ({ app }) => {
    const editor = app.locator('.monaco-editor').first();
    await editor.click();
    await app.keyboard.press('ControlOrMeta+End');
    await app.keyboard.type('// typed');
    await expect(editor).toContainText('// typed');
  });

  test('no request leaves 127.0.0.1', async ({ app, requests }) => {
    await app.locator('.monaco-editor').first().click();
    await app.getByRole('button', { name: 'About' }).click();
    // Monaco's JSON worker runs from the app's own files, not a CDN.
    await expect
      .poll(() =>
        app
          .workers()
          .map((worker) => worker.url())
          .join(' '),
      )
      .toMatch(/json\.worker-[\w-]+\.js/);
    const workerUrls = app.workers().map((worker) => worker.url());
    expect(requests.length).toBeGreaterThan(3);
    expect([...requests, ...workerUrls].filter((url) => !isLoopback(url))).toEqual([]);
  });

  test('follows the dark appearance of the OS', async ({ app }) => {
    await app.emulateMedia({ colorScheme: 'dark' });
    await expect(app.locator('.monaco-editor.vs-dark')).toBeVisible();
    await saveScreenshot(app, 'shell-dark');
    await app.emulateMedia({ colorScheme: 'light' });
    await expect(app.locator('.monaco-editor.vs')).toBeVisible();
    await saveScreenshot(app, 'shell-light');
  });

  test('refuses contract calls from any other origin', async ({ harness }) => {
    const call = (headers: Record<string, string>) =>
      fetch(`${harness.url}/__harness/ipc/app%3Ainfo`, { method: 'POST', body: encodeFrame({}).join(''), headers }).then(async (response) =>
        decodeFrame(await response.text()),
      );
    expect(await call({ Origin: 'https://evil.example' })).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(await call({})).toMatchObject({ ok: false, error: { code: 'forbidden-sender' } });
    expect(await call({ Origin: harness.url })).toMatchObject({ ok: true });
  });

  test('serves the page under the strict CSP', async ({ page, harness }) => {
    const response = await page.goto(harness.url);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  });
});
