import type { Locator } from '@playwright/test';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const events = (count: number) =>
  Array.from({ length: count }, (_, n) => ({
    token: `t-${n + 1}`,
    customer_id: 'c',
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 1,
    created_at: '2026-11-22 10:00:00',
    attributes: {},
  }));

/** The attempts listed, one line each, oldest first, with these answers. */
async function expectAnswers(attempts: Locator, answers: string[]): Promise<void> {
  await expect(attempts).toHaveCount(answers.length);
  for (const [at, answer] of answers.entries()) await expect(attempts.nth(at)).toContainText(answer);
}

const ANSWERS = ['HTTP 500', 'HTTP 429', 'HTTP 202'];

test('every attempt of a chunk shows, in the response pane and in the history: the 500, the 429, the 202', async ({ app, harness }) => {
  await harness.services.sandbox.setFaults({ failSequence: [500, 429, 200], retryAfterSeconds: 1 });
  await openBatchText(app, harness, `${JSON.stringify(events(2), null, 2)}\n`);
  await logInWithDemo(app);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const outcome = app.getByTestId('send-outcome');
  await expect(outcome).toContainText('2 of 2 events accepted', { timeout: 20_000 });
  const timeline = outcome.getByRole('list', { name: 'Attempts of chunk 1' });
  const attempts = timeline.getByTestId('attempt');
  await expectAnswers(attempts, ANSWERS);
  await expect(attempts.nth(1)).toContainText('Retry-After 1');
  // Each answer opens below its line.
  await attempts.nth(1).locator('summary').click();
  await expect(attempts.nth(1).getByLabel('Body of attempt 2')).toBeVisible();
  await saveScreenshot(app, 'send-attempts');

  await app.keyboard.press('Control+2');
  await app.getByRole('list', { name: 'Submissions, newest first' }).getByRole('button').first().click();
  const detail = app.getByTestId('submission-detail');
  const kept = detail.getByRole('list', { name: 'Attempts of chunk 1' }).getByTestId('attempt');
  await expectAnswers(kept, ANSWERS);
  await kept.nth(0).locator('summary').click();
  await expect(kept.nth(0).getByLabel('Body of attempt 1')).toBeVisible();
  await saveScreenshot(app, 'history-attempts');
});
