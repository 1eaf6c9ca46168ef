import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { postAsSdk } from './support/sdk.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * A plan's coverage by what the sandbox captured: an SDK posts batches to the harness's sandbox
 * while it checks a plan, then the Sandbox tab's Plan coverage lists the planned kinds seen
 * with their counts, the one never seen and the unplanned kind; and a plan inferred from the capture.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const open = { attributes: { type: 'object' } };
/** Unplanned kinds only warn: the sandbox accepts the debug event and marks it. */
const PLAN = { name: 'shop', version: '3', unplanned: 'warning', events: { purchase: open, signup: open, refund: open } };

const event = (token: string, customer: string) => ({
  token,
  customer_id: customer,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 7,
  created_at: '2026-11-22 10:00:00',
  attributes: { plan: 'free' },
});

test("the Sandbox tab's Plan coverage shows the planned kinds the captured events showed, never showed, and the unplanned ones", async ({ app, harness }) => {
  const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-capture-coverage-')), 'shop.plan.json');
  await writeFile(planFile, JSON.stringify(PLAN, null, 2));

  await app.getByRole('tab', { name: 'Sandbox' }).click();
  answers.push(planFile);
  await app.getByRole('region', { name: 'Tracking plan' }).getByRole('button', { name: 'Choose…' }).click();
  await expect(app.getByTestId('sandbox-plan')).toHaveText('shop.plan.json · shop v3, 3 kinds');

  const { url } = await harness.services.sandbox.info();
  expect(await postAsSdk(url, [event('purchase', 'alice-01'), event('signup', 'alice-01')])).toBe(202);
  expect(await postAsSdk(url, [event('purchase', 'bob-02'), event('debug', 'bob-02'), event('purchase', 'carol-03')])).toBe(202);
  await expect.poll(async () => (await harness.services.capture!.status()).events).toBe(5);

  const section = app.getByRole('region', { name: 'Captured events and plans' });
  await section.getByRole('button', { name: 'Plan coverage' }).click();
  const panel = section.getByRole('article', { name: 'Plan coverage' });
  await expect(panel.getByTestId('coverage-read')).toHaveText('Read 5 events of 2 captured requests.');
  await expect(panel.getByTestId('coverage-plan')).toHaveText("Plan shop.plan.json, the sandbox's plan · kinds by “token”");
  await expect(panel.getByTestId('coverage-range')).toHaveText('Events captured any time');
  await expect(panel.getByTestId('coverage-summary')).toHaveText('Covers 2 of 3 planned kinds; 1 never seen; 1 event of unplanned kinds');
  await expect(panel.getByRole('table', { name: 'Planned kinds seen' }).getByRole('row')).toHaveText([/Kind.*Events/, /purchase\s*3/, /signup\s*1/]);
  await expect(panel.getByRole('list', { name: 'Planned kinds never seen' }).getByRole('listitem')).toHaveText(['refund']);
  await expect(panel.getByRole('table', { name: 'Unplanned kinds' }).getByRole('row')).toHaveText([/Kind.*Events/, /debug\s*1/]);
  await saveScreenshot(app, 'sandbox-capture-coverage');

  // A request since: Measure again reads it.
  expect(await postAsSdk(url, [event('refund', 'alice-01')])).toBe(202);
  await expect.poll(async () => (await harness.services.capture!.status()).events).toBe(6);
  await panel.getByRole('button', { name: 'Measure again' }).click();
  await expect(panel.getByTestId('coverage-read')).toHaveText('Read 6 events of 3 captured requests.');
  await expect(panel.getByTestId('coverage-summary')).toHaveText('Covers 3 of 3 planned kinds; 1 event of unplanned kinds');

  await section.getByRole('button', { name: 'Infer a plan from the capture' }).click();
  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('4 kinds from 6 events captured (3 requests).');
  await saveScreenshot(app, 'sandbox-capture-infer');
});
