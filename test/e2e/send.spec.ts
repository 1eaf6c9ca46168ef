import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { openSubmissions, type SubmissionStore } from '../../features/history/node/submissions.ts';
import { startHarness, type Harness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const batch = (count: number) =>
  `${JSON.stringify(
    Array.from({ length: count }, (_, n) => ({
      token: `evt-{{$seq}}`,
      customer_id: `customer-${n + 1}`,
      device_id: '{{$uuid}}',
      svc_id: 1001,
      created_at: '{{$now -1m}}',
      attributes: { plan: 'pro' },
    })),
    null,
    2,
  )}\n`;

/** The notices shown now. */
const notices = (app: Page) => app.getByRole('list', { name: 'Notifications' }).textContent();

test.describe('sending', () => {
  test('sends a batch to Local sandbox, shows the answer, and the request appears on the Sandbox screen', async ({ app, harness }) => {
    await openBatchText(app, harness, batch(3));
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('ok');
    await expect(outcome).toContainText('3 of 3 events accepted');
    await expect(outcome.getByLabel('Response body')).toContainText('"accepted": 3');
    await saveScreenshot(app, 'send-response');

    await app.getByRole('tab', { name: 'Sandbox' }).click();
    const request = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem').first();
    await expect(request).toContainText('/user/events');
    await expect(request).toContainText('202');
    await request.locator('summary').click();
    await expect(request).toContainText('"token": "evt-1"');
    await expect(request).toContainText('"token": "evt-3"');
  });

  test('shows progress and a retry while the sandbox fails, then the chunks table', async ({ app, harness }) => {
    await harness.services.environments.update('local-sandbox', { settings: { ...(await harness.services.environments.get('local-sandbox')), chunkSize: 2 } });
    // Two 503s: the retry's words stay up through both waits and both retries, which a poll cannot miss.
    await harness.services.sandbox.setFaults({ failSequence: [503, 503], latencyMs: 300 });
    await openBatchText(app, harness, batch(6));
    await logInWithDemo(app);
    await app.keyboard.press('ControlOrMeta+Enter');
    await expect(app.getByTestId('send-progress')).toContainText('Sending to Local sandbox');
    await expect(app.getByTestId('send-activity')).toContainText(/503/);
    await saveScreenshot(app, 'send-progress');
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('6 of 6 events accepted', { timeout: 20_000 });
    await expect(outcome.getByRole('table', { name: 'Chunks' }).getByRole('row')).toHaveCount(4);
  });

  test('a refusal stops the send: the answer shown is the refused chunk, and Resume offers the rest', async ({ app, harness }) => {
    await harness.services.environments.update('local-sandbox', {
      settings: { ...(await harness.services.environments.get('local-sandbox')), chunkSize: 2, concurrency: 1 },
    });
    await harness.services.sandbox.setFaults({ failSequence: [200, 403] });
    await openBatchText(app, harness, batch(6));
    await logInWithDemo(app);
    await app.keyboard.press('ControlOrMeta+Enter');
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('2 of 6 events accepted');
    await expect(outcome.getByRole('row', { selected: true })).toContainText('403');
    await expect(outcome).toContainText('The send stopped here');
    await expect(outcome.getByRole('button', { name: 'Retry the failed chunks and send the rest' })).toBeVisible();
  });

  test('a batch with errors asks in the app’s own dialog: the errors and warnings counted, the first few, Show in Problems, Send anyway', async ({
    app,
    harness,
  }) => {
    const events = Array.from({ length: 7 }, (_, n) => ({
      token: `evt-${n + 1}`,
      customer_id: `customer-${n + 1}`,
      device_id: n === 6 ? 'not-a-uuid' : '{{$uuid}}',
      svc_id: n < 6 ? 'seven' : 7,
      created_at: '{{$now -1m}}',
      attributes: {},
    }));
    await openBatchText(app, harness, JSON.stringify(events, null, 2));
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const question = app.getByRole('alertdialog', { name: 'Send a batch with errors?' });
    await expect(question.getByTestId('send-warning-counts')).toHaveText('The batch has 6 errors and 1 warning.');
    const first = question.getByRole('list', { name: 'First problems' }).getByRole('listitem');
    await expect(first).toHaveCount(5);
    await expect(first.first()).toContainText('event 1 (/0/svc_id)');
    await expect(question).toContainText('…and 2 more in the Problems list.');
    // Sending what the server refuses is not what Enter does.
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await saveScreenshot(app, 'send-warning');

    await question.getByRole('button', { name: 'Show in Problems' }).click();
    await expect(question).toBeHidden();
    await expect(app.getByRole('region', { name: 'Problems' }).getByRole('listitem').first().getByRole('button')).toBeFocused();
    expect(await harness.services.submissions.list({ limit: 1 })).toEqual([]);

    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await question.getByRole('button', { name: 'Send anyway' }).click();
    await expect(app.getByTestId('send-outcome')).toBeVisible();
    expect(await harness.services.submissions.list({ limit: 1 })).toHaveLength(1);
  });

  test('a text that is no batch is not offered to send anyway', async ({ app, harness }) => {
    await openBatchText(app, harness, '[]\n');
    await logInWithDemo(app);
    await expect(app.getByText('1 error', { exact: false }).first()).toBeVisible();
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByText('Nothing was sent: The batch is empty: put at least one event between [ and ].')).toBeVisible();
    await expect(app.getByRole('alertdialog')).toHaveCount(0);
    expect(await harness.services.submissions.list({ limit: 10 })).toHaveLength(0);
  });

  test('asks for a login first when not logged in, sends nothing, and sends once logged in', async ({ app, harness }) => {
    await openBatchText(app, harness, batch(1));
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await expect(login).toBeVisible();
    await expect(app.getByText('Log in to “Local sandbox” first; nothing was sent.')).toBeVisible();
    expect(await harness.services.submissions.list({ limit: 10 })).toEqual([]);

    // The user asked to send: logging in goes on with it, and "nothing was sent" goes with it.
    await login.getByRole('button', { name: 'Fill in' }).click();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
    // Read once, not waited for: the notice would also go by itself, 14 s after it came.
    expect(await notices(app)).not.toContain('nothing was sent');
    expect(await harness.services.submissions.list({ limit: 10 })).toHaveLength(1);
  });

  test('a send that goes on after the login takes "nothing was sent" away, even when it ends partial', async ({ app, harness }) => {
    await harness.services.environments.update('local-sandbox', {
      settings: { ...(await harness.services.environments.get('local-sandbox')), chunkSize: 2, concurrency: 1 },
    });
    await harness.services.sandbox.setFaults({ failSequence: [200, 403] });
    await openBatchText(app, harness, batch(6));
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await expect(app.getByText('Log in to “Local sandbox” first; nothing was sent.')).toBeVisible();
    await login.getByRole('button', { name: 'Fill in' }).click();
    await login.getByRole('button', { name: 'Log in' }).click();
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('partial');
    await expect(outcome).toContainText('2 of 6 events accepted');
    expect(await notices(app)).not.toContain('nothing was sent');
  });

  test('a login that ends mid-send, with no password remembered, is asked for, and the stopped send goes on after it', async ({ app, harness }) => {
    await harness.services.environments.update('local-sandbox', {
      settings: { ...(await harness.services.environments.get('local-sandbox')), chunkSize: 2, concurrency: 1 },
    });
    // The server refuses the token from the second chunk on, as when it expired there.
    await harness.services.sandbox.setFaults({ failSequence: [200, 401] });
    await openBatchText(app, harness, batch(6));
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await expect(login).toContainText('A send here needs a new login: once you log in, it goes on where it left off.');
    // It waits for the login: neither failed nor partial meanwhile.
    await expect(app.getByTestId('send-waiting')).toHaveText('chunk 2 of 3 waiting for you to log in');
    await saveScreenshot(app, 'login-during-send');
    const outcome = app.getByTestId('send-outcome');

    await login.getByRole('button', { name: 'Fill in' }).click();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login).toBeHidden();
    await expect(outcome).toContainText('6 of 6 events accepted');
    const [submission] = await harness.services.submissions.list({ limit: 10 });
    expect(submission).toMatchObject({ status: 'ok', eventCount: 6 });
    expect(await harness.services.submissions.list({ limit: 10 })).toHaveLength(1);
  });

  test('a login cancelled sends nothing later', async ({ app, harness }) => {
    await openBatchText(app, harness, batch(1));
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await login.getByRole('button', { name: 'Cancel' }).click();
    await expect(login).toBeHidden();
    await logInWithDemo(app);
    await expect(app.getByTestId('session-countdown')).toContainText('expires in');
    expect(await harness.services.submissions.list({ limit: 10 })).toEqual([]);
  });

  test('warns before sending the same resolved batch again, naming when', async ({ app, harness }) => {
    const fixed = JSON.stringify([
      { token: 'same', customer_id: 'c', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 1, created_at: '2026-11-22 10:00:00', attributes: {} },
    ]);
    await openBatchText(app, harness, fixed);
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const question = app.getByRole('alertdialog', { name: 'Send the same batch again?' });
    await expect(question).toHaveText(/already sent to “Local sandbox” on .*Send it again\?/);
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(question).toBeHidden();
    expect((await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events')).toHaveLength(1);
  });
});

test.describe('copying a sent chunk as cURL', () => {
  const copied: string[] = [];
  test.use({ harnessOptions: { clipboard: { writeText: (text) => void copied.push(text) } } });

  test('masks secrets by default, and puts real ones only on the clipboard when asked', async ({ app, harness }) => {
    await openBatchText(app, harness, batch(1));
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome).toContainText('1 of 1 events accepted');
    const token = (await harness.services.vault.get('local-sandbox')).accessToken!;

    await outcome.getByRole('button', { name: 'Copy as cURL' }).click();
    await expect(app.getByText('Copied as cURL, secrets masked.')).toBeVisible();
    expect(copied.at(-1)).toContain('/user/events');
    expect(copied.at(-1)).toContain('Bearer ••••');
    expect(copied.at(-1)).not.toContain(token);

    await outcome.getByRole('button', { name: 'Copy with secrets' }).click();
    await expect(app.getByText(/Copied as cURL, with the API key and token/)).toBeVisible();
    expect(copied.at(-1)).toContain(`Bearer ${token}`);
    expect(copied.at(-1)).toContain('demo-api-key');
    expect(await app.content()).not.toContain(token);
  });
});

