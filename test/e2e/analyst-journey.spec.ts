import { DEFAULT_SETTINGS } from '../../shared/environment.ts';
import { startSandbox } from '../../electron/sandbox/server.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * Issue #17's analyst, by accessible names: copies the sandbox's settings into an SDK (this
 * script), sees what it sent, filters the refused events and reads why, and sends the good ones
 * on to another environment (Staging, a second sandbox here) with their times shifted to now.
 */

const event = (customer: string, overrides: Record<string, unknown> = {}) => ({
  token: 'checkout',
  attributes: { plan: 'pro' },
  created_at: '2026-11-20 09:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: customer,
  ...overrides,
});

test('an analyst points an SDK at the sandbox, triages what it sent, and replays the good events to Staging', async ({ app, harness }) => {
  const staging = await startSandbox({ host: '127.0.0.1', port: 0 });
  try {
    expect((await harness.services.environments.create({ settings: { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: staging.url, username: 'demo' }, apiKey: 'demo-api-key', password: 'demo-password' })).ok).toBe(true);
    await app.reload();
    await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');

    // The settings the SDK needs, copied from the Connection panel.
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    await app.getByRole('tab', { name: 'Sandbox' }).click();
    const connection = app.getByRole('region', { name: 'Connection' });
    const copied: Record<string, string> = {};
    let previous = '';
    for (const name of ['base URL', 'username', 'password', 'API key']) {
      await connection.getByRole('button', { name: `Copy ${name}` }).click();
      // Each value differs from the one before, so a change says this copy landed.
      await expect.poll(() => app.evaluate(() => navigator.clipboard.readText())).not.toBe(previous);
      previous = copied[name] = await app.evaluate(() => navigator.clipboard.readText());
    }
    expect(copied).toEqual({ 'base URL': (await harness.services.sandbox.info()).url, username: 'demo', password: 'demo-password', 'API key': 'demo-api-key' });

    // The SDK: logs in, sends two good batches and one the sandbox refuses.
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${copied['base URL']}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const login = await post('/oauth2/login', { username: copied.username, password: copied.password });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { apiKey: copied['API key']!, Authorization: `Bearer ${token}` };
    expect((await post('/user/events', [event('c-1'), event('c-2')], headers)).status).toBe(202);
    expect((await post('/user/events', [event('c-3', { svc_id: 'seven' })], headers)).status).toBe(422);
    expect((await post('/user/events', [event('c-4', { created_at: '2026-11-20 09:30:00' })], headers)).status).toBe(202);

    // The refused one, and why.
    await app.getByRole('tab', { name: 'Events' }).click();
    await expect(app.getByTestId('events-count')).toContainText('4 of 4 events');
    await app.getByLabel('Verdict').selectOption({ label: 'Refused' });
    const grid = app.getByRole('grid', { name: 'Captured events' });
    const rows = grid.locator('[role="row"][data-place]');
    await expect(rows).toHaveCount(1);
    await rows.first().click();
    await expect(app.getByRole('region', { name: 'Event detail' }).getByRole('list', { name: 'Problems' })).toContainText('svc_id');

    // The good ones, sent on to Staging with their times shifted to now.
    await app.getByLabel('Verdict').selectOption({ label: 'Accepted' });
    await expect(rows).toHaveCount(3);
    await grid.focus();
    await app.keyboard.press('ControlOrMeta+a');
    await expect(app.getByTestId('events-selected')).toHaveText('3 events selected');
    await app.getByRole('toolbar', { name: 'Selected events' }).getByRole('button', { name: 'Replay…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Replay events' });
    await dialog.getByRole('combobox', { name: 'Send to' }).selectOption({ label: 'Staging' });
    await dialog.getByRole('checkbox', { name: 'Shift times so the newest is now' }).check();
    await expect(dialog.getByRole('status')).not.toContainText('2026-11-20');
    await saveScreenshot(app, 'analyst-replay');
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Send' }).click();
    // Not logged in to Staging yet: the login asked for, the replay goes on once in.
    const loginDialog = app.getByRole('dialog', { name: 'Log in to Staging' });
    await loginDialog.getByRole('textbox', { name: 'Password' }).fill('demo-password');
    await loginDialog.getByRole('button', { name: 'Log in' }).click();
    await expect(loginDialog).toBeHidden();
    await expect(dialog.getByTestId('send-outcome')).toContainText('3 of 3 events accepted');

    // Staging received them, newest at the moment of sending, half an hour after the oldest as before.
    const received = staging
      .traffic()
      .filter((record) => record.path === '/user/events' && record.response?.status === 202)
      .flatMap((record) => JSON.parse(record.body.text) as { customer_id: string; created_at: string }[]);
    expect(received.map((sent) => sent.customer_id)).toEqual(['c-1', 'c-2', 'c-4']);
    const instant = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
    expect(instant(received[2]!.created_at)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    expect(instant(received[2]!.created_at) - instant(received[0]!.created_at)).toBe(30 * 60 * 1000);
    await saveScreenshot(app, 'analyst-replay-sent');
  } finally {
    await staging.close();
  }
});
