import type { Locator, Page } from '@playwright/test';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validEvent, type ServiceEvent as Event } from '../fixtures/events.ts';
import type { Harness } from '../harness/server.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

/** Three customers' events, as a support person would get them from a log: NDJSON, out of order, personal data in free text. */
const events: Event[] = [
  ['evt-1', 'cust-7781', '2026-11-20 09:00:00', 'ann.smith@acme.io', 'Ann Smith'],
  ['evt-2', 'cust-1002', '2026-11-20 09:05:30', 'bob@jones-family.net', 'Bob Jones'],
  ['evt-3', 'cust-7781', '2026-11-20 09:07:00', 'ann.smith@acme.io', 'Ann Smith'],
  ['evt-4', 'cust-5555', '2026-11-20 08:59:59', 'cy.young@mail.de', 'Cy Young'],
  ['evt-5', 'cust-7781', '2026-11-20 10:30:00', 'ann.smith@acme.io', 'Ann Smith'],
].map(([token, customer, createdAt, email, name], index) => ({
  token: token!,
  customer_id: customer!,
  device_id: `3f2504e0-4f89-41d3-9a0c-0305e82c330${index}`,
  created_at: createdAt!,
  svc_id: 1,
  attributes: { name: name!, note: `Called from +1 415 555 01${index}2, wrote from ${email} at 10.0.0.${index + 1}`, plan: 'pro' },
}));

/** The batch's text as autosaved. */
async function savedText(harness: Harness): Promise<string> {
  const { drafts } = await harness.services.drafts.list();
  return drafts.find((draft) => draft.name === 'customers')?.text ?? '';
}

async function openCustomers(app: Page, harness: Harness, list: readonly Event[] = events): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-transforms-'));
  const file = path.join(folder, 'customers.ndjson');
  await writeFile(file, list.map((event) => JSON.stringify(event)).join('\n') + '\n');
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'customers' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByTestId('event-count')).toHaveText('5 events');
  await expect.poll(() => savedText(harness)).toContain('evt-5');
  return savedText(harness);
}

async function fromPalette(app: Page, title: string): Promise<void> {
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill(title);
  await palette.getByRole('option', { name: new RegExp(title) }).click();
}

/** Ctrl/Cmd+Z in the JSON view, and the autosaved text is back to `before`. */
async function undoInJsonView(app: Page, harness: Harness, before: string): Promise<void> {
  await app.locator('.monaco-editor .view-line').first().click();
  await app.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => savedText(harness)).toBe(before);
}

/** Preview: every event changes, a value shows as `change`; a screenshot; then Apply. */
async function previewThenApply(app: Page, dialog: Locator, change: string, screenshot: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('5 events change.');
  await expect(dialog.getByRole('list', { name: 'Changed values' })).toContainText(change);
  await saveScreenshot(app, screenshot);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog).toBeHidden();
}

const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

