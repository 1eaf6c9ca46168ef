import { expect, saveScreenshot, test } from './support/fixtures.ts';
import { sdkEvent as event } from './support/sdk.ts';

/**
 * The Requests view after a flood: each request by its number, one Tab stop moved with the
 * arrow keys, Enter opening a request (one refused from its headers says why it has no events),
 * and "Load older" reaching requests past the newest 2 000.
 */

/** More than the 2 000 the list reads at first. */
const FLOOD = 2_050;

test('walks a flood of requests from the keyboard, by number, and loads the older ones', async ({ app, harness }) => {
  test.setTimeout(120_000);
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  const url = (await harness.services.sandbox.info()).url;
  const post = (target: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${target}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  // The first request of all, refused for its API key before its body was read.
  expect((await post('/user/events', JSON.stringify([event]), { apiKey: 'wrong-key', Authorization: 'Bearer stale' })).status).toBe(403);
  for (let sent = 1; sent < FLOOD; sent += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, FLOOD - sent) }, () => post('/user/events', '[]', { apiKey: 'wrong-key', Authorization: 'Bearer stale' })),
    );
  const { access_token: token } = (await (await post('/oauth2/login', JSON.stringify({ username: 'demo', password: 'demo-password' }))).json()) as {
    access_token: string;
  };
  await post('/user/events', JSON.stringify([event, { ...event, customer_id: 'c-43' }]), { apiKey: 'demo-api-key', Authorization: `Bearer ${token}` });
  const kept = FLOOD + 2;

  const list = app.getByRole('list', { name: 'Requests, newest first' });
  const rows = list.getByRole('listitem');
  await expect(rows.first().locator('.reason')).toHaveText('accepted 2 events');
  // The status line and the list agree.
  await expect(app.getByTestId('capture-kept')).toContainText(`Kept: ${kept.toLocaleString('en')} requests, 2 events`);
  await expect(rows.first().locator('.request-number')).toHaveText(`#${kept}`);
  const filters = app.getByRole('group', { name: 'Filter requests' });
  await expect(filters.getByLabel('Status').locator('option', { hasText: '2xx' })).toHaveText('2xx (2: 1 to /user/events, 1 other)');
  await saveScreenshot(app, 'sandbox-requests');

  // One Tab stop for the whole list: Tab from Export HAR lands on the newest row, and the next Tab leaves the list.
  await filters.getByRole('button', { name: 'Export HAR…' }).focus();
  await app.keyboard.press('Tab');
  await expect(rows.first().locator('summary')).toBeFocused();
  await app.keyboard.press('ArrowDown');
  await app.keyboard.press('ArrowDown');
  await expect(rows.nth(2).locator('summary')).toBeFocused();
  await app.keyboard.press('End');
  await expect(rows.nth(299).locator('summary')).toBeFocused();
  await app.keyboard.press('Home');
  await expect(rows.first().locator('summary')).toBeFocused();
  await app.keyboard.press('Tab');
  expect(await app.evaluate(() => document.activeElement?.closest('.traffic') === null)).toBe(true);

  // Read anew (as at the next start), the list holds the newest 2 000; older ones are shown, then read from the capture.
  await app.reload();
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await expect(rows.first().locator('.request-number')).toHaveText(`#${kept}`);
  for (let shown = 300; shown < 2_000; shown += 300) await app.getByRole('button', { name: /^Show [\d,]+ older$/ }).click();
  await app.getByRole('button', { name: 'Load 1,000 older' }).click();
  const first = rows.last();
  await expect(first.locator('.request-number')).toHaveText('#1');
  await expect(app.getByRole('button', { name: 'Load 1,000 older' })).toHaveCount(0);

  // Enter opens the oldest request from the keyboard: refused from its headers, it says why it has no events.
  await first.locator('summary').focus();
  await app.keyboard.press('Enter');
  await expect(first).toContainText('Refused from its headers (bad API key): its body was not read, so it has no events here.');
  await first.scrollIntoViewIfNeeded();
  await saveScreenshot(app, 'sandbox-requests-refused-from-headers');
});
