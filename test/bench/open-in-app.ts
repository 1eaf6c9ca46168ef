import { chromium, type Page } from '@playwright/test';
import { buildBundles } from '../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../e2e/support/chromium.ts';
import { startHarness, type Harness, type HarnessOptions } from '../harness/server.ts';

/** Builds the bundles, starts Chromium, a harness (with `options`) and a 1400 x 900 page on neither yet, runs `measure`, and closes all three. */
export async function withAppPage<T>(measure: (page: Page, harness: Harness) => Promise<T>, options: HarnessOptions = {}): Promise<T> {
  await buildBundles();
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
  const harness = await startHarness(options);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    return await measure(page, harness);
  } finally {
    await page.close();
    await harness.close();
    await browser.close();
  }
}

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

/** A finished send of `batch` to the Local sandbox, recorded in History as the store keeps one. */
export async function recordSentBatch(harness: Harness, batch: string, eventCount: number, batchHash: string, startedAt: string): Promise<void> {
  const { id } = await harness.services.submissions.createSubmission(
    {
      environmentId: 'local-sandbox',
      environmentName: 'Local sandbox',
      environmentColor: '#2e9d6a',
      baseUrl: 'http://127.0.0.1:9',
      headers: {},
      batch,
      eventCount,
      batchHash,
      startedAt,
    },
    [{ firstEvent: 0, eventCount }],
  );
  await harness.services.submissions.finish(id, 'ok');
}
