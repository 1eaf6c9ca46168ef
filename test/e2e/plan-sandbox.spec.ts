import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/** A tracking plan chosen in the Sandbox tab: a batch that breaks it is refused with 422, and its event is tagged with the violation. */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const plan = {
  name: 'shop',
  version: '3',
  events: {
    purchase: {
      attributes: { type: 'object', required: ['spend', 'currency'], properties: { spend: { type: 'string' }, currency: { enum: ['EUR', 'USD', 'GBP'] } } },
    },
    // Broken: named in the Plan row, left unchecked, and the rest applies.
    refund: { attributes: { $ref: '#/$defs/nowhere' } },
  },
};
const event = (currency: string) => ({
  token: 'purchase',
  attributes: { spend: '12.50', currency },
  created_at: '2026-11-22 10:00:00',
  svc_id: 7,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-42',
});

test('a plan chosen in the Sandbox tab refuses a batch that breaks it, and the Sandbox tab tags the event with its violation', async ({ app, harness }) => {
  const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plan-')), 'shop.plan.json');
  await writeFile(planFile, JSON.stringify(plan, null, 2));

  await app.getByRole('tab', { name: 'Sandbox' }).click();
  const planSection = app.getByRole('region', { name: 'Tracking plan' });
  await expect(planSection.getByTestId('sandbox-plan')).toContainText('None');
  answers.push(planFile);
  await planSection.getByRole('button', { name: 'Choose…' }).click();
  await expect(planSection.getByTestId('sandbox-plan')).toHaveText('shop.plan.json · shop v3, 2 kinds');
  await expect(planSection.getByRole('list', { name: 'Problems of the plan' })).toContainText(
    'kind "refund", /events/refund/attributes/$ref: $ref "#/$defs/nowhere" points nowhere (left unchecked)',
  );
  await expect(planSection).toContainText('gets 422');
  await expect(app.locator('.sandbox-summary')).toContainText('plan shop v3');

  await openBatchText(app, harness, `${JSON.stringify([event('EUR'), event('YEN')], null, 2)}\n`);
  await logInWithDemo(app);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const outcome = app.getByTestId('send-outcome');
  await expect(outcome).toContainText('422');
  await expect(outcome).toContainText('plan-violations');
  await expect(outcome).toContainText('0 of 2 events accepted');

  await app.getByRole('tab', { name: 'Sandbox' }).click();
  const request = app.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem').first();
  await expect(request).toContainText('/user/events');
  await expect(request.locator('summary')).toContainText('422');
  await expect(request.locator('summary .reason')).toHaveText('plan-violations: 1 error');
  await request.locator('summary').click();
  const tagged = request.getByRole('group', { name: 'Event 2' });
  await expect(tagged).toContainText('✕ error');
  await expect(tagged).toContainText('attribute-value');
  await expect(tagged).toContainText('/1/attributes/currency: expected one of "EUR", "USD", "GBP", saw "YEN"');
  await expect(request.getByRole('group', { name: 'Event 1' })).toHaveCount(0);
  await saveScreenshot(app, 'sandbox-plan-violation');

  await planSection.getByRole('button', { name: 'Clear plan' }).click();
  await expect(planSection.getByTestId('sandbox-plan')).toContainText('None');
  expect((await harness.services.sandbox.info()).plan).toBeNull();
});