test.describe('batch transforms', () => {
  test('shift times to now: the latest event lands at now, the spacing stays; one Ctrl+Z undoes it', async ({ app, harness }) => {
    const before = await openCustomers(app, harness);
    await app.getByRole('button', { name: 'Transform…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await expect(dialog.getByRole('tab', { name: 'Shift times' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('radio', { name: 'The latest event' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Now \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/ })).toBeChecked();
    await expect(dialog).toContainText('Times are read and written in UTC.');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('status')).toHaveText('5 events change.');
    const changes = dialog.getByRole('list', { name: 'Changed values' });
    await expect(changes).toContainText('Event 1');
    await expect(changes).toContainText('created_at "2026-11-20 09:00:00" →');
    await saveScreenshot(app, 'transform-shift-preview');

    await expect(dialog.getByRole('tabpanel', { name: 'Changed values' })).toContainText('Event 1');
    await dialog.getByRole('tab', { name: 'Text diff' }).click();
    const diff = dialog.getByRole('tabpanel', { name: 'Text diff' }).getByTestId('compare-editor');
    await expect(diff).toContainText('"2026-11-20 10:30:00"');
    // The diff fills its box, rather than one squeezed line.
    await expect.poll(async () => (await diff.locator('.monaco-diff-editor').boundingBox())?.height ?? 0).toBeGreaterThan(200);
    await saveScreenshot(app, 'transform-shift-diff');

    const applied = Date.now() / 1000;
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.getByText('5 events change. Ctrl/Cmd+Z in the JSON view undoes it.')).toBeVisible();
    await expect.poll(() => savedText(harness)).not.toBe(before);
    const after = await savedText(harness);
    const shifted = (JSON.parse(after) as Event[]).map((event) => seconds(event.created_at));
    const original = events.map((event) => seconds(event.created_at));
    expect(Math.abs(Math.max(...shifted) - applied)).toBeLessThan(60);
    const offset = shifted[0]! - original[0]!;
    expect(shifted).toEqual(original.map((time) => time + offset));
    // Only the times changed: the rest of the text is byte for byte the same.
    expect(after.replaceAll(/"created_at": "[^"]+"/g, '')).toBe(before.replaceAll(/"created_at": "[^"]+"/g, ''));

    await undoInJsonView(app, harness, before);
  });

  test('pseudonymize from the palette: each customer id replaced the same way everywhere, no email left; one Ctrl+Z undoes it', async ({ app, harness }) => {
    const before = await openCustomers(app, harness);
    await fromPalette(app, 'Pseudonymize…');
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await expect(dialog.getByRole('tab', { name: 'Pseudonymize' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog).toContainText('kept in the data folder on this computer');
    await expect(dialog.getByRole('textbox', { name: 'Also replace the whole values of these fields' })).toHaveValue('name');
    await previewThenApply(app, dialog, 'customer_id "cust-7781" →', 'transform-pseudonymize-preview');

    await expect.poll(() => savedText(harness)).not.toBe(before);
    const after = await savedText(harness);
    const pseudonymized = JSON.parse(after) as Event[];
    for (const original of ['cust-7781', 'cust-1002', 'ann.smith@acme.io', 'bob@jones-family.net', 'cy.young@mail.de', 'Ann Smith', '10.0.0.1', '415 555'])
      expect(after).not.toContain(original);
    const customerOf = new Map<string, string>();
    pseudonymized.forEach((event, index) => {
      const was = events[index]!.customer_id;
      expect(customerOf.get(was) ?? event.customer_id).toBe(event.customer_id);
      customerOf.set(was, event.customer_id);
      expect(event.token).toBe(events[index]!.token);
      expect(event.attributes.plan).toBe('pro');
    });
    expect(new Set(customerOf.values()).size).toBe(3);

    await undoInJsonView(app, harness, before);
  });

  test('set svc_id on every event from the palette, previewed, applied, undone', async ({ app, harness }) => {
    const before = await openCustomers(app, harness);
    await fromPalette(app, 'Set a field…');
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await dialog.getByRole('textbox', { name: 'Field' }).fill('svc_id');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('12');
    await previewThenApply(app, dialog, 'svc_id 1 → 12', 'transform-set-preview');
    await expect.poll(() => savedText(harness)).toBe(before.replaceAll('"svc_id": 1', '"svc_id": 12'));

    await undoInJsonView(app, harness, before);
  });

  test('Set a field refuses a field the service does not name, and a created_at it would not take, saying what it must be', async ({ app, harness }) => {
    const before = await openCustomers(app, harness);
    await fromPalette(app, 'Set a field…');
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await dialog.getByRole('textbox', { name: 'Field' }).fill('custmer_id');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('cust-1');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      '"custmer_id" is not a field of an event: set token, created_at, svc_id, device_id, customer_id or attributes.NAME.',
    );
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await saveScreenshot(app, 'transform-set-unknown-field');
    await dialog.getByRole('textbox', { name: 'Field' }).fill('created_at');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('2026-11-40 10:00:00');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}}): 2026-11-40 is not a date in the calendar.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await savedText(harness)).toBe(before);
  });

  test('by keyboard: the tabs take the arrow keys, Tab stays in the dialog, Escape gives the focus back to Transform…', async ({ app, harness }) => {
    await openCustomers(app, harness);
    const transform = app.getByRole('button', { name: 'Transform…' });
    await transform.focus();
    await app.keyboard.press('Enter');
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await expect(dialog.getByRole('button', { name: 'Preview' })).toBeFocused();
    // Apply is disabled until a preview: Tab from Preview goes round to the dialog's first stop, the chosen tab.
    await app.keyboard.press('Tab');
    await expect(dialog.getByRole('tab', { name: 'Shift times' })).toBeFocused();
    await app.keyboard.press('ArrowRight');
    await expect(dialog.getByRole('tab', { name: 'Spread times' })).toBeFocused();
    await app.keyboard.press('ArrowRight');
    const pseudonymize = dialog.getByRole('tab', { name: 'Pseudonymize' });
    await expect(pseudonymize).toBeFocused();
    await expect(pseudonymize).toHaveAttribute('aria-selected', 'true');
    const panel = dialog.getByRole('tabpanel', { name: 'Pseudonymize' });
    await expect(panel).toContainText('kept in the data folder on this computer');
    await expect(pseudonymize).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!);
    await saveScreenshot(app, 'transform-keyboard-tab');

    await app.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Preview' })).toBeFocused();
    const inDialog = () => app.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
    for (let step = 0; step < 12; step += 1) {
      await app.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(transform).toBeFocused();
  });

  test('a created_at that is not a date-time is said in the dialog, and nothing changes', async ({ app, harness }) => {
    const before = await openCustomers(
      app,
      harness,
      events.map((event, index) => (index === 1 ? { ...event, created_at: 'soon' } : event)),
    );
    await app.getByRole('button', { name: 'Transform…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Transform “customers”' });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('alert')).toContainText('soon');
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await saveScreenshot(app, 'transform-error');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(await savedText(harness)).toBe(before);
  });
});

