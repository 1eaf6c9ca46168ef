import { chromium, type Page } from '@playwright/test';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { seedHistory } from '../../fixtures/history.ts';
import { startHarness } from '../../harness/server.ts';
import { withGoal, type BenchCase } from '../bench.ts';
import { startWatching, stopWatching, type FrameWatch } from '../frame-watch.ts';

const SUBMISSIONS = 3000;
const WHEEL_TURNS = 600;

/**
 * The History list scrolled from the first of 3 000 submissions to the last, a wheel turn at a
 * time, pages loading on the way: the longest gap between two painted frames meanwhile, and
 * the long tasks (over 50 ms, a frame lost). The baseline is the same wheel over a plain list
 * of as many rows: the browser's own cost of scrolling.
 */
const historyScroll: BenchCase = {
  name: 'history-scroll',
  async run() {
    await buildBundles();
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const harness = await startHarness();
    try {
      await seedHistory(harness.services.submissions, SUBMISSIONS);
      const page = await browser.newPage();
      await page.goto(`data:text/html,${encodeURIComponent(plainList())}`);
      const plain = await scrollWatching(page, page.locator('#list'));
      await page.goto(harness.url);
      await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
      await page.getByRole('tab', { name: 'History' }).click();
      const list = page.getByTestId('history-list');
      await list.getByRole('listitem').first().waitFor();
      const app = await scrollWatching(page, list);
      return [
        withGoal(
          {
            name: 'history-scroll-longest-frame',
            value: app.longestFrame,
            unit: 'ms',
            baseline: { name: 'plain-list-scroll', value: plain.longestFrame },
            extra: { longTasks: app.longTasks.length, longestTask: Math.max(0, ...app.longTasks).toFixed(0), baselineLongTasks: plain.longTasks.length },
          },
          'no-task>50ms',
          app.longTasks.every((task) => task <= 50),
        ),
      ];
    } finally {
      await harness.close();
      await browser.close();
    }
  },
};
export default historyScroll;

function plainList(): string {
  const rows = Array.from({ length: SUBMISSIONS }, (_, n) => `<li>submission ${n}</li>`).join('');
  return `<!doctype html><ul id="list" style="height:600px;overflow:auto;margin:0">${rows}</ul>`;
}

/** Scrolls `list` to its end with the wheel, watching the frames and the long tasks meanwhile. */
async function scrollWatching(page: Page, list: ReturnType<Page['locator']>): Promise<FrameWatch> {
  await startWatching(page);
  await list.hover();
  for (let turn = 0; turn < WHEEL_TURNS; turn++) {
    await page.mouse.wheel(0, 600);
    if (
      turn % 10 === 9 &&
      (await list.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2 && !element.textContent?.includes('Loading more')))
    )
      break;
  }
  return stopWatching(page);
}
