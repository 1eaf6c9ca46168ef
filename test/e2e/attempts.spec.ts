import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openSubmissions } from '../../electron/services/submissions.ts';
import { startHarness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const events = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ token: `t-${n + 1}`, customer_id: 'c', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1, created_at: '2026-11-22 10:00:00', attributes: {} }));

test('every attempt of a chunk shows, in the response pane and in the history: the 500, the 429, the 202', async ({ app, harness }) => {
  harness.services.sandbox!.setFaults({ failSequence: [500, 429, 200], retryAfterSeconds: 1 });
  await openBatchText(app, harness, `${JSON.stringify(events(2), null, 2)}\n`);
  await logInWithDemo(app);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const outcome = app.getByTestId('send-outcome');
  await expect(outcome).toContainText('2 of 2 events accepted', { timeout: 20_000 });
  const timeline = outcome.getByRole('list', { name: 'Attempts of chunk 1' });
  const attempts = timeline.getByTestId('attempt');
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(0)).toContainText('HTTP 500');
  await expect(attempts.nth(1)).toContainText('HTTP 429');
  await expect(attempts.nth(1)).toContainText('Retry-After 1');
  await expect(attempts.nth(2)).toContainText('HTTP 202');
  // Each answer opens below its line.
  await attempts.nth(1).locator('summary').click();
  await expect(attempts.nth(1).getByLabel('Body of attempt 2')).toBeVisible();
  await saveScreenshot(app, 'send-attempts');

  await app.keyboard.press('Control+2');
  await app.getByRole('list', { name: 'Submissions, newest first' }).getByRole('button').first().click();
  const detail = app.getByTestId('submission-detail');
  const kept = detail.getByRole('list', { name: 'Attempts of chunk 1' }).getByTestId('attempt');
  await expect(kept).toHaveCount(3);
  await expect(kept.nth(0)).toContainText('HTTP 500');
  await expect(kept.nth(1)).toContainText('HTTP 429');
  await expect(kept.nth(2)).toContainText('HTTP 202');
  await kept.nth(0).locator('summary').click();
  await expect(kept.nth(0).getByLabel('Body of attempt 1')).toBeVisible();
  await saveScreenshot(app, 'history-attempts');
});

test('after a kill, the resume names the chunk that went out without an answer, and skips it when told', async ({ page }) => {
  // The last run: two chunks, the first acknowledged, the second's request out when it was killed.
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-went-out-'));
  const store = openSubmissions(path.join(dataFolder, 'submissions.sqlite'));
  const eventTexts = events(4).map((event) => JSON.stringify(event));
  const earlier = store.createSubmission(
    { environmentId: 'local-sandbox', environmentName: 'Local sandbox', environmentColor: '#2e9d6a', baseUrl: 'http://127.0.0.1:9', headers: {}, batch: `[${eventTexts.join(',')}]`, eventCount: 4, batchHash: 'went-out', startedAt: new Date().toISOString() },
    [
      { firstEvent: 0, eventCount: 2 },
      { firstEvent: 2, eventCount: 2 },
    ],
  );
  store.updateChunk(earlier.id, 0, { status: 'ok', statusCode: 202, attempts: 1 });
  store.beginAttempt(earlier.id, 1, { number: 1, startedAt: new Date().toISOString(), firstEvent: 2, eventCount: 2 });
  store.close();

  const harness = await startHarness({ dataFolder });
  try {
    await page.goto(harness.url);
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    const notice = page.getByRole('status', { name: 'Interrupted sends' });
    await expect(notice).toContainText('Events 3–4 went out without an answer; the server may already hold them.');
    await expect(notice.getByRole('button', { name: 'Send them again and resume' })).toBeVisible();
    await saveScreenshot(page, 'interrupted-went-out');
    await logInWithDemo(page);
    await notice.getByRole('button', { name: 'Skip them and resume' }).click();
    const outcome = page.getByTestId('send-outcome');
    await expect(outcome).toContainText('partial');
    await expect(outcome).toContainText('2 of 4 events accepted');
    await expect(outcome.getByRole('table', { name: 'Chunks' })).toContainText('skipped');
    expect(harness.services.sandbox!.traffic().filter((record) => record.path === '/user/events')).toHaveLength(0);
  } finally {
    await harness.close();
  }
});
