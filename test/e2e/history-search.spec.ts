import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/** The history's search finds a part of an id after a separator, and its box says what it finds (#15). */

test('searching the history for 7781 finds the send to cust-7781, as the search box says', async ({ app, harness }) => {
  await logInWithDemo(app);
  for (const customer of ['cust-7781', 'cust-1000']) {
    const event = {
      token: `evt-${customer}`,
      customer_id: customer,
      device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      svc_id: 1001,
      created_at: '2026-11-22 10:00:00',
      attributes: { plan: 'pro' },
    };
    await openBatchText(app, harness, JSON.stringify([event], null, 2), customer);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
  }

  await app.keyboard.press('Control+2');
  const list = app.getByRole('list', { name: 'Submissions, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  const search = app.getByRole('searchbox', { name: /Search submissions/ });
  await expect(search).toHaveAccessibleDescription(/from a part after - _ \. : \/ @ \(7781 finds cust-7781\)/);

  await search.fill('7781');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(app.getByTestId('history-count')).toHaveText('1 submission');
  await list.getByRole('button').first().click();
  await expect(app.getByTestId('submission-detail').getByTestId('batch-viewer')).toContainText('cust-7781');
  await saveScreenshot(app, 'history-search-id-part');

  await search.fill('cust');
  await expect(list.getByRole('listitem')).toHaveCount(2);
});
