import { expect, saveScreenshot, test } from './support/fixtures.ts';

/** An analyst's SDK posts to the sandbox; the Events view shows every event, why the refused ones were refused, and takes the good ones to the composer. */

const event = (customer: string, overrides: Record<string, unknown> = {}) => ({
  token: `t-${customer}`,
  attributes: { plan: customer.endsWith('1') ? 'pro' : 'free' },
  created_at: '2026-11-22 10:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: customer,
  ...overrides,
});

test('the Events view: live, filtered by verdict and expression, why a refused event was refused, the accepted ones opened as a batch', async ({
  app,
  harness,
}) => {
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await app.getByRole('tab', { name: 'Events' }).click();
  await expect(app.getByText('Nothing captured yet.')).toBeVisible();

  // An outside client, like an SDK pointed at the sandbox: two good requests, one refused.
  const url = (await harness.services.sandbox.info()).url;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { access_token: token } = (await (await post('/oauth2/login', { username: 'demo', password: 'demo-password' })).json()) as { access_token: string };
  const credentials = { apiKey: 'demo-api-key', Authorization: `Bearer ${token}` };
  expect((await post('/user/events', [event('c-1'), event('c-2'), event('c-3')], credentials)).status).toBe(202);
  expect((await post('/user/events', [event('c-11'), event('c-12'), event('c-13')], credentials)).status).toBe(202);
  expect((await post('/user/events', [event('c-20'), event('c-21', { customer_id: 21, colour: 'red' })], credentials)).status).toBe(422);

  const grid = app.getByRole('grid', { name: 'Captured events' });
  const rows = grid.locator('[role="row"][data-place]');
  await expect(app.getByTestId('events-count')).toContainText('8 of 8 events');
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(0)).toContainText('✓ accepted');
  await expect(rows.nth(7)).toContainText('✕ refused: 2 problems');
  await expect(rows.nth(6)).toContainText('✕ refused with its request');

  // An attribute as a column of its own.
  await app.getByRole('textbox', { name: 'Attribute column' }).fill('plan');
  await app.getByRole('button', { name: 'Add column' }).click();
  await expect(grid.getByRole('columnheader', { name: 'plan' })).toBeVisible();
  await expect(rows.nth(0).getByRole('gridcell').nth(7)).toHaveText('pro');

  // The refused ones, and why.
  await app.getByLabel('Verdict').selectOption({ label: 'Refused' });
  await expect(app.getByTestId('events-count')).toContainText('2 of 8 events');
  await rows.filter({ hasText: '2 problems' }).click();
  const detail = app.getByRole('region', { name: 'Event detail' });
  await expect(detail.getByRole('list', { name: 'Problems' })).toContainText('customer_id');
  await expect(detail.getByRole('list', { name: 'Problems' })).toContainText('colour');
  await expect(detail).toContainText('"colour": "red"');
  await expect(detail).toContainText('invalid-events: 2 problems');
  await saveScreenshot(app, 'sandbox-events-refused');

  // A bad expression says where.
  const filter = app.getByRole('searchbox', { name: 'Filter captured events' });
  await filter.fill('customer_id = (');
  await expect(app.getByTestId('events-count')).toContainText('column 15');
  await expect(filter).toHaveAttribute('aria-invalid', 'true');
  // Counted in the box as typed, spaces and all, as `eventdesk capture export --where` counts them.
  await filter.fill(' customer_id = ');
  await expect(app.getByTestId('events-count')).toHaveText('The filter cannot be read: column 16: expected a value after “customer_id =”.');
  await saveScreenshot(app, 'sandbox-events-filter-column');

  // The accepted ones of the second request, selected all at once, opened in the composer.
  await app.getByLabel('Verdict').selectOption({ label: 'Accepted' });
  await filter.fill('customer_id in (c-11, c-12, c-13)');
  await expect(app.getByTestId('events-count')).toContainText('3 of 8 events');
  await grid.focus();
  await app.keyboard.press('ControlOrMeta+a');
  await expect(app.getByTestId('events-selected')).toHaveText('3 events selected');

  // Still live while filtered: a new matching event joins the list; the selection stays as chosen.
  expect((await post('/user/events', [event('c-13', { token: 'late' })], credentials)).status).toBe(202);
  await expect(app.getByTestId('events-count')).toContainText('4 of 9 events');
  await expect(rows).toHaveCount(4);
  await saveScreenshot(app, 'sandbox-events');

  await app.getByRole('toolbar', { name: 'Selected events' }).getByRole('button', { name: 'Open in composer' }).click();
  const tab = app.getByRole('tab', { name: /^Captured \d{1,2}:\d\d(\s?[AP]M)? \(3 events\)/ });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByText('Opened 3 captured events as a new batch.')).toBeVisible();
  await expect(app.locator('.monaco-editor').first()).toContainText('c-12');
  await saveScreenshot(app, 'sandbox-events-composer');
});
