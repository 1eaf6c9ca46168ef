import type { Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';

/** Opens `text` as the batch "Bench batch" in the app on the harness, and waits until its events are counted. */
export async function openBenchBatch(page: Page, harness: Harness, text: string): Promise<void> {
  await harness.services.drafts.save({ id: 'bench-batch', name: 'Bench batch', text, filePath: null, updatedAt: new Date().toISOString() });
  await page.goto(harness.url);
  await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.getByRole('tab', { name: 'Bench batch' }).click();
  await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 60_000 });
  await page
    .getByTestId('event-count')
    .filter({ hasText: /\d event/ })
    .waitFor({ timeout: 120_000 });
}
