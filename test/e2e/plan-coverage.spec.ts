import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { choosePlanForLocalSandbox } from './support/plan-choice.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/**
 * A plan's coverage by the history: two batches sent to Local sandbox while it names a plan,
 * then the History screen's Plan coverage lists the planned kinds seen with their counts, the
 * one never seen and the unplanned kind that arrived, and says when the filter finds nothing.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const open = { attributes: { type: 'object' } };
const PLAN = { name: 'shop', version: '3', events: { purchase: open, signup: open, refund: open } };

const event = (token: string, customer: string) => ({
  token,
  customer_id: customer,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 7,
  created_at: '2026-11-22 10:00:00',
  attributes: { plan: 'free' },
});

async function send(app: Page, harness: Harness, events: unknown[], name: string, asks: boolean): Promise<void> {
  await openBatchText(app, harness, JSON.stringify(events, null, 2), name);
  // Send asks first while a batch breaks the plan (an unplanned kind is an error).
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  if (asks) {
    const question = app.getByRole('alertdialog', { name: 'Send a batch with errors?' });
    await expect(question).toContainText('against the tracking plan');
    await question.getByRole('button', { name: 'Send anyway' }).click();
  }
  await expect(app.getByTestId('send-outcome')).toContainText(`${events.length} of ${events.length} events accepted`);
}

test("History's Plan coverage shows the planned kinds seen, never seen and unplanned over the filtered sends", async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-coverage-'));
  const planFile = path.join(folder, 'shop.plan.json');
  await writeFile(planFile, JSON.stringify(PLAN, null, 2));

  await openBatchText(app, harness, '[]');
  await choosePlanForLocalSandbox(app, answers, planFile);

  await logInWithDemo(app);
  await send(app, harness, [event('purchase', 'alice-01'), event('signup', 'alice-01')], 'First', false);
  await send(app, harness, [event('purchase', 'bob-02'), event('debug', 'bob-02'), event('purchase', 'carol-03')], 'Second', true);

  await app.keyboard.press('Control+2');
  await expect(app.getByTestId('history-count')).toHaveText('2 submissions');
  // Reached from the keyboard: the panel takes the focus.
  await app.getByRole('button', { name: 'Plan coverage' }).focus();
  await app.keyboard.press('Enter');
  const panel = app.getByRole('article', { name: 'Plan coverage' });
  await expect(panel.getByRole('heading', { name: 'Plan coverage' })).toBeFocused();
  await expect(panel.getByTestId('coverage-read')).toHaveText('Read 5 events of 2 submissions.');
  await expect(panel.getByTestId('coverage-plan')).toHaveText("Plan shop.plan.json, the active environment's plan · kinds by “token”");
  await expect(panel.getByTestId('coverage-range')).toHaveText('All submissions');
  await expect(panel.getByTestId('coverage-summary')).toHaveText('Covers 2 of 3 planned kinds; 1 never seen; 1 event of unplanned kinds');
  const seen = panel.getByRole('table', { name: 'Planned kinds seen' }).getByRole('row');
  await expect(seen).toHaveText([/Kind.*Events/, /purchase\s*3/, /signup\s*1/]);
  await expect(panel.getByRole('list', { name: 'Planned kinds never seen' }).getByRole('listitem')).toHaveText(['refund']);
  await expect(panel.getByRole('table', { name: 'Unplanned kinds' }).getByRole('row')).toHaveText([/Kind.*Events/, /debug\s*1/]);
  await saveScreenshot(app, 'history-plan-coverage');

  // The filter narrows what is read: a search for one customer, then a range with no sends.
  await app.getByRole('searchbox', { name: /Search submissions/ }).fill('alice-01');
  await expect(panel.getByTestId('coverage-read')).toHaveText('Read 2 events of 1 submission.');
  await expect(panel.getByTestId('coverage-range')).toHaveText('All submissions · search “alice-01”');
  await expect(panel.getByRole('list', { name: 'Planned kinds never seen' }).getByRole('listitem')).toHaveText(['refund']);
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await app.getByRole('button', { name: 'More filters' }).click();
  await app.getByLabel('From').fill('2099-01-01');
  await expect(panel.getByTestId('coverage-nothing')).toHaveText(
    'No submission matches the filter, so no event to measure. Widen the range or clear the filters.',
  );
  await expect(panel.getByTestId('coverage-range')).toHaveText('Submissions sent since 2099-01-01');

  // The environment's plan cleared: the panel says no plan is active and offers a file.
  await app.getByRole('button', { name: 'Clear filters' }).click();
  await app.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = app.getByRole('dialog', { name: 'Edit Local sandbox' });
  await edit.getByRole('group', { name: 'Tracking plan' }).getByRole('button', { name: 'Clear' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const noPlan = panel.getByTestId('coverage-no-plan');
  await expect(noPlan).toContainText('No tracking plan is active');
  await saveScreenshot(app, 'history-plan-coverage-no-plan');
  answers.push(planFile);
  await noPlan.getByRole('button', { name: 'Choose plan file…' }).click();
  await expect(panel.getByTestId('coverage-plan')).toHaveText('Plan shop.plan.json · kinds by “token”');
  await expect(panel.getByTestId('coverage-read')).toHaveText('Read 5 events of 2 submissions.');
});
