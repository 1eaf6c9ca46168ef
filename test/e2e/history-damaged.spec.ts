import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fingerprint, writeDamagedHistory } from '../support/damaged-history.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

// A data folder whose submissions.sqlite has a page overwritten with garbage, prepared before the
// harness starts the real services on it (only named here: loading the file writes nothing).
const dataFolder = path.join(os.tmpdir(), `eventdesk-e2e-damaged-${randomUUID()}`);
let file = '';
let damagedBytes = '';

test.beforeAll(() => {
  ({ file } = writeDamagedHistory(dataFolder));
  damagedBytes = fingerprint(file);
});
test.afterAll(() => rm(dataFolder, { recursive: true, force: true }));

const event = {
  token: 'evt-damaged-1',
  customer_id: 'c-damaged',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 1001,
  created_at: '2026-11-22 10:00:00',
  attributes: { plan: 'pro' },
};

test.describe('a damaged history', () => {
  test.use({ harnessOptions: { dataFolder } });

  test('the app starts, refuses to send unrecorded, and sets the damaged file aside for a fresh history', async ({ app, harness }) => {
    await logInWithDemo(app);
    await openBatchText(app, harness, JSON.stringify([event], null, 2), 'Damaged history batch');
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByRole('alert').filter({ hasText: 'The history file is damaged' })).toBeVisible();
    expect((await harness.services.sandbox.traffic()).filter((record) => record.path === '/user/events')).toEqual([]);

    await app.keyboard.press('Control+2');
    const notice = app.locator('#screen-history').getByRole('alert').filter({ hasText: 'The history could not be read' });
    await expect(notice).toContainText('The history file is damaged and cannot be read; nothing was changed in it.');
    await expect(notice).toContainText('Code: history-corrupt');
    expect(fingerprint(file)).toBe(damagedBytes);
    await saveScreenshot(app, 'history-damaged');

    await notice.getByRole('button', { name: 'Set the damaged file aside and start a fresh history' }).click();
    const said = app.locator('#screen-history').getByRole('status').filter({ hasText: 'The damaged history file was moved to' });
    await expect(said).toContainText('This is a fresh history.');
    await expect(app.getByTestId('history-empty')).toContainText('Nothing sent yet');
    await saveScreenshot(app, 'history-set-aside');

    const aside = (await readdir(dataFolder)).filter((name) => name.startsWith('submissions.damaged-'));
    expect(aside).toHaveLength(1);
    await expect(said).toContainText(path.join(dataFolder, aside[0]!));
    expect(fingerprint(path.join(dataFolder, aside[0]!))).toBe(damagedBytes);
    expect(existsSync(file)).toBe(true);

    // The fresh history records the next send.
    await app.keyboard.press('Control+1');
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
    await app.keyboard.press('Control+2');
    await app.getByRole('button', { name: 'Refresh' }).click();
    await expect(app.getByTestId('history-count')).toHaveText('1 submission');
  });
});
