import type { Page } from '@playwright/test';
import { validEvent } from '../fixtures/events.ts';
import type { Harness } from '../harness/server.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const batch = `[
  {
    "token": "evt-1",
    "attributes": {
      "plan": "pro",
      "spend": "19.99"
    },
    "created_at": "2026-01-30 10:00:00",
    "svc_id": 12,
    "device_id": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    "customer_id": "c-42"
  }
]
`;

/** The batch's text as autosaved: what a restart would bring back. */
const savedText = (harness: Harness) => async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text;

async function commit(page: Page, field: ReturnType<Page['getByLabel']>, value: string): Promise<void> {
  await field.fill(value);
  await field.press('Enter');
}

test.describe('editing in the Form view', () => {
  test('a field edit keeps your place in the JSON view, and is one step that Ctrl/Cmd+Z undoes there', async ({ app, harness }) => {
    await openBatchText(app, harness, batch);
    const editor = app.locator('.monaco-editor').first();
    const currentLine = editor.locator('.line-numbers.active-line-number');
    await editor.locator('.view-line').filter({ hasText: '"customer_id"' }).click();
    await expect(currentLine).toHaveText('11');

    await app.getByRole('tab', { name: 'Form' }).click();
    const form = app.getByRole('form', { name: 'Event 1' });
    await commit(app, form.getByLabel('token', { exact: true }), 'evt-changed');
    await expect.poll(savedText(harness)).toBe(batch.replace('"evt-1"', '"evt-changed"'));
    await saveScreenshot(app, 'form-view-edited');

    await app.getByRole('tab', { name: 'JSON' }).click();
    await expect(editor).toContainText('"evt-changed"');
    // Only the value changed: the cursor is where it was, not thrown to the end of a replaced document.
    await expect(currentLine).toHaveText('11');
    await editor.locator('.view-line').filter({ hasText: '"customer_id"' }).click();
    await app.keyboard.press('ControlOrMeta+z');
    await expect(editor).toContainText('"evt-1"');
    await expect(editor).not.toContainText('evt-changed');
    await expect.poll(savedText(harness)).toBe(batch);
    await saveScreenshot(app, 'form-edit-undone');
  });

  test('adding, renaming and removing attributes keeps the key order and the indentation', async ({ app, harness }) => {
    await openBatchText(app, harness, batch);
    await app.getByRole('tab', { name: 'Form' }).click();
    const form = app.getByRole('form', { name: 'Event 1' });
    await form.getByRole('button', { name: 'Add attribute' }).click();
    await expect.poll(savedText(harness)).toBe(batch.replace('"spend": "19.99"', '"spend": "19.99",\n      "name": ""'));

    // The first pair is plan's (a filter on its value would lose the field as it is typed in).
    await commit(app, form.getByRole('textbox', { name: 'Name of attribute 1' }), 'tier');
    await expect.poll(savedText(harness)).toBe(batch.replace('"plan"', '"tier"').replace('"spend": "19.99"', '"spend": "19.99",\n      "name": ""'));

    // A rename onto a name the event already has would write the key twice: refused, and said.
    await commit(app, form.getByRole('textbox', { name: 'Name of attribute 2' }), 'tier');
    await expect(app.getByRole('alert').filter({ hasText: 'Event 1 already has an attribute named “tier”.' })).toBeVisible();

    await form.getByRole('button', { name: 'Remove attribute name' }).click();
    await commit(app, form.getByLabel('customer_id'), 'c-43');
    await expect.poll(savedText(harness)).toBe(batch.replace('"plan"', '"tier"').replace('"c-42"', '"c-43"'));
  });
});

test.describe('editing a batch of 100 000 events', () => {
  test('typing before a problem moves its marker', async ({ app, harness }) => {
    test.setTimeout(180_000);
    const events = Array.from({ length: 100_000 }, (_, index) => validEvent({ token: `tok_${index}`, customer_id: `customer-${index}` }));
    events[0]!.svc_id = '12';
    await openBatchText(app, harness, JSON.stringify(events, null, 2));
    const problems = app.getByRole('region', { name: 'Problems' });
    const where = problems.getByRole('button', { name: /svc_id must be an integer/ }).locator('.where');
    // Line 9 is `    "svc_id": "12",`: the value starts at column 15.
    await expect(where).toHaveText('event 1 (/0/svc_id) · Ln 9, Col 15', { timeout: 90_000 });
    const marker = app.locator('.monaco-editor .squiggly-error').first();
    const before = (await marker.boundingBox())!.x;

    await app.locator('.monaco-editor .view-line').filter({ hasText: '"svc_id": "12"' }).click();
    await app.keyboard.press('End');
    for (let key = 0; key < '"12",'.length; key++) await app.keyboard.press('ArrowLeft');
    await app.keyboard.type('  ');
    await expect(where).toHaveText('event 1 (/0/svc_id) · Ln 9, Col 17', { timeout: 90_000 });
    await expect.poll(async () => (await marker.boundingBox())!.x).toBeGreaterThan(before);
    await expect(app.getByTestId('event-count')).toHaveText('100,000 events');
    await saveScreenshot(app, 'editor-100k-marker-moved');
  });
});
