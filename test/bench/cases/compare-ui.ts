import { chromium } from '@playwright/test';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { startHarness } from '../../harness/server.ts';
import { EVENTS, validBatchText } from '../batch-100k.ts';
import type { BenchCase } from '../bench.ts';

const CHANGE_EVERY = 100;
const REMOVE_EVERY = 1000;
const WHEEL_TURNS = 200;

/**
 * History's Compare on two submissions of 100 000 events (the second with one event in
 * CHANGE_EVERY changed and one in REMOVE_EVERY removed): from the click on Compare to the
 * summary, then the list of differing events scrolled, watching the long tasks (over 50 ms, a
 * frame lost) and the longest gap between two frames. The baseline is the page's own JSON.parse
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
        const { id } = await harness.services.submissions.createSubmission(
          { environmentId: 'local-sandbox', environmentName: 'Local sandbox', environmentColor: '#2e9d6a', baseUrl: 'http://127.0.0.1:9', headers: {}, batch, eventCount, batchHash: `compare-${n}`, startedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() },
          [{ firstEvent: 0, eventCount }],
        );
        await harness.services.submissions.finish(id, 'ok');
      }
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.goto(harness.url);
      await page.locator('#root[data-app-state="ready"]').waitFor({ state: 'attached', timeout: 60_000 });
      const parseMs = await page.evaluate((count) => {
        const text = JSON.stringify(Array.from({ length: count }, (_, n) => ({ token: `tok_${n}_9f3kq2m8`, attributes: { plan: 'pro', spend: `${n % 997}`, country: 'DE', campaign: `spring-${n % 40}` }, created_at: '2026-05-31 14:00:00', svc_id: 1000 + (n % 50), device_id: `${(0x10000000 + n).toString(16)}-1d2e-4f3a-8b4c-000000000000`, customer_id: `customer-${n}` })));
        const started = performance.now();
        JSON.parse(text);
        return performance.now() - started;
      }, EVENTS);
      await page.getByRole('tab', { name: 'History' }).click();
      const list = page.getByRole('list', { name: 'Submissions, newest first' });
      await list.getByRole('listitem').nth(1).getByRole('checkbox').check();
      await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
      await page.evaluate(() => {
        const watch = { longTasks: [] as number[], longestFrame: 0, last: 0, on: true };
        (window as unknown as { watch: typeof watch }).watch = watch;
        new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => watch.longTasks.push(entry.duration))).observe({ type: 'longtask' });
        const frame = (at: number) => {
          if (watch.last) watch.longestFrame = Math.max(watch.longestFrame, at - watch.last);
          watch.last = at;
          if (watch.on) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Compare', exact: true }).click();
      const summary = page.getByTestId('diff-summary');
      await summary.filter({ hasText: /differ|Identical|only/ }).waitFor({ timeout: 120_000 });
      const toSummary = Date.now() - clicked;
      const diffList = page.getByTestId('event-diff-list');
      await diffList.hover();
      for (let turn = 0; turn < WHEEL_TURNS; turn++) await page.mouse.wheel(0, 2000);
      await diffList.getByRole('table').first().waitFor();
      const watched = await page.evaluate(() => {
        const { watch } = window as unknown as { watch: { longTasks: number[]; longestFrame: number; on: boolean } };
        watch.on = false;
        return { longestFrame: watch.longestFrame, longTasks: watch.longTasks };
      });
      const longestTask = Math.max(0, ...watched.longTasks);
      return [
        {
          name: 'compare-ui-100k-longest-task',
          value: longestTask,
          unit: 'ms',
          baseline: { name: 'page-json-parse-one-side', value: parseMs },
          extra: {
            events: EVENTS,
            summary: JSON.stringify(await summary.textContent()),
            toSummaryMs: toSummary,
            longTasks: watched.longTasks.length,
            longestFrame: watched.longestFrame.toFixed(0),
          },
        },
      ];
    } finally {
      await harness.close();
      await browser.close();
    }
  },
};
export default compareUi;
