import type { Locator, Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/** Renaming an attribute in the Form view (#15): the key keeps its place and the file its indentation, and focus and typing go on where the user went. */

const event = {
  token: 'evt-1',
  attributes: { plan: 'pro', limits: { seats: 5 }, spend: '19.99' },
  created_at: '2026-01-30 10:00:00',
  svc_id: 12,
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  customer_id: 'c-42',
};

/** The batch's text as autosaved: what a restart would bring back. */
const savedText = (harness: Harness) => async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text;

const attribute = (form: Locator, name: string) => form.getByRole('group', { name: `Attribute ${name}`, exact: true });
const nameOf = (form: Locator, name: string) => attribute(form, name).getByRole('textbox', { name: /^Name of attribute \d+$/ });
const valueOf = (form: Locator, name: string) => attribute(form, name).getByRole('textbox', { name: `Value of ${name}` });

async function rename(page: Page, form: Locator, from: string, to: string): Promise<void> {
  const field = nameOf(form, from);
  await field.fill(to);
  await field.press('Enter');
}

test.describe('renaming an attribute in the Form view', () => {
  test('Tab or a click into the value after a rename keeps the focus there, and what is typed lands in the renamed attribute', async ({ app, harness }) => {
    const batch = JSON.stringify([event], null, 2);
    await openBatchText(app, harness, batch);
    await app.getByRole('tab', { name: 'Form' }).click();
    const form = app.getByRole('form', { name: 'Event 1' });

    // Tab: the rename is committed as the name field loses focus, and the value field keeps it.
    await nameOf(form, 'plan').fill('tier');
    await app.keyboard.press('Tab');
    await expect(valueOf(form, 'tier')).toBeFocused();
    await app.keyboard.press('ControlOrMeta+a');
    await app.keyboard.type('enterprise');
    await app.keyboard.press('Enter');
    await expect.poll(savedText(harness)).toBe(batch.replace('"plan": "pro"', '"tier": "enterprise"'));

    // A click: the same, and the value is committed when the focus moves on.
    await nameOf(form, 'spend').fill('amount');
    await valueOf(form, 'spend').click();
    await expect(valueOf(form, 'amount')).toBeFocused();
    await app.keyboard.press('ControlOrMeta+a');
    await app.keyboard.type('20.50');
    await expect(valueOf(form, 'amount')).toHaveValue('20.50');
    await saveScreenshot(app, 'form-rename-focus-in-value');
    await app.keyboard.press('Tab');
    await expect.poll(savedText(harness)).toBe(batch.replace('"plan": "pro"', '"tier": "enterprise"').replace('"spend": "19.99"', '"amount": "20.50"'));
  });

  test('a rename refused (a name the event has, or none) says why and puts the name back', async ({ app, harness }) => {
    const batch = JSON.stringify([event], null, 2);
    await openBatchText(app, harness, batch);
    await app.getByRole('tab', { name: 'Form' }).click();
    const form = app.getByRole('form', { name: 'Event 1' });

    await rename(app, form, 'plan', 'spend');
    await expect(app.getByText('Event 1 already has an attribute named “spend”.')).toBeVisible();
    await expect(nameOf(form, 'plan')).toHaveValue('plan');
    await rename(app, form, 'plan', '');
    await expect(app.getByText('An attribute needs a name; “plan” keeps its own.')).toBeVisible();
    await expect(nameOf(form, 'plan')).toHaveValue('plan');
    expect(await savedText(harness)()).toBe(batch);
  });

  const layouts: [string, string][] = [
    ['2 spaces', JSON.stringify([event], null, 2)],
    ['4 spaces', JSON.stringify([event], null, 4)],
    ['tabs', JSON.stringify([event], null, '\t')],
    ['one line per event', `[\n  ${JSON.stringify({ ...event, token: 'evt-0' })},\n  ${JSON.stringify(event)}\n]\n`],
  ];
  test('keeps the key in its place and every other character as it was, whatever the indentation', async ({ app, harness }) => {
    for (const [layout, batch] of layouts) {
      await openBatchText(app, harness, batch);
      await app.getByRole('tab', { name: 'Form' }).click();
      const number = batch.includes('evt-0') ? 2 : 1;
      await app
        .getByRole('listbox', { name: 'Events' })
        .getByRole('option')
        .nth(number - 1)
        .click();
      const form = app.getByRole('form', { name: `Event ${number}` });
      // The first attribute, and one in the middle whose value is an object.
      await rename(app, form, 'plan', 'tier');
      await rename(app, form, 'limits', 'quota');
      const expected =
        number === 1 ? batch.replace('"plan"', '"tier"').replace('"limits"', '"quota"') : batch.replace(/("evt-1".*?)"plan"(.*?)"limits"/, '$1"tier"$2"quota"');
      expect(expected, layout).not.toBe(batch);
      await expect.poll(savedText(harness), { message: layout }).toBe(expected);
      await expect
        .poll(
          () =>
            form.getByRole('textbox', { name: /^Name of attribute \d+$/ }).evaluateAll((fields) => fields.map((field) => (field as HTMLInputElement).value)),
          { message: layout },
        )
        .toEqual(['tier', 'quota', 'spend']);
    }
  });
});
