import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validEvent } from '../fixtures/events.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';
import type { FileDialogs } from '../../base/node/ports.ts';

const SEGMENT_EXPORT = path.resolve(import.meta.dirname, '../fixtures/plans/segment-rules.json');

/**
 * An analyst with no plan yet: the open batch's events drafted into a plan from the palette,
 * reviewed kind by kind, edited, saved where the (scripted) save dialog says, and used for
 * Local sandbox, whose batches the composer then checks against it.
 */

const saveAnswers: string[] = [];
const suggested: string[] = [];
const openAnswers: string[][] = [];
const dialogs: FileDialogs = {
  chooseFileToOpen: async () => null,
  chooseFilesToOpen: async () => openAnswers.shift() ?? [],
  chooseFileToSave: async (name) => (suggested.push(name), saveAnswers.shift() ?? null),
};
test.use({ harnessOptions: { dialogs } });

const purchases = Array.from({ length: 24 }, (_, index) =>
  validEvent({ token: 'purchase', attributes: { spend: `${10 + index}.50`, currency: index % 2 ? 'USD' : 'EUR' } }),
);
const signups = [
  validEvent({ token: 'signup', attributes: { plan: 'pro' } }),
  validEvent({ token: 'signup', attributes: { plan: 'free', referrer: 'newsletter' } }),
];

