import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../fixtures/free-port.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const batch = JSON.stringify(
  [{ token: 'signup', customer_id: 'cust-1', device_id: '{{$uuid}}', svc_id: 7, created_at: '{{$now -1m}}', attributes: { plan: 'pro' } }],
  null,
  2,
);

test.describe("the Sandbox tab's Connection panel", () => {
  test('copies the API key, moves the sandbox to another port, and Local sandbox sends there', async ({ app, harness }) => {
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: harness.url });
    await logInWithDemo(app);
    await app.keyboard.press('Control+3');
    const panel = app.getByRole('region', { name: 'Connection' });
    const before = (await harness.services.sandbox.info()).url;
    await expect(panel.getByTestId('sandbox-url')).toHaveText(before);
    // The harness asks for any free port without posing as EVENTDESK_SANDBOX_PORT, which nobody set.
    await expect(panel).toContainText('No port is chosen: it took a free one; one applied here is kept for the next start.');
    await expect(panel).not.toContainText('EVENTDESK_SANDBOX_PORT');

    await panel.getByRole('button', { name: 'Copy API key' }).click();
    await expect(app.getByText('Copied the API key.')).toBeVisible();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe('demo-api-key');

    // A port out of range is named before anything is asked.
    const field = panel.getByRole('textbox', { name: 'Port' });
    await field.fill('80');
    await field.press('Enter');
    await expect(panel.getByRole('alert')).toContainText('below 1024 only privileged programs may listen');
    // Correcting the value answers the problem: it goes before the next Apply.
    await field.fill('4');
    await expect(panel.getByRole('alert')).toHaveCount(0);

    const port = await freePort();
    await field.fill(String(port));
    await panel.getByRole('button', { name: 'Apply' }).click();
    const after = `http://127.0.0.1:${port}`;
    await expect(panel.getByTestId('sandbox-url')).toHaveText(after);
    await expect(panel.getByRole('alert')).toHaveCount(0);
    await expect(panel.getByTestId('sandbox-snippet')).toContainText(`BASE_URL=${after}`);
    expect((await harness.services.sandbox.info()).url).toBe(after);
    expect(JSON.parse(await readFile(path.join(harness.dataFolder, 'sandbox-settings.json'), 'utf8'))).toMatchObject({ port });
    await expect(panel).toContainText('Kept for the next start.');
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

test.describe('a port saved in the Connection panel', () => {
  let saved = 0;
  test.use({
    harnessOptions: async ({}, use) => {
      saved = await freePort();
      const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-port-'));
      await writeFile(path.join(dataFolder, 'sandbox-settings.json'), `${JSON.stringify({ port: saved })}\n`);
      await use({ dataFolder });
    },
  });

  test('is where the sandbox listens at the next start, and the panel says it was kept', async ({ app, harness }) => {
    await app.keyboard.press('Control+3');
    const panel = app.getByRole('region', { name: 'Connection' });
    await expect(panel.getByTestId('sandbox-url')).toHaveText(`http://127.0.0.1:${saved}`);
    await expect(panel.getByRole('textbox', { name: 'Port' })).toHaveValue(String(saved));
    await expect(panel).toContainText('Kept for the next start. Apply moves it now');
    await expect(panel).not.toContainText('EVENTDESK_SANDBOX_PORT');
    expect((await harness.services.sandbox.info()).url).toBe(`http://127.0.0.1:${saved}`);
    await saveScreenshot(app, 'sandbox-connection-saved');
  });
});
