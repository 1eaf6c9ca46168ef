import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EVENTS, benchEvent } from '../batch-100k.ts';
import type { BenchCase } from '../bench.ts';
import { frameLine, watched, watchedIdle } from '../frame-watch.ts';
import { withAppPage } from '../open-in-app.ts';

/**
 * Import… of a 100 000-event NDJSON file (about 20 MB), in Chromium through the harness (issue
 * #33), twice, each answering "Open as a new batch" (the app starts with a one-event batch open;
 * the second import has the first one's 100 000 events open). Each line's value is the longest gap between two painted frames from the
 * file chosen to its events counted in the new tab (the time to usable beside it). The baseline is
 * the idle page's longest frame. Goal: no frame over 100 ms.
 */

const importUi: BenchCase = {
  name: 'import-100k-ui',
  run: async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'eventdesk-import-bench-'));
    const file = path.join(folder, 'customer-export.ndjson');
    await writeFile(file, Array.from({ length: EVENTS }, (_, index) => JSON.stringify(benchEvent(index))).join('\n'));
    try {
      return await withAppPage(async (page, harness) => {
        await page.goto(harness.url);
        await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
        await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 60_000 });
        const idle = await watchedIdle(page);
        // Usable: the imported batch's tab (the `tabs`th of that name) is open and its events counted.
        const counted = async (tabs: number) => {
          await page
            .getByRole('tab', { name: /^customer-export/ })
            .nth(tabs - 1)
            .waitFor({ timeout: 120_000 });
          await page
            .getByTestId('event-count')
            .filter({ hasText: `${EVENTS.toLocaleString('en')} events` })
            .waitFor({ timeout: 120_000 });
        };
        const importOnce = (tabs: number) =>
          watched(page, async () => {
            await page.getByLabel('File to import', { exact: true }).setInputFiles(file);
            await page.getByRole('button', { name: 'Open as a new batch' }).click({ timeout: 120_000 });
            await counted(tabs);
          });
        const first = await importOnce(1);
        const second = await importOnce(2);
        return [frameLine('import-100k-ui', first, idle), frameLine('import-100k-ui-second', second, idle)];
      });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  },
};
export default importUi;
