import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { harProblems } from '../../features/formats/common/har-spec.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { sdkEvent as event } from './support/sdk.ts';

/** The Sandbox tab's requests come from the capture: the sandbox's memory of them can go, they stay, and leave as HAR. */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

test('lists the captured requests after the memory traffic is gone, exports the refused ones as masked HAR, and clears the capture once asked', async ({
  app,
  harness,
}) => {
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  const url = (await harness.services.sandbox.info()).url;
  const post = (target: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${target}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const { access_token: token } = (await (await post('/oauth2/login', JSON.stringify({ username: 'demo', password: 'demo-password' }))).json()) as {
    access_token: string;
  };
  const credentials = { apiKey: 'demo-api-key', Authorization: `Bearer ${token}` };
  await post('/user/events', JSON.stringify([event, { ...event, customer_id: 'c-43' }]), credentials);
  await post('/user/events', JSON.stringify([{ ...event, svc_id: 'x' }]), credentials);
  await post('/user/events', JSON.stringify([event]), { ...credentials, Authorization: 'Bearer stale' });

  const rows = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');
  await expect(rows.locator('.reason')).toHaveText(['bad token', 'invalid-events: 1 problem', 'accepted 2 events', 'logged in']);
  await expect(app.getByTestId('capture-kept')).toContainText('Kept: 4 requests, 3 events');

  // The sandbox forgets what it holds in memory; the page, read again, lists the capture all the same.
  expect((await fetch(`${url}/_sandbox/requests`, { method: 'DELETE' })).status).toBe(204);
  expect(await (await fetch(`${url}/_sandbox/requests`)).json()).toEqual([]);
  await app.reload();
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await expect(rows.locator('.reason')).toHaveText(['bad token', 'invalid-events: 1 problem', 'accepted 2 events', 'logged in']);

  await rows.nth(1).locator('summary').click();
  await expect(rows.nth(1).getByRole('region', { name: 'Event verdicts' })).toContainText('Events: 0 accepted · 1 refused');
  await expect(rows.nth(1)).toContainText('Event 1: svc_id');
  await expect(rows.nth(1)).toContainText('Bearer ••••');
  await saveScreenshot(app, 'sandbox-capture');
  await rows.nth(1).locator('summary').click();

  const filters = app.getByRole('group', { name: 'Filter requests' });
  await filters.getByLabel('Path').selectOption('/user/events');
  await expect(rows).toHaveCount(3);
  const file = path.join(os.tmpdir(), `eventdesk-e2e-${process.pid}-${Date.now()}.har`);
  answers.push(file);
  await filters.getByRole('button', { name: 'Export HAR…' }).click();
  await expect(filters.getByRole('status')).toHaveText(`Saved 3 requests to ${file}`);
  const text = await readFile(file, 'utf8');
  const har = JSON.parse(text) as { log: { entries: { request: { url: string }; response: { status: number } }[] } };
  expect(harProblems(har)).toEqual([]);
  expect(har.log.entries.map((entry) => [new URL(entry.request.url).pathname, entry.response.status])).toEqual([
    ['/user/events', 202],
    ['/user/events', 422],
    ['/user/events', 401],
  ]);
  for (const secret of [token, 'demo-api-key']) expect(text).not.toContain(secret);

  await app.getByRole('button', { name: 'Clear', exact: true }).click();
  const question = app.getByRole('alertdialog', { name: 'Clear the capture?' });
  await expect(question).toContainText('Clear 4 captured requests and 3 events? They cannot be brought back.');
  await question.getByRole('button', { name: 'Clear' }).click();
  await expect(app.getByText('No requests yet')).toBeVisible();
  await expect(app.getByTestId('capture-kept')).toContainText('Kept: 0 requests, 0 events');
});