test.describe('transforming a big batch', () => {
  test('Apply on 6 000 events, in slices, changes just their values; one Ctrl+Z undoes it, apart from typing after it, and redo makes it again', async ({
    app,
    harness,
  }) => {
    test.setTimeout(180_000);
    // 1.5 MB of text changed throughout: more than one slice of Apply (transform-apply.ts, 1 MiB), so
    // the undo step spans slices; no more, so the test proves that and not the machine's speed.
    const count = 6_000;
    const big = JSON.stringify(
      Array.from({ length: count }, (_, index) => validEvent({ token: `tok_${index}`, svc_id: 1 })),
      null,
      2,
    );
    await openBatchText(app, harness, big, 'Big batch');
    await expect(app.getByTestId('event-count')).toHaveText('6,000 events', { timeout: 90_000 });
    await app.getByRole('button', { name: 'Transform…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Transform “Big batch”' });
    await dialog.getByRole('tab', { name: 'Set a field' }).click();
    await dialog.getByRole('textbox', { name: 'Field' }).fill('svc_id');
    await dialog.getByRole('textbox', { name: 'Value' }).fill('7');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByRole('status')).toHaveText('6,000 events change.', { timeout: 90_000 });
    await expect(dialog).toContainText('Showing the first 200; 5,800 more change the same way.');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden({ timeout: 90_000 });
    const saved = async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text;
    const applied = big.replaceAll('"svc_id": 1,', '"svc_id": 7,');
    await expect.poll(saved, { timeout: 60_000 }).toBe(applied);

    // Typing after the transform is a step of its own; the transform's step undoes and redoes whole.
    await app.locator('.monaco-editor .view-line').first().click();
    await app.keyboard.press('End');
    await app.keyboard.type(' ');
    await expect.poll(saved, { timeout: 60_000 }).toBe(applied.replace('[', '[ '));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(saved, { timeout: 60_000 }).toBe(applied);
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(saved, { timeout: 60_000 }).toBe(big);
    await app.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(saved, { timeout: 60_000 }).toBe(applied);
  });
});
