import { EVENTS, validBatchText } from '../batch-100k.ts';
import type { BenchCase } from '../bench.ts';
import { frameLine, watched, type Watched, watchedIdle } from '../frame-watch.ts';
import { openBenchBatch, recordSentBatch, withAppPage } from '../open-in-app.ts';

/**
 * Where a user of the composer waits on a 100 000-event batch (about 29 MB of pretty JSON), in
 * Chromium through the harness (issue #33): its value is the longest gap between two painted
 * frames (how long the window could not answer), the time until the step is usable beside it.
 * - form-switch: JSON to Form, until the list shows the first event;
 * - form-scroll: forty quick turns of the wheel over the list;
 * - tab-switch: from a small batch's tab back to the big one, until its events are counted;
 * - history-open: a recorded submission of the same 100 000 events opened in History, until its
 *   batch shows in the viewer.
 * The baseline is the longest frame of the idle page over two seconds. Goal: no frame over 100 ms.
 */

const composerUi: BenchCase = {
  name: 'composer-ui-100k',
  run: () =>
    withAppPage(async (page, harness) => {
      const text = validBatchText();
      await harness.services.drafts.save({ id: 'small-batch', name: 'Small batch', text: '[]', filePath: null, updatedAt: new Date().toISOString() });
      await recordSentBatch(harness, JSON.stringify(JSON.parse(text)), EVENTS, 'composer-ui', new Date().toISOString());
      await openBenchBatch(page, harness, text);
      const idle = await watchedIdle(page);

      const list = page.getByRole('listbox', { name: 'Events' });
      const formSwitch = await watched(page, async () => {
        await page.getByRole('tab', { name: 'Form' }).click();
        await list.getByRole('option').first().waitFor({ timeout: 120_000 });
      });
      await list.hover();
      const formScroll = await watched(page, async () => {
        for (let turn = 0; turn < 40; turn++) await page.mouse.wheel(0, 2000);
      });
      await page.getByRole('tab', { name: 'JSON' }).click();

      await page.getByRole('tab', { name: 'Small batch' }).click();
      await page.getByTestId('event-count').filter({ hasText: '0 events' }).waitFor({ timeout: 60_000 });
      const tabSwitch = await watched(page, async () => {
        await page.getByRole('tab', { name: 'Bench batch' }).click();
        await page
          .getByTestId('event-count')
          .filter({ hasText: `${EVENTS.toLocaleString('en')} events` })
          .waitFor({ timeout: 120_000 });
      });

      await page.getByRole('tab', { name: 'History' }).click();
      const row = page.getByRole('list', { name: 'Submissions, newest first' }).getByRole('listitem').first();
      await row.waitFor({ timeout: 60_000 });
      const historyOpen = await watched(page, async () => {
        await row.locator('.history-row-open').click();
        await page.getByTestId('batch-viewer').locator('.view-line').first().waitFor({ timeout: 120_000 });
      });

      const line = (name: string, measured: Watched) => frameLine(name, measured, idle);
      return [
        line('form-switch-100k-ui', formSwitch),
        line('form-scroll-100k-ui', formScroll),
        line('tab-switch-100k-ui', tabSwitch),
        line('history-open-100k-ui', historyOpen),
      ];
    }),
};
export default composerUi;
