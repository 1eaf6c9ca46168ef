import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';
import { sdkEvent as event } from './support/sdk.ts';

test.describe('the Sandbox screen', () => {
  test('shows a request the test sent, live, newest first, with its headers, body and answer', async ({ app, harness }) => {
    await app.getByRole('tab', { name: 'Sandbox' }).click();
    await expect(app.getByRole('heading', { name: 'Sandbox' })).toBeVisible();
    const url = (await harness.services.sandbox.info()).url;
    await expect(app.getByTestId('sandbox-url')).toHaveText(url);
    await expect(app.getByText('No requests yet')).toBeVisible();

    // An outside client, like an SDK pointed at the sandbox.
    const login = await fetch(`${url}/oauth2/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const sent = await fetch(`${url}/user/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', apiKey: 'demo-api-key', Authorization: `Bearer ${token}` },
      body: JSON.stringify([event]),
    });
    expect(sent.status).toBe(202);

    const rows = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('/user/events');
    await expect(rows.first()).toContainText('202');
    await expect(rows.nth(1)).toContainText('/oauth2/login');
    await rows.first().locator('summary').click();
    await expect(rows.first()).toContainText('Bearer ••••');
    await expect(rows.first()).toContainText('"customer_id": "c-42"');
    await expect(rows.first()).toContainText('"accepted": 1');
    await expect(rows.first()).not.toContainText(token);
    await saveScreenshot(app, 'sandbox-traffic');

    await app.getByRole('button', { name: 'Clear', exact: true }).click();
    await app.getByRole('alertdialog', { name: 'Clear the capture?' }).getByRole('button', { name: 'Clear' }).click();
    await expect(app.getByText('No requests yet')).toBeVisible();
  });

  test('triage: each request with its reason, filtered by status and path, live', async ({ app, harness }) => {
    await app.getByRole('tab', { name: 'Sandbox' }).click();
    const url = (await harness.services.sandbox.info()).url;
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
    const login = await post('/oauth2/login', JSON.stringify({ username: 'demo', password: 'demo-password' }));
    const { access_token: token } = (await login.json()) as { access_token: string };
    await post('/oauth2/login', JSON.stringify({ username: 'demo', password: 'guess' }));
    const credentials = { apiKey: 'demo-api-key', Authorization: `Bearer ${token}` };
    await post('/user/events', JSON.stringify([event, { ...event, customer_id: 'c-43' }]), credentials);
    await post('/user/events', '[{"token": ', credentials);
    await post('/user/events', JSON.stringify([event]), { ...credentials, Authorization: 'Bearer stale' });

    const rows = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(rows.locator('.reason')).toHaveText(['bad token', 'not JSON', 'accepted 2 events', 'wrong username or password', 'logged in']);
    await saveScreenshot(app, 'sandbox-triage');

    const filters = app.getByRole('group', { name: 'Filter requests' });
    await filters.getByLabel('Status').selectOption({ label: '4xx credentials (401, 403) (2)' });
    await expect(rows.locator('.reason')).toHaveText(['bad token', 'wrong username or password']);
    await filters.getByLabel('Path').selectOption('/user/events');
    await expect(rows.locator('.reason')).toHaveText(['bad token']);
    await expect(filters.getByTestId('request-filter-count')).toHaveText('1 of 5 requests');
    await saveScreenshot(app, 'sandbox-triage-filtered');

    // Live while filtered: a new refusal for credentials shows at the top; an accepted send does not.
    await post('/user/events', JSON.stringify([event]), credentials);
    await post('/user/events', JSON.stringify([event]), { apiKey: 'wrong-key', Authorization: `Bearer ${token}` });
    await expect(rows.locator('.reason')).toHaveText(['bad API key', 'bad token']);
    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await expect(rows).toHaveCount(7);
  });

  test('injects faults from the form, and refuses a bad one clearly', async ({ app, harness }) => {
    await app.keyboard.press('Control+3');
    const faults = app.getByRole('form', { name: 'Fault injection' });
    await faults.getByLabel('Fail sequence').fill('500, 429, teapot');
    await faults.getByRole('button', { name: 'Apply' }).click();
    await expect(faults.getByRole('alert')).toContainText('"teapot" in the fail sequence is neither a status code nor reset');

    await faults.getByLabel('Fail sequence').fill('503, 200');
    await faults.getByLabel('Max events per request (413 beyond)').fill('10');
    await faults.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => harness.services.sandbox.faults()).toMatchObject({ failSequence: [503, 200], maxEvents: 10 });

    await app.keyboard.press('Control+1');
    await logInWithDemo(app);
    await app.keyboard.press('Control+3');
    const url = (await harness.services.sandbox.info()).url;
    // Faults apply to requests whose credentials pass.
    const credentials = {
      apiKey: (await harness.services.sandbox.info()).demoApiKey,
      Authorization: `Bearer ${(await harness.services.vault.get('local-sandbox')).accessToken!}`,
    };
    const answer = await fetch(`${url}/user/events`, { method: 'POST', headers: { ...credentials, 'Content-Type': 'application/json' }, body: '[]' });
    expect(answer.status).toBe(503);
    await expect(app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem').first()).toContainText('503');
    // The 503 is used up: the form shows what is left of the sequence, not what was applied.
    await expect(faults.getByLabel('Fail sequence')).toHaveValue('200');
    await saveScreenshot(app, 'sandbox-fault-row');
    await faults.getByRole('button', { name: 'No faults' }).click();
    await expect.poll(() => harness.services.sandbox.faults()).toMatchObject({ failSequence: [], maxEvents: null });
  });
});