/**
 * The last run, as a crash or a kill left it: a send of four events in two chunks, the first
 * acknowledged; `cut` says how the second was left. Then the app starts on that data folder.
 */
async function afterCrash(page: Page, cut: (store: SubmissionStore, id: string) => void): Promise<Harness> {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-crash-'));
  const store = openSubmissions(path.join(dataFolder, 'submissions.sqlite'));
  const eventTexts = Array.from({ length: 4 }, (_, n) =>
    JSON.stringify({
      token: `t-${n + 1}`,
      customer_id: 'c',
      device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      svc_id: 1,
      created_at: '2026-11-22 10:00:00',
      attributes: {},
    }),
  );
  const earlier = store.createSubmission(
    {
      environmentId: 'local-sandbox',
      environmentName: 'Local sandbox',
      environmentColor: '#2e9d6a',
      baseUrl: 'http://127.0.0.1:9',
      headers: {},
      batch: `[${eventTexts.join(',')}]`,
      eventCount: 4,
      batchHash: 'crash-test',
      startedAt: new Date().toISOString(),
    },
    [
      { firstEvent: 0, eventCount: 2 },
      { firstEvent: 2, eventCount: 2 },
    ],
  );
  store.updateChunk(earlier.id, 0, { status: 'ok', statusCode: 202, attempts: 1 });
  cut(store, earlier.id);
  store.close();
  const harness = await startHarness({ dataFolder });
  await page.goto(harness.url);
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  return harness;
}

