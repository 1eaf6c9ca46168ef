import { test as base, expect, type Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startHarness, type Harness, type HarnessOptions } from '../../harness/server.ts';

export const screenshotDir = path.resolve(import.meta.dirname, '../../../test-results/screenshots');

interface Fixtures {
  /** Options for this file's harness (`test.use({ harnessOptions: … })`): the sandbox's faults, token lifetime. */
  harnessOptions: HarnessOptions;
  /** A harness with a fresh data folder, for this test alone. */
  harness: Harness;
  /** Every URL the page requested, to prove nothing left the machine. */
  requests: string[];
  /** The page, opened on the harness and waited on until the app is ready. */
  app: Page;
}

export const test = base.extend<Fixtures>({
  harnessOptions: [{}, { option: true }],
  harness: async ({ harnessOptions }, use) => {
    const harness = await startHarness(harnessOptions);
    await use(harness);
    await harness.close();
  },
  requests: async ({ page }, use) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await use(requests);
  },
  app: async ({ page, harness, requests }, use) => {
    void requests;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await page.goto(harness.url);
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
});

export { expect };

export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * A picture for the guide (docs/guide/images/NAME.png), taken from the app as it is: written
 * there when EVENTDESK_GUIDE_SCREENSHOTS is set (`npm run docs:screenshots`), else beside the
 * other screenshots, so a test run changes no file of the repository.
 */
export async function saveGuideScreenshot(page: Page, name: string): Promise<void> {
  if (!process.env.EVENTDESK_GUIDE_SCREENSHOTS) return saveScreenshot(page, `guide-${name}`);
  await page.screenshot({ path: path.join(guideImages, `${name}.png`) });
}

const guideImages = path.resolve(import.meta.dirname, '../../../docs/guide/images');

/** True for addresses on this machine: the only place the app may talk to. */
export function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:') return true;
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** Logs in to the active environment through the login dialog, with the sandbox's demo credentials. */
export async function logInWithDemo(page: Page, options: { remember?: boolean } = {}): Promise<void> {
  await page.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: /Log in to/ });
  await dialog.getByRole('button', { name: 'Fill in' }).click();
  if (options.remember) await dialog.getByLabel('Remember password').check();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('session-countdown')).toContainText('expires in');
}

/** Opens a batch with exactly this text, arranged through the real drafts service, and waits for the editor. */
export async function openBatchText(page: Page, harness: Harness, text: string, name = 'Test batch'): Promise<void> {
  await harness.services.drafts.save({ id: 'e2e-batch', name, text, filePath: null, updatedAt: new Date().toISOString() });
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
}
