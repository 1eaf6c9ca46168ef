import { chromium } from '@playwright/test';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { startHarness } from '../../harness/server.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';
import type { BenchCase } from '../bench.ts';
import { startWatching, stopWatching, type FrameWatch } from '../frame-watch.ts';
import { recordSentBatch } from '../open-in-app.ts';

const CHANGE_EVERY = 100;
const REMOVE_EVERY = 1000;
const WHEEL_TURNS = 200;

/**
 * History's Compare on two submissions of 100 000 events (the second with one event in
 * CHANGE_EVERY changed and one in REMOVE_EVERY removed): from the click on Compare to the
 * summary, then the list of differing events scrolled to its end, each watched for its long
 * tasks (over 50 ms, a frame lost) and the longest gap between two frames. The baseline is the page's own JSON.parse
 * of a batch as large: what reading one side on the UI thread would freeze it for.
 */
const compareUi: BenchCase = {
  name: 'compare-ui',
  async run() {
    await buildBundles();
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const harness = await startHarness();
    try {
      const events = JSON.parse(validBatchText()) as Record<string, unknown>[];
      const changed = events
        .filter((_, index) => index % REMOVE_EVERY !== REMOVE_EVERY - 1)
        .map((event, index) => (index % CHANGE_EVERY === 0 ? { ...event, attributes: { ...(event.attributes as object), plan: 'enterprise' } } : event));
      for (const [n, batch] of [JSON.stringify(events), JSON.stringify(changed)].entries()) {
        const eventCount = n === 0 ? events.length : changed.length;
        await recordSentBatch(harness, batch, eventCount, `compare-${n}`, new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString());
      }
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(harness.url);
      await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      const parseMs = await page.evaluate((count) => {
        const text = JSON.stringify(
          Array.from({ length: count }, (_, n) => ({
            token: `tok_${n}_9f3kq2m8`,
            attributes: { plan: 'pro', spend: `${n % 997}`, country: 'DE', campaign: `spring-${n % 40}` },
            created_at: '2026-05-31 14:00:00',
            svc_id: 1000 + (n % 50),
            device_id: `${(0x10000000 + n).toString(16)}-1d2e-4f3a-8b4c-000000000000`,
            customer_id: `customer-${n}`,
          })),
        );
        const started = performance.now();
        JSON.parse(text);
        return performance.now() - started;
      }, EVENTS);
      await page.getByRole('tab', { name: 'History' }).click();
      const list = page.getByRole('list', { name: 'Submissions, newest first' });
      await list.getByRole('listitem').nth(1).getByRole('checkbox').check();
      await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
      await startWatching(page);
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      const summary = page.getByTestId('diff-summary');
      await summary.filter({ hasText: /differ|Identical|only/ }).waitFor({ timeout: 120_000 });
      const toSummary = Date.now() - clicked;
      const comparing = await stopWatching(page);
      const diffList = page.getByTestId('event-diff-list');
      await startWatching(page);
      await diffList.hover();
      for (let turn = 0; turn < WHEEL_TURNS; turn++) await page.mouse.wheel(0, 2000);
      // The end of the list: the events only on the left, fetched once scrolled to.
      await diffList.getByText('− only left').first().waitFor();
      const scrolling = await stopWatching(page);
      const line = (name: string, watched: FrameWatch, extra: Record<string, string | number>) => ({
        name,
        value: Math.max(0, ...watched.longTasks),
        unit: 'ms',
        baseline: { name: 'page-json-parse-one-side', value: parseMs },
        extra: { events: EVENTS, longTasks: watched.longTasks.length, longestFrame: watched.longestFrame.toFixed(0), ...extra },
      });
      return [
        line('compare-ui-100k-to-summary-longest-task', comparing, { summary: JSON.stringify(await summary.textContent()), toSummaryMs: toSummary }),
        line('compare-ui-100k-scroll-longest-task', scrolling, { wheelTurns: WHEEL_TURNS }),
      ];
    } finally {
      await harness.close();
      await browser.close();
    }
  },
};
export default compareUi;
