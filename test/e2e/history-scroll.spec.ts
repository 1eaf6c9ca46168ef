import { expect, test } from './support/fixtures.ts';

// Tracing snapshots the DOM at every action, itself a long task in the page: off here, so only
// the app's own work is measured.
test.use({ trace: 'off' });

const event = (n: number) => ({ token: `evt-${n}`, customer_id: `bulk-${n}`, device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1001, created_at: '2026-11-22 10:00:00', attributes: { plan: 'pro' } });

test('scrolls thousands of submissions with no long task over 50 ms', async ({ app, harness }) => {
  const store = harness.services.submissions;
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  for (let n = 0; n < 3000; n++) {
    const batch = JSON.stringify([event(n)]);
    const { id } = store.createSubmission(
      { environmentId: 'local-sandbox', environmentName: 'Local sandbox', environmentColor: '#2e9d6a', baseUrl: 'http://127.0.0.1:9', headers: {}, batch, eventCount: 1, batchHash: `bulk-${n}`, startedAt: new Date(start + n * 60_000).toISOString() },
      [{ firstEvent: 0, eventCount: 1 }],
    );
    store.finish(id, n % 10 === 0 ? 'failed' : 'ok');
  }
  await app.getByRole('tab', { name: 'History' }).click();
  await expect(app.getByTestId('history-count')).toHaveText('3,000 submissions');
  const list = app.getByTestId('history-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();

  await app.evaluate(() => {
    const tasks: number[] = [];
    (window as unknown as { longTasks: number[] }).longTasks = tasks;
    new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
  });
  // Down to the last row, a wheel turn at a time, pages loading on the way.
  await list.hover();
  for (let turn = 0; turn < 600; turn++) {
    await app.mouse.wheel(0, 600);
    if (turn % 10 === 9 && (await list.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2 && !element.textContent?.includes('Loading more')))) break;
  }
  await expect(list.locator('[data-index="2999"]')).toBeVisible();
  const longTasks = await app.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(`history scroll: ${longTasks.length} long tasks, longest ${Math.max(0, ...longTasks).toFixed(0)} ms`);
  expect(longTasks.filter((duration) => duration > 50)).toEqual([]);
});
