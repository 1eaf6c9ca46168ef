import { freePort } from '../fixtures/free-port.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const batch = JSON.stringify([{ token: 'signup', customer_id: 'cust-1', device_id: '{{$uuid}}', svc_id: 7, created_at: '{{$now -1m}}', attributes: { plan: 'pro' } }], null, 2);

test.describe("the Sandbox tab's Connection panel", () => {
  test('copies the API key, moves the sandbox to another port, and Local sandbox sends there', async ({ app, harness }) => {
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    await logInWithDemo(app);
    await app.keyboard.press('Control+3');
    const panel = app.getByRole('region', { name: 'Connection' });
    const before = (await harness.services.sandbox.info()).url;
    await expect(panel.getByTestId('sandbox-url')).toHaveText(before);

    await panel.getByRole('button', { name: 'Copy API key' }).click();
    await expect(app.getByText('Copied the API key.')).toBeVisible();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe('demo-api-key');

    // A port out of range is named before anything is asked.
    const field = panel.getByRole('textbox', { name: 'Port' });
    await field.fill('80');
    await field.press('Enter');
    await expect(panel.getByRole('alert')).toContainText('below 1024 only privileged programs may listen');

    const port = await freePort();
    await field.fill(String(port));
    await panel.getByRole('button', { name: 'Apply' }).click();
    const after = `http://127.0.0.1:${port}`;
    await expect(panel.getByTestId('sandbox-url')).toHaveText(after);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByTestId('sandbox-snippet')).toContainText(`BASE_URL=${after}`);
    expect((await harness.services.sandbox.info()).url).toBe(after);
    await saveScreenshot(app, 'sandbox-connection');

    // The login ended with the move; Local sandbox now sends to the new address.
    await openBatchText(app, harness, batch);
    await expect(app.getByTestId('session-bar').getByRole('button', { name: 'Log in' })).toBeVisible();
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
    const sent = (await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events');
    expect(sent.map((record) => [record.headers.host, record.response?.status])).toEqual([[`127.0.0.1:${port}`, 202]]);
  });
});
