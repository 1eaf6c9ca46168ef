import type { Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/** Tokens last 8 s: a send of ten slow chunks outlives the login it started with, with chunks still to send however slow the machine. */
test.use({ harnessOptions: { sandbox: { tokenTtlSeconds: 8 } } });

const batch = `${JSON.stringify(
  Array.from({ length: 20 }, (_, n) => ({
    token: 'evt-{{$seq}}',
    customer_id: `customer-${n + 1}`,
    device_id: '{{$uuid}}',
    svc_id: 1001,
    created_at: '{{$now -1m}}',
    attributes: {},
  })),
  null,
  2,
)}\n`;

/** Sends the batch in chunks of two, each answered after 2 s, logged in without remembering the password: the token expires mid-send. */
async function sendPastTheExpiry(app: Page, harness: Harness) {
  await harness.services.environments.update('local-sandbox', {
    settings: { ...(await harness.services.environments.get('local-sandbox')), chunkSize: 2, concurrency: 1 },
  });
  await openBatchText(app, harness, batch);
  await logInWithDemo(app);
  await harness.services.sandbox.setFaults({ latencyMs: 2000 });
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
  await expect(login).toContainText('A send here needs a new login', { timeout: 20_000 });
  await expect(app.getByTestId('send-waiting')).toHaveText(/^chunk \d+ of 10 waiting for you to log in$/, { timeout: 20_000 });
  return login;
}

test.describe('a send whose login expires, with no password remembered', () => {
  test('waits for the login, saying so in the response pane and Recent sends, and goes on after it', async ({ app, harness }) => {
    const login = await sendPastTheExpiry(app, harness);
    const recent = app.getByRole('region', { name: 'Recent sends' });
    await expect(recent.getByText('waiting for you to log in')).toBeVisible();
    await expect(recent.getByText(/partial|failed/)).toHaveCount(0);
    await expect(app.getByTestId('send-outcome')).toHaveCount(0);
    await expect(app.getByRole('button', { name: /Retry the failed chunks/ })).toHaveCount(0);
    await saveScreenshot(app, 'send-waiting-for-login');

    // The rest goes at once, so the new login's own 8 s are enough.
    await harness.services.sandbox.setFaults({ latencyMs: 0 });
    await login.getByRole('button', { name: 'Fill in' }).click();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toBeHidden();
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('20 of 20 events accepted', { timeout: 30_000 });
    await expect(outcome.getByText('ok', { exact: true })).toBeVisible();
    await expect(recent.getByText('waiting for you to log in')).toHaveCount(0);
    const [submission] = await harness.services.submissions.list({ limit: 10 });
    expect(submission).toMatchObject({ status: 'ok', eventCount: 20 });
  });

  test('stops partial only when the login is cancelled, and offers to send the rest', async ({ app, harness }) => {
    const login = await sendPastTheExpiry(app, harness);
    await login.getByRole('button', { name: 'Cancel' }).click();
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('partial');
    await expect(outcome).toContainText('The login was cancelled, so the send stopped here.');
    await expect(outcome.getByRole('button', { name: 'Retry the failed chunks and send the rest' })).toBeVisible();
    await saveScreenshot(app, 'send-login-cancelled');
  });
});
