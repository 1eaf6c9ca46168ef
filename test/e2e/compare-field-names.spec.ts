import type { Locator, Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const event = (email: string) => ({
  token: 'evt-1',
  customer_id: 'cust-7781',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 1001,
  created_at: '2026-11-22 10:01:00',
  attributes: { email, subscription_renewal_date: email },
});

async function send(app: Page, harness: Harness, name: string, email: string): Promise<void> {
  await openBatchText(app, harness, JSON.stringify([event(email)]), name);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
}

/** The field names that are cut or broken inside a name (each part between dots must sit on one line). */
async function unreadableNames(compare: Locator): Promise<string[]> {
  return compare
    .getByRole('rowheader')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => cell.scrollWidth > cell.clientWidth || [...cell.querySelectorAll('span')].some((part) => part.getClientRects().length > 1))
        .map((cell) => cell.textContent ?? ''),
    );
}

test('History’s Compare shows every field name whole, broken only after a dot, at 1024×768 and 1320×820', async ({ app, harness }) => {
  await logInWithDemo(app);
  await send(app, harness, 'Older', 'ada@example.com');
  await send(app, harness, 'Newer', 'grace@example.com');
  await app.getByRole('tab', { name: 'History' }).click();
  const list = app.getByRole('list', { name: 'Submissions, newest first' });
  await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
  await list.getByRole('listitem').nth(1).getByRole('checkbox').check();
  await app.getByRole('button', { name: 'Compare', exact: true }).click();
  const compare = app.getByTestId('compare-view');
  await expect(compare.getByRole('status')).toHaveText('≠ 1 event differs');
  const table = compare.getByRole('table', { name: 'Event 1' });

  for (const [width, height] of [
    [1024, 768],
    [1320, 820],
  ] as const) {
    await app.setViewportSize({ width, height });
    await expect(table.getByRole('row', { name: /attributes\.email/ }).getByRole('cell')).toHaveText(['"ada@example.com"', '"grace@example.com"', '≠ changed']);
    await expect(table.getByRole('rowheader')).toHaveText(['attributes.email', 'attributes.subscription_renewal_date']);
    await saveScreenshot(app, `compare-field-names-${width}`);
    expect.soft(await unreadableNames(compare), `at ${width}×${height}`).toEqual([]);
  }
});
