import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/**
 * A tracking plan in the composer: chosen for Local sandbox in the environment editor, its
 * violations marked in the editor and listed in Problems as you type, Send asking only while
 * the batch breaks it, and the plan read again when its file changes on disk.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const SHOP = path.resolve(import.meta.dirname, '../fixtures/plans/shop.plan.json');

const yenPurchase = `[
    {
        "token": "purchase",
        "customer_id": "c-42",
        "device_id": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "svc_id": 7,
        "created_at": "2026-01-30 10:00:00",
        "attributes": { "spend": "12.50", "currency": "YEN" }
    }
]
`;

test('a plan chosen for Local sandbox marks a violation as you type, Send asks only while it is there, and an edit of the plan file applies', async ({
  app,
  harness,
}) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plan-'));
  const planFile = path.join(folder, 'shop.plan.json');
  await writeFile(planFile, await readFile(SHOP, 'utf8'));

  await openBatchText(app, harness, yenPurchase);
  const problems = app.getByRole('region', { name: 'Problems' });
  await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');

  await app.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = app.getByRole('dialog', { name: 'Edit Local sandbox' });
  const planField = edit.getByRole('group', { name: 'Tracking plan' });
  await expect(planField.getByTestId('plan-file-name')).toHaveText('None');
  answers.push(planFile);
  await planField.getByRole('button', { name: 'Choose…' }).click();
  await expect(planField.getByTestId('plan-file-name')).toHaveText('shop.plan.json');
  await planField.scrollIntoViewIfNeeded();
  await saveScreenshot(app, 'plan-environment-editor');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  expect((await harness.services.environments.get('local-sandbox')).planFile).toBe(planFile);

  await expect(problems.getByTestId('plan-status')).toContainText('Checked against the tracking plan “shop” v3 (1 kind) from shop.plan.json');
  await problems.getByTestId('plan-coverage').getByText('Covers 1 of 1 planned kind').click();
  await expect(problems.getByTestId('plan-coverage')).toContainText('Seen: purchase 1');
  await expect(problems.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');
  await expect(problems).toContainText('expected one of "EUR", "USD", "GBP", saw "YEN"');
  await expect(problems).toContainText('event 1 (/0/attributes/currency) · Ln 8, Col 55');
  const marker = app.locator('.monaco-editor .squiggly-error');
  await expect(marker).toHaveCount(1);
  await saveScreenshot(app, 'plan-violation');

  // Hovering the kind's attributes shows what the plan says the kind is.
  await app
    .locator('.monaco-editor .view-line span')
    .filter({ hasText: /^"attributes"$/ })
    .hover();
  const hover = app.locator('.monaco-editor .monaco-hover:not(.hidden)');
  await expect(hover).toContainText('A completed checkout');
  await saveScreenshot(app, 'plan-hover');
  await app.keyboard.press('Escape');
  await app.mouse.move(0, 0);

  // Fixed from the completion list: the Problems entry puts the cursor on "YEN"; it goes, and
  // Ctrl+Space offers the plan's currencies.
  await problems.getByRole('button', { name: /saw "YEN"/ }).click();
  for (let step = 0; step < 5; step++) await app.keyboard.press('Shift+ArrowRight');
  await app.keyboard.press('Delete');
  await app.keyboard.press('Control+Space');
  const suggestions = app.locator('.monaco-editor .suggest-widget');
  await expect(suggestions).toContainText('"USD"');
  await expect(suggestions).toContainText('"GBP"');
  await saveScreenshot(app, 'plan-completion');
  await suggestions.getByRole('option', { name: /"EUR"/ }).click();
  await expect.poll(async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text).toContain('"currency": "EUR" }');
  await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
  await expect(marker).toHaveCount(0);

  // "New event of kind purchase" writes one with the attributes the kind requires.
  await app.locator('.monaco-editor .view-line').filter({ hasText: /^\]$/ }).click();
  await app.keyboard.press('Home');
  await app.keyboard.type(',');
  await app.keyboard.press('Enter');
  await app.keyboard.press('Control+Space');
  await suggestions.getByRole('option', { name: /New event of kind purchase/ }).click();
  await app.keyboard.press('Escape');
  const saved = async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text ?? '';
  await expect.poll(async () => JSON.parse((await saved()).replace(/,\s*\]\s*$/, ']')) as unknown[], { timeout: 10_000 }).toHaveLength(2);
  const added = (JSON.parse(await saved()) as { token: string; attributes: Record<string, string> }[])[1]!;
  expect(added.token).toBe('purchase');
  expect(added.attributes).toEqual({ spend: 'spend', currency: 'EUR' });
  // Its spend is a name to type over, not an amount: the plan says so where it is.
  await expect(problems).toContainText('"spend"');
  // Undone step by step (the snippet, the new line, the comma) back to the one event.
  const oneEvent = '"currency": "EUR" }\n    }\n]';
  for (let step = 0; step < 6 && !(await saved()).includes(oneEvent); step++) {
    const before = await saved();
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(saved).not.toBe(before);
  }
  expect(await saved()).toContain(oneEvent);
  await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');

  await logInWithDemo(app);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
  await expect(app.getByRole('alertdialog')).toHaveCount(0);

  // The plan changes on disk: EUR is no longer planned; the Problems follow without a reload.
  const plan = JSON.parse(await readFile(planFile, 'utf8')) as { $defs: { currency: { enum: string[] } } };
  plan.$defs.currency.enum = ['USD', 'GBP', 'YEN'];
  await writeFile(planFile, JSON.stringify(plan, null, 2));
  await expect(problems).toContainText('expected one of "USD", "GBP", "YEN", saw "EUR"');
  await expect(problems.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');

  // Now Send asks first, naming the plan.
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const question = app.getByRole('alertdialog', { name: 'Send a batch with errors?' });
  await expect(question.getByTestId('send-warning-counts')).toHaveText('The batch has 1 error (1 against the tracking plan) and 0 warnings.');
  await expect(question.getByRole('listitem')).toContainText(['expected one of "USD", "GBP", "YEN", saw "EUR"']);
  await app.keyboard.press('Escape');
  await expect(question).toBeHidden();

  // A plan file broken on disk says so by name, and the batch is checked without it.
  await writeFile(planFile, '{ "name": "shop", ');
  await expect(problems.getByTestId('plan-status')).toContainText('Tracking plan shop.plan.json is not applied: shop.plan.json is not JSON');
  await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
  await saveScreenshot(app, 'plan-broken');
});

test('the Form view follows the event’s kind: its description, required attributes marked and offered, the values the plan lists', async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plan-form-'));
  const planFile = path.join(folder, 'shop.plan.json');
  await writeFile(planFile, await readFile(SHOP, 'utf8'));
  await openBatchText(app, harness, yenPurchase.replace('"spend": "12.50", ', ''));
  await app.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = app.getByRole('dialog', { name: 'Edit Local sandbox' });
  answers.push(planFile);
  await edit.getByRole('group', { name: 'Tracking plan' }).getByRole('button', { name: 'Choose…' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(app.getByTestId('plan-status')).toContainText('“shop” v3');

  await app.getByRole('tab', { name: 'Form' }).click();
  const form = app.getByRole('form', { name: 'Event 1' });
  await expect(form.getByTestId('event-kind')).toHaveText('A “purchase” in the tracking plan: A completed checkout.');
  const currency = form.getByRole('group', { name: 'Attribute currency' });
  const requiredName = /^Name of attribute \d+ \(required\)$/;
  await expect(currency.getByRole('textbox', { name: requiredName })).toHaveValue('currency');
  const value = currency.getByLabel('Value of currency', { exact: true });
  await expect(value).toHaveAttribute('aria-invalid', 'true');
  const listed = await value.evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((option) => option.value));
  expect(listed).toEqual(['EUR', 'USD', 'GBP']);
  await currency.scrollIntoViewIfNeeded();
  // The value's message hangs below it: the row's name and value stay level.
  const top = async (field: Locator) => (await field.boundingBox())!.y;
  expect(Math.abs((await top(currency.getByRole('textbox', { name: requiredName }))) - (await top(value)))).toBeLessThan(1);
  await saveScreenshot(app, 'plan-form-view');

  await form.getByRole('button', { name: 'Add spend (required)' }).click();
  await expect(form.getByRole('group', { name: 'Attribute spend' }).getByRole('textbox', { name: requiredName })).toHaveValue('spend');
  await expect(form.getByRole('button', { name: 'Add spend (required)' })).toHaveCount(0);
  await value.fill('EUR');
  await value.press('Enter');
  await expect.poll(async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text).toContain('"currency": "EUR"');
  await expect(value).not.toHaveAttribute('aria-invalid');
});
