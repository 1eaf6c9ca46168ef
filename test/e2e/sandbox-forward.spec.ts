import { DEFAULT_SETTINGS } from '../../features/environments/common/environment.ts';
import { startSandbox } from '../../features/sandbox/server/server.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

const event = {
  token: 't-1',
  attributes: { plan: 'pro' },
  created_at: '2026-11-24 10:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-42',
};

/** What an SDK pointed at the sandbox does: logs in with the demo account and posts one event with the demo API key. */
async function sdkPosts(url: string): Promise<number> {
  const login = await fetch(`${url}/oauth2/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
  });
  const token = login.ok ? ((await login.json()) as { access_token: string }).access_token : 'none';
  const sent = await fetch(`${url}/user/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apiKey: 'demo-api-key', Authorization: `Bearer ${token}` },
    body: JSON.stringify([event]),
  });
  return sent.status;
}

test.describe("the Sandbox tab's Forward to", () => {
  test('forwards what an SDK sends to an environment’s service, with the SDK’s own credentials, and says when that service is down', async ({
    app,
    harness,
  }) => {
    // Another sandbox, in this process, stands for the staging service (it has the same demo account).
    const staging = await startSandbox({ host: '127.0.0.1', port: 0 });
    try {
      const created = await harness.services.environments.create({
        settings: { ...DEFAULT_SETTINGS, name: 'Staging', baseUrl: staging.url, username: 'analyst' },
        apiKey: 'staging-key-of-the-user-77',
        password: null,
      });
      expect(created.ok).toBe(true);
      await app.reload();
      await expect(app.locator('#root')).toHaveAttribute('data-app-state', 'ready');
      await app.getByRole('tab', { name: 'Sandbox' }).click();

      const forwarding = app.getByRole('region', { name: 'Forwarding' });
      await expect(forwarding.getByRole('status')).toHaveText('Off: the sandbox answers every request itself.');
      await expect(forwarding.getByRole('option', { name: 'Local sandbox (this sandbox: it would loop)' })).toBeDisabled();
      await forwarding.getByRole('combobox', { name: 'Forward to' }).selectOption({ label: `Staging · ${staging.url}` });
      await expect(forwarding.getByRole('status')).toHaveText(`Forwarding to ${staging.url} (Staging)`);
      await expect(forwarding).toContainText('The SDK logs in with its own credentials; EventDesk adds none.');
      await expect(forwarding).toContainText("It has 27 s to answer: Staging's request timeout (30 s) less 3 s");

      const sandboxUrl = (await harness.services.sandbox.info()).url;
      expect(await sdkPosts(sandboxUrl)).toBe(202);
      const rows = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('/user/events');
      await expect(rows.first()).toContainText('202');
      // The staging service received the login and the batch, with the SDK's credentials and none of the environment's.
      expect(staging.traffic().map((record) => `${record.path} ${record.response?.status}`)).toEqual(['/user/events 202', '/oauth2/login 200']);
      expect(staging.traffic()[0]!.headers.apikey).toBe('••••-key');
      expect(JSON.stringify(staging.traffic())).not.toContain('staging-key-of-the-user-77');
      await forwarding.scrollIntoViewIfNeeded();
      await saveScreenshot(app, 'sandbox-forward');

      // The service goes down: the SDK gets a 502, and the tab says what happened.
      await staging.close();
      expect(await sdkPosts(sandboxUrl)).toBe(502);
      await expect(forwarding.getByTestId('forward-failure')).toContainText(
        `The upstream ${new URL(staging.url).host} refused the connection: nothing listens there; the request was recorded.`,
      );
      await forwarding.getByTestId('forward-failure').scrollIntoViewIfNeeded();
      await saveScreenshot(app, 'sandbox-forward-failure');

      await forwarding.getByRole('combobox', { name: 'Forward to' }).selectOption({ label: 'Off: answer here' });
      await expect(forwarding.getByRole('status')).toHaveText('Off: the sandbox answers every request itself.');
      expect(await sdkPosts(sandboxUrl)).toBe(202);
    } finally {
      await staging.close();
    }
  });
});
