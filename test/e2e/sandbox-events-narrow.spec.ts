import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * The Events view on a laptop's screen: with an event's detail open, the table keeps its verdict
 * and request columns; the settings beside can be put away, and stay put away.
 */

const event = (customer: string, overrides: Record<string, unknown> = {}) => ({
  token: `t-${customer}`,
  attributes: { plan: 'pro' },
  created_at: '2026-11-22 10:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: customer,
  ...overrides,
});

test('at 1 024 and 1 400 px wide, an open event leaves the verdict and request columns in view; the settings panel folds away by button and by Ctrl+Alt+B, remembered', async ({
  app,
  harness,
}) => {
  const url = (await harness.services.sandbox.info()).url;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { access_token: token } = (await (await post('/oauth2/login', { username: 'demo', password: 'demo-password' })).json()) as { access_token: string };
  const credentials = { apiKey: 'demo-api-key', Authorization: `Bearer ${token}` };
  expect((await post('/user/events', [event('c-1'), event('c-2')], credentials)).status).toBe(202);
  expect((await post('/user/events', [event('c-3'), event('c-4', { customer_id: 4 })], credentials)).status).toBe(422);

  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await app.getByRole('tab', { name: 'Events' }).click();
  const grid = app.getByRole('grid', { name: 'Captured events' });
  const rows = grid.locator('[role="row"][data-place]');
  await expect(rows).toHaveCount(4);
  await app.getByRole('textbox', { name: 'Attribute column' }).fill('plan');
  await app.getByRole('button', { name: 'Add column' }).click();

  for (const width of [1400, 1024]) {
    await app.setViewportSize({ width, height: 768 });
    await rows.nth(3).click();
    const detail = app.getByRole('region', { name: 'Event detail' });
    await expect(detail).toContainText('customer_id');
    await saveScreenshot(app, `sandbox-events-detail-${width}`);
    await expect(grid.getByRole('columnheader', { name: 'verdict', exact: true })).toBeInViewport({ ratio: 1 });
    await expect(rows.nth(3).getByText('✕ refused: 1 problem')).toBeInViewport({ ratio: 1 });
    await expect(rows.nth(3).getByRole('button', { name: /^Show request #\d+$/ })).toBeInViewport({ ratio: 1 });
  }

  // The settings beside fold away, by their button and by the keyboard, and stay folded after a reload.
  const side = app.getByRole('complementary', { name: 'Sandbox settings' });
  await expect(side).toBeVisible();
  await app.getByRole('button', { name: 'Hide settings' }).click();
  await expect(side).toBeHidden();
  await saveScreenshot(app, 'sandbox-events-settings-hidden-1024');
  await app.keyboard.press('Control+Alt+B');
  await expect(side).toBeVisible();
  await app.keyboard.press('Control+Alt+B');
  await expect(side).toBeHidden();
  await app.reload();
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await expect(app.getByRole('button', { name: 'Show settings' })).toHaveAttribute('aria-expanded', 'false');
  await expect(app.getByRole('complementary', { name: 'Sandbox settings' })).toBeHidden();
  await app.getByRole('button', { name: 'Show settings' }).click();
  await expect(app.getByRole('complementary', { name: 'Sandbox settings' })).toBeVisible();
});
