import type { Page } from '@playwright/test';
import { LOCAL_SANDBOX_ID } from '../../features/environments/node/environments.ts';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.ts';
import { test as base, expect, logInWithDemo, openBatchText, saveScreenshot } from './support/fixtures.ts';

/**
 * A send on a full disk, as a tester meets it: the history's folder on a real small file system
 * (tmpfs, which needs root: CI here runs as root), filled once logged in.
 */

const test = base.extend<{ disk: SmallDisk }>({
  disk: async ({}, use, testInfo) => {
    const disk = mountSmallDisk(16);
    if (typeof disk === 'string') testInfo.skip(true, disk);
    else {
      await use(disk);
      disk.unmount();
    }
  },
  harnessOptions: async ({ disk }, use) => use({ dataFolder: disk.folder }),
});

const batch = (count: number) =>
  `${JSON.stringify(
    Array.from({ length: count }, (_, n) => ({
      token: `evt-${n + 1}`,
      customer_id: `customer-${n + 1}`,
      device_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
      svc_id: 1001,
      created_at: '2026-11-20 10:00:00',
      attributes: { plan: 'pro', note: 'x'.repeat(200) },
    })),
    null,
    2,
  )}\n`;

test('a send that cannot be recorded says the disk is full and how much room it needs, sends nothing, and keeps the batch', async ({ app, harness, disk }) => {
  await openBatchText(app, harness, batch(3000));
  await logInWithDemo(app);
  disk.fill(64 * 1024);
  try {
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    const problem = app.getByTestId('send-problem');
    await expect(problem).toContainText('the disk holding it is full');
    await expect(problem).toContainText('could not be recorded, so nothing was sent: free about');
    await saveScreenshot(app, 'send-disk-full');
    expect((await harness.services.sandbox.traffic()).filter((request) => request.path === '/user/events')).toEqual([]);
    await expect(app.getByTestId('event-count')).toContainText('3,000');
    // Nothing of it is kept, or what the disk kept from being dropped reads as stopped, never as going out.
    await expect(recentStatuses(app).filter({ hasText: 'sending' })).toHaveCount(0);
  } finally {
    disk.unfill();
  }
});

/** The status badges of Recent sends, newest first. */
const recentStatuses = (app: Page) => app.getByRole('region', { name: 'Recent sends' }).locator('.badge.outcome');

test('a send the disk stops midway reads as interrupted in Recent sends and History at once, with what was accepted', async ({ app, harness, disk }) => {
  // Small chunks one at a time, each answered slowly: the disk fills while the send is under way.
  const { environments, sandbox } = harness.services;
  await environments.update(LOCAL_SANDBOX_ID, { settings: { ...(await environments.get(LOCAL_SANDBOX_ID)), chunkSize: 10, concurrency: 1 } });
  await sandbox.setFaults({ latencyMs: 150 });
  await openBatchText(app, harness, batch(400));
  await logInWithDemo(app);
  const accepted = async () => (await sandbox.traffic()).filter((request) => request.path === '/user/events' && request.response?.status === 202).length;
  try {
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(accepted, { timeout: 20_000 }).toBeGreaterThan(0);
    disk.fill(0);
    const problem = app.getByTestId('send-problem');
    await expect(problem).toContainText('the disk holding it is full', { timeout: 20_000 });
    await expect(problem).toContainText('The send stopped so that nothing goes out unrecorded');
    // The disk still full, so the record could not say how it ended: it reads as interrupted all the same.
    await expect(recentStatuses(app).first()).toHaveText('interrupted');
    // Only what the record holds as acknowledged is counted: at most what the sandbox accepted.
    const outcome = app.getByTestId('send-outcome');
    await expect(outcome.locator('.badge.outcome')).toHaveText('interrupted');
    const counted = Number((/([\d,]+) of 400 events accepted/.exec((await outcome.textContent()) ?? '') ?? ['', 'NaN'])[1]!.replace(/,/g, ''));
    expect(counted).toBeLessThanOrEqual((await accepted()) * 10);
    await app.keyboard.press('Control+2');
    const list = app.getByRole('list', { name: 'Submissions, newest first' });
    await expect(list.getByRole('listitem').first().locator('.badge.outcome')).toHaveText('interrupted');
    await saveScreenshot(app, 'send-disk-full-midway');
    await app.reload();
    await expect(recentStatuses(app).first()).toHaveText('interrupted');
  } finally {
    disk.unfill();
  }
});