test('after a crash, offers to resume the interrupted send and sends only the rest', async ({ page }) => {
  const harness = await afterCrash(page, (store, id) => store.updateChunk(id, 2, { status: 'sending', attempts: 1 }));
  try {
    const notice = page.getByRole('status', { name: 'Interrupted sends' });
    await expect(notice).toContainText('1 of 2 chunks (2 of 4 events) were acknowledged');
    await saveScreenshot(page, 'interrupted-send');
    await logInWithDemo(page);
    const batches = page.getByRole('tablist', { name: 'Open batches' });
    const openBefore = batches.getByRole('tab', { selected: true });
    const nameBefore = await openBefore.textContent();
    await notice.getByRole('button', { name: 'Resume: send the rest' }).click();
    // The resume belongs to the batch it sends, which opens in a tab of its own.
    await expect(batches.getByRole('tab', { name: /^Resumed send of /, selected: true })).toBeVisible();
    await expect(page.getByTestId('send-outcome')).toContainText('4 of 4 events accepted');
    await saveScreenshot(page, 'resumed-send');
    await batches.getByRole('tab', { name: nameBefore! }).click();
    await expect(page.getByTestId('send-outcome')).toHaveCount(0);
    const sent = (await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body.text).toContain('t-3');
    expect(sent[0]!.body.text).not.toContain('t-1');
  } finally {
    await harness.close();
  }
});

test('after a kill, the resume names the chunk that went out without an answer, and skips it when told', async ({ page }) => {
  // The second chunk's request was out when the process died.
  const harness = await afterCrash(page, (store, id) =>
    store.beginAttempt(id, { number: 1, startedAt: new Date().toISOString(), firstEvent: 2, eventCount: 2 }),
  );
  try {
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
    expect((await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events')).toHaveLength(0);
  } finally {
    await harness.close();
  }
});