test('a batch drafted into a plan from the palette, reviewed, edited, saved and used for Local sandbox', async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plan-draft-'));
  await openBatchText(app, harness, `${JSON.stringify([...purchases, ...signups], null, 2)}\n`, 'Checkout run');
  const problems = app.getByRole('region', { name: 'Problems' });
  await expect(problems.getByTestId('plan-status')).toHaveCount(0);

  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('infer a tracking plan');
  await app.keyboard.press('Enter');

  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('2 kinds from 26 events of Checkout run.');
  const kinds = dialog.getByRole('region', { name: 'Kinds in the plan' });
  await expect(kinds.getByRole('heading')).toHaveText('2 kinds by “token”');
  const purchase = kinds.getByRole('table', { name: 'Attributes of purchase' });
  await expect(purchase.getByRole('row', { name: /currency/ })).toHaveText('currencyrequiredone of "EUR", "USD"');
  await expect(purchase.getByRole('row', { name: /spend/ })).toContainText('a string matching');
  const signup = kinds.getByRole('table', { name: 'Attributes of signup' });
  await expect(signup.getByRole('row', { name: /referrer/ })).toContainText('optional');
  await expect(dialog.locator('.plan-text-editor .view-line').filter({ hasText: '"name": "Draft plan"' })).toBeVisible();
  await saveScreenshot(app, 'plan-draft');

  // Named in the JSON, as an analyst names the plan before the team keeps it.
  await dialog.locator('.plan-text-editor .view-line').filter({ hasText: '"name": "Draft plan"' }).click();
  await app.keyboard.press('End');
  await app.keyboard.press('Shift+Home');
  await app.keyboard.press('Backspace');
  await app.keyboard.type('"name": "checkout",');
  await expect(dialog.locator('.plan-text-editor .view-line').filter({ hasText: '"name": "checkout",' })).toBeVisible();
  // The plan's own schema completes its keys; a batch's "New event" is not offered in a plan.
  await app.keyboard.press('Enter');
  await app.keyboard.type('"');
  await app.keyboard.press('Control+Space');
  const suggestions = dialog.locator('.monaco-editor .suggest-widget');
  await expect(suggestions).toContainText('unplanned');
  await expect(suggestions).toContainText('severity');
  await expect(suggestions).not.toContainText('New event');
  await app.keyboard.press('Escape');
  await app.keyboard.press('Backspace');
  await app.keyboard.press('Backspace');
  await expect(dialog.locator('.plan-text-editor .view-line').filter({ hasText: /^\s*""?\s*$/ })).toHaveCount(0);

  const planFile = path.join(folder, 'checkout.plan.json');
  saveAnswers.push(planFile);
  await dialog.getByRole('button', { name: 'Save plan as…' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Saved to ${planFile}.`);
  expect(suggested).toEqual(['checkout.plan.json']);
  const saved = JSON.parse(await readFile(planFile, 'utf8')) as { name: string; events: Record<string, unknown> };
  expect(saved.name).toBe('checkout');
  expect(Object.keys(saved.events)).toEqual(['purchase', 'signup']);
  await saveScreenshot(app, 'plan-draft-saved');

  await dialog.getByRole('button', { name: 'Use for Local sandbox' }).click();
  await expect(dialog).toBeHidden();
  expect((await harness.services.environments.get('local-sandbox')).planFile).toBe(planFile);
  await expect(problems.getByTestId('plan-status')).toContainText('Checked against the tracking plan “checkout” (2 kinds) from checkout.plan.json');
  await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
  await saveScreenshot(app, 'plan-draft-used');
});

test('100 000 events are drafted off the window’s thread: the dialog says it is busy, then shows 50 kinds', async ({ app, harness }) => {
  test.setTimeout(120_000);
  const day = Array.from({ length: 100_000 }, (_, index) =>
    validEvent({ token: `kind-${String(index % 50).padStart(2, '0')}`, attributes: { plan: index % 3 ? 'pro' : 'free', spend: `${index % 997}.50` } }),
  );
  await openBatchText(app, harness, JSON.stringify(day, null, 2), 'Day');

  await app.keyboard.press('ControlOrMeta+k');
  await app.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('infer a tracking plan');
  const started = Date.now();
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await expect(dialog.getByRole('status')).toHaveText('Reading the batch’s events…');
  await expect(dialog.getByRole('button', { name: 'Infer' })).toBeDisabled();
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('50 kinds from 100,000 events of Day.', { timeout: 60_000 });
  test.info().annotations.push({ type: 'drafted', description: `100 000 events in ${Date.now() - started} ms, from the command to the kinds shown` });
  await expect(dialog.getByRole('region', { name: 'Kinds in the plan' }).getByRole('heading')).toHaveText('50 kinds by “token”');
  await expect(dialog.getByRole('status')).toHaveCount(0);
});

test('from the environment editor: a Segment export imported, its notes read, saved, and put in the form', async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plan-import-'));
  await app.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = app.getByRole('dialog', { name: 'Edit Local sandbox' });
  const planField = edit.getByRole('group', { name: 'Tracking plan' });
  await planField.getByRole('button', { name: 'Draft…' }).click();

  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await dialog.getByRole('radio', { name: /Another tool’s tracking plan/ }).check();
  await dialog.getByRole('combobox', { name: 'Export format' }).selectOption({ label: 'Segment Protocols export' });
  await dialog.getByLabel('Plan name').fill('shop');
  openAnswers.push([SEGMENT_EXPORT]);
  await dialog.getByRole('button', { name: 'Choose files…' }).click();
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('2 kinds from 1 file of a Segment Protocols export.');
  await expect(dialog.getByRole('list', { name: 'Notes' })).toContainText('Left out 1 deprecated rule.');
  const kinds = dialog.getByRole('region', { name: 'Kinds in the plan' });
  await expect(kinds.getByRole('table', { name: 'Attributes of Order Completed' }).getByRole('row', { name: /currency/ })).toHaveText(
    'currencyrequiredone of "EUR", "USD", "GBP"',
  );
  await saveScreenshot(app, 'plan-draft-import');

  const planFile = path.join(folder, 'shop.plan.json');
  saveAnswers.push(planFile);
  await dialog.getByRole('button', { name: 'Save plan as…' }).click();
  await dialog.getByRole('button', { name: 'Use in this environment' }).click();
  await expect(dialog).toBeHidden();
  await expect(planField.getByTestId('plan-file-name')).toHaveText('shop.plan.json');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  expect((await harness.services.environments.get('local-sandbox')).planFile).toBe(planFile);
});
