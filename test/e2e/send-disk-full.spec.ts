import { mountSmallDisk, type SmallDisk } from '../electron/support/small-disk.ts';
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
    Array.from({ length: count }, (_, n) => ({ token: `evt-${n + 1}`, customer_id: `customer-${n + 1}`, device_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', svc_id: 1001, created_at: '2026-11-20 10:00:00', attributes: { plan: 'pro', note: 'x'.repeat(200) } })),
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
  } finally {
    disk.unfill();
  }
});
