import type { Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServiceEvent as Event } from '../fixtures/events.ts';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';
import { findOneInHistory } from './support/history.ts';

/**
 * Issue #15's journey, as a support person reproducing a customer's case: a log of several
 * customers' events comes in as NDJSON; keep only the customer's, move them to now, take the
 * personal data out, send, find the submission in History by its new customer id, and compare
 * it with the customer's original. Every step through the UI, by accessible names.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const log: Event[] = [
  ['checkout-started', 'cust-7781', '2026-11-19 18:02:11', 'Wrote from ann.smith@acme.io'],
  ['page-viewed', 'cust-1002', '2026-11-19 18:03:00', 'bob@jones-family.net on mobile'],
  ['coupon-applied', 'cust-7781', '2026-11-19 18:04:40', 'Called +1 415 555 0142 about the coupon'],
  ['page-viewed', 'cust-5555', '2026-11-19 18:05:05', 'from 10.1.2.3'],
  ['checkout-failed', 'cust-7781', '2026-11-19 18:06:59', 'Card declined for ann.smith@acme.io'],
].map(([token, customer, createdAt, note], index) => ({
  token: token!,
  customer_id: customer!,
  device_id: `9b2c1f4e-7a3d-4c1b-8e2f-5d6a7b8c9d0${index}`,
  created_at: createdAt!,
  svc_id: 7,
  attributes: { name: customer === 'cust-7781' ? 'Ann Smith' : 'Someone else', note: note!, plan: 'pro' },
}));
const customers = log.filter((event) => event.customer_id === 'cust-7781');

async function openLog(app: Page, name: string): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-journey-'));
  const file = path.join(folder, `${name}.ndjson`);
  await writeFile(file, log.map((event) => JSON.stringify(event)).join('\n') + '\n');
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByTestId('event-count')).toHaveText('5 events');
}

async function batchText(harness: Harness, name: string): Promise<Event[]> {
  const { drafts } = await harness.services.drafts.list();
  return JSON.parse(drafts.find((draft) => draft.name === name)?.text ?? '[]') as Event[];
}

const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

test('a support person reproduces a customer case: keep one customer, shift to now, pseudonymize, send, find, compare', async ({ app, harness }) => {
  test.setTimeout(120_000);
  await logInWithDemo(app);
  await openLog(app, 'customer-log');

  // Keep only the customer's events.
  await app.getByRole('tab', { name: 'Form' }).click();
  const filter = app.getByRole('searchbox', { name: 'Filter events' });
  await filter.fill('customer_id = cust-7781');
  await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('3 of 5 events match');
  await app.getByRole('button', { name: 'Keep only matching' }).click();
  await expect.poll(async () => (await batchText(harness, 'customer-log')).map((event) => event.token)).toEqual(customers.map((event) => event.token));
  await filter.press('Escape');
  await saveScreenshot(app, 'journey-kept-one-customer');

  // Shift them so the latest lands at now, keeping their spacing.
  await app.getByRole('button', { name: 'Transform…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Transform “customer-log”' });
  await dialog.getByRole('tab', { name: 'Shift times' }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('3 events change.');
  await saveScreenshot(app, 'journey-shift-preview');
  const applied = Date.now() / 1000;
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await batchText(harness, 'customer-log'))[2]!.created_at).not.toBe(customers[2]!.created_at);
  const shifted = (await batchText(harness, 'customer-log')).map((event) => seconds(event.created_at));
  expect(Math.abs(shifted[2]! - applied)).toBeLessThan(60);
  expect(shifted.map((time) => time - shifted[0]!)).toEqual(customers.map((event) => seconds(event.created_at) - seconds(customers[0]!.created_at)));

  // Take the personal data out.
  await app.getByRole('button', { name: 'Transform…' }).click();
  await dialog.getByRole('tab', { name: 'Pseudonymize' }).click();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('3 events change.');
  await saveScreenshot(app, 'journey-pseudonymize-preview');
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await batchText(harness, 'customer-log'))[0]!.customer_id).not.toBe('cust-7781');
  const repro = await batchText(harness, 'customer-log');
  const reproText = JSON.stringify(repro);
  for (const personal of ['cust-7781', 'ann.smith@acme.io', '415 555 0142', 'Ann Smith']) expect(reproText).not.toContain(personal);
  const newCustomer = repro[0]!.customer_id;
  expect(repro.every((event) => event.customer_id === newCustomer)).toBe(true);

  // Send it.
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('3 of 3 events accepted');

  // Find it in History by the new customer id.
  await expect(await findOneInHistory(app, newCustomer)).toContainText('3 events');
  await saveScreenshot(app, 'journey-found-in-history');

  // Compare it with the customer's original, the log opened again: event by event, by position.
  await app.getByRole('tab', { name: 'Composer' }).click();
  await openLog(app, 'original-log');
  await app.getByRole('tab', { name: 'customer-log' }).click();
  await app.getByRole('button', { name: 'Compare with…' }).click();
  const compare = app.getByRole('dialog', { name: 'Compare “customer-log” with' });
  await compare.getByLabel('The other batch').selectOption({ label: 'original-log' });
  // Matched by token, customer and time, nothing matches: every field that identifies an event changed.
  await expect(compare.getByRole('status')).toHaveText('≠ No event matches by token, customer_id and created_at: 3 events only left, 5 only right');
  await compare.getByRole('button', { name: 'Match by position' }).click();
  await expect(compare.getByRole('status')).toHaveText('≠ 2 events only right, 3 differ');
  const first = compare.getByRole('table', { name: 'Event 1' });
  await expect(first.getByRole('row', { name: /customer_id/ }).getByRole('cell')).toHaveText([JSON.stringify(newCustomer), '"cust-7781"', '≠ changed']);
  await expect(first.getByRole('row', { name: /^token/ })).toHaveCount(0);
  await saveScreenshot(app, 'journey-compared-with-original');
});
