import type { Page } from '@playwright/test';
import { validEvent } from '../fixtures/events.ts';
import type { Harness } from '../harness/server.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/** A batch as serializeJson writes one; every operation keeps that shape, so the text after it is known exactly. */
const written = (events: readonly unknown[]) => `${JSON.stringify(events, null, 2)}\n`;
/** One event a line, so a few fit in the editor's view at once. */
const lines = (events: readonly unknown[]) => `[\n${events.map((event) => `  ${JSON.stringify(event)}`).join(',\n')}\n]\n`;

const events = [1, 2, 3, 4, 5, 6].map((n) =>
  validEvent({
    token: `evt-${n}`,
    customer_id: n % 3 === 1 ? 'cust-7781' : `cust-${n}`,
    device_id: `1b4e28ba-2fa1-41d2-883f-0016d3cca4${String(n).padStart(2, '0')}`,
    created_at: `2026-05-31 09:3${n}:00`,
  }),
);
const [e1, e2, e3, e4, e5, e6] = events;

/** The batch's text as autosaved: what a restart would bring back. */
const savedText = (harness: Harness) => async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text;

const row = (page: Page, token: string) => page.getByRole('listbox', { name: 'Events' }).getByRole('option').filter({ hasText: token });

async function openForm(page: Page, harness: Harness, text: string): Promise<void> {
  await openBatchText(page, harness, text);
  await page.getByRole('tab', { name: 'Form' }).click();
  await expect(page.getByRole('listbox', { name: 'Events' })).toHaveAttribute('aria-multiselectable', 'true');
}

test.describe('event operations', () => {
  test('select several, delete, duplicate and move, then undo each with Ctrl/Cmd+Z in the JSON view', async ({ app, harness }) => {
    await openForm(app, harness, written(events));
    const list = app.getByRole('listbox', { name: 'Events' });

    await row(app, 'evt-2').click();
    await row(app, 'evt-4').click({ modifiers: ['Shift'] });
    await row(app, 'evt-3').click({ modifiers: ['ControlOrMeta'] });
    await expect(list.locator('[aria-selected="true"]')).toHaveCount(2);
    await expect(app.getByRole('toolbar', { name: 'Event operations' })).toContainText('2 events selected');
    await saveScreenshot(app, 'event-list-selection');
    await app.keyboard.press('Delete');
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e5, e6]));

    await row(app, 'evt-1').click();
    await app.getByRole('toolbar', { name: 'Event operations' }).getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e3, e5, e6]));

    await row(app, 'evt-6').click();
    await app.keyboard.press('Alt+ArrowUp');
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e3, e6, e5]));
    // Shift+arrows and Ctrl/Cmd+A select from the keyboard.
    await app.keyboard.press('Shift+ArrowUp');
    await expect(list.locator('[aria-selected="true"]')).toHaveCount(2);
    await app.keyboard.press('ControlOrMeta+a');
    await expect(list.locator('[aria-selected="true"]')).toHaveCount(5);

    // Dragging a row drops it before the row it lands on.
    await row(app, 'evt-5').click();
    await row(app, 'evt-5').dragTo(row(app, 'evt-3'));
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e5, e3, e6]));

    // The JSON view opens at the event the list was on (evt-5, moved by the drag).
    await app.getByRole('tab', { name: 'JSON' }).click();
    const editor = app.locator('.monaco-editor').first();
    await editor.locator('.view-line').filter({ hasText: '"evt-5"' }).click();
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e3, e6, e5]));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e3, e5, e6]));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e5, e6]));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written(events));
  });

  test('Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z in the Form view undo and redo what the list did, even with every event deleted', async ({ app, harness }) => {
    await openForm(app, harness, written(events));
    await row(app, 'evt-2').click();
    await app.keyboard.press('Delete');
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e4, e5, e6]));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written(events));
    await app.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e4, e5, e6]));

    await app.keyboard.press('ControlOrMeta+a');
    await app.keyboard.press('Delete');
    await expect(app.getByRole('button', { name: 'Add event' })).toBeVisible();
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e4, e5, e6]));
    // In a text field the key is the field's own.
    await app.getByRole('textbox', { name: 'token' }).fill('typed');
    await app.keyboard.press('ControlOrMeta+z');
    expect(await savedText(harness)()).toBe(written([e1, e3, e4, e5, e6]));

    // They are commands: the palette lists them with their keys, and runs them for the list.
    await row(app, 'evt-3').click();
    await app.keyboard.press('Delete');
    await expect.poll(savedText(harness)).toBe(written([e1, e4, e5, e6]));
    await app.keyboard.press('ControlOrMeta+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('undo in');
    await palette.getByRole('option', { name: /Undo in the Form view/ }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e3, e4, e5, e6]));
    // In the JSON view the keys are Monaco's, one step at a time, as before.
    await app.getByRole('tab', { name: 'JSON' }).click();
    await app.locator('.monaco-editor .view-line').first().click();
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written(events));
  });

  test('generates copies right after the event, in the same batch, with no duplicate warnings', async ({ app, harness }) => {
    await openForm(app, harness, written([e1, e2]));
    await expect(app.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
    const form = app.getByRole('form', { name: 'Event 1' });
    await form.getByText('Generate copies of this event…').click();
    await form.getByLabel('How many copies to generate').fill('3');
    await form.getByLabel('number the customer ({{$seq}})').check();
    await form.getByRole('button', { name: 'Generate copies' }).click();
    await expect(app.getByTestId('event-count')).toHaveText('5 events');
    await expect(app.getByRole('tab', { name: /× event 1/ })).toHaveCount(0);
    const saved = async () => JSON.parse((await savedText(harness)()) ?? '[]') as Record<string, unknown>[];
    await expect
      .poll(async () => (await saved()).map((event) => event.customer_id))
      .toEqual(['cust-7781', 'cust-7781-1', 'cust-7781-2', 'cust-7781-3', 'cust-2']);
    expect(new Set((await saved()).map((event) => event.device_id)).size).toBe(5);
    await expect(app.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');

    await app.getByRole('tab', { name: 'JSON' }).click();
    await app.locator('.monaco-editor .view-line').first().click();
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written([e1, e2]));
  });

  test('filters the list without touching the text, then keeps only the matching events', async ({ app, harness }) => {
    await openForm(app, harness, written(events));
    const filter = app.getByRole('searchbox', { name: 'Filter events' });
    await filter.fill('customer_id =');
    await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('Column 14');
    await filter.fill('customer_id = cust-7781');
    await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('2 of 6 events match');
    await expect(app.getByRole('listbox', { name: 'Events' }).getByRole('option')).toHaveCount(2);
    expect(await savedText(harness)()).toBe(written(events));
    await app.getByRole('button', { name: 'Select matching' }).click();
    await expect(app.getByRole('toolbar', { name: 'Event operations' })).toContainText('2 events selected');
    await saveScreenshot(app, 'event-list-filter');

    // The form follows the filter to an event the list shows, and the chosen selection stays.
    await filter.fill('evt-5');
    await expect(app.getByRole('form', { name: 'Event 5' })).toBeVisible();
    await expect(app.getByRole('toolbar', { name: 'Event operations' })).toContainText(
      '2 events selected, all hidden by the filter: actions apply to event 5, the one shown',
    );
    await filter.press('Escape');
    await expect(app.getByRole('listbox', { name: 'Events' }).getByRole('option')).toHaveCount(6);
    await filter.fill('no-such-customer');
    await expect(app.getByText('No event matches “no-such-customer”.')).toBeVisible();
    await filter.fill('customer_id = cust-7781');
    await app.getByRole('button', { name: 'Keep only matching' }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e4]));
    await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('2 of 2 events match');
  });

  test('deletes the matching events after a confirmation naming the count, and an empty batch offers Add event', async ({ app, harness }) => {
    await openForm(app, harness, written([e1, e4]));
    await app.getByRole('searchbox', { name: 'Filter events' }).fill('cust-7781');
    await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('2 of 2 events match');
    await app.getByRole('button', { name: 'Delete matching' }).click();
    const question = app.getByRole('alertdialog', { name: 'Delete the matching events?' });
    await expect(question).toContainText('Delete the 2 events matching “cust-7781”? Ctrl/Cmd+Z undoes it.');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(savedText(harness)).toBe('[]\n');
    await expect(app.getByText('The batch has no events yet.')).toBeVisible();
    await app.getByRole('button', { name: 'Add event' }).click();
    await expect(app.getByRole('form', { name: 'Event 1' })).toBeVisible();
    await expect.poll(async () => (JSON.parse((await savedText(harness)()) ?? '[]') as unknown[]).length).toBe(1);
  });

  test('the JSON view’s context menu acts on the event under the cursor', async ({ app, harness }) => {
    await openBatchText(app, harness, lines([e1, e2, e3]));
    const editor = app.locator('.monaco-editor').first();
    /** A click first puts the cursor on the event's line: a right-click inside a selection keeps the selection. */
    const contextMenuOn = async (token: string) => {
      const line = editor.locator('.view-line').filter({ hasText: `"${token}"` });
      // Near the line's start: Monaco's lines are a million pixels wide, so their middle is far off screen.
      await line.click({ position: { x: 40, y: 5 } });
      await line.click({ button: 'right', position: { x: 40, y: 5 } });
    };
    /**
     * An item chosen from the menu by the keyboard, once the pointer has focused it: Monaco's menu
     * takes a click that comes soon after it opened for the opening right-click's release, and
     * drops it (seen in CI, again and again on a loaded machine).
     */
    const choose = async (token: string, item: string) => {
      await contextMenuOn(token);
      const entry = app.getByRole('menuitem', { name: item });
      await entry.hover();
      await expect(entry).toBeFocused();
      await app.keyboard.press('Enter');
      await expect(app.getByRole('menu')).toBeHidden();
    };
    await choose('evt-2', 'Duplicate event');
    await expect.poll(savedText(harness)).toBe(lines([e1, e2, e2, e3]));

    await choose('evt-3', 'Move event up');
    await expect.poll(savedText(harness)).toBe(lines([e1, e2, e3, e2]));

    await choose('evt-1', 'Delete event');
    await expect.poll(savedText(harness)).toBe(lines([e2, e3, e2]));

    await contextMenuOn('evt-3');
    // In a shadow root the menu did not see Monaco's stylesheet (the page links it) and had no background.
    const menu = app.getByRole('menu').filter({ has: app.getByRole('menuitem', { name: 'Duplicate event' }) });
    expect(await menu.evaluate((element) => element.getRootNode() === document)).toBe(true);
    await saveScreenshot(app, 'json-event-context-menu');
    await app.getByRole('menuitem', { name: 'Select event in list' }).hover();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('form', { name: 'Event 2' })).toBeVisible();
    await expect(row(app, 'evt-3')).toHaveAttribute('aria-selected', 'true');

    // The palette runs the same operations, here on the event the Form view shows.
    await app.keyboard.press('ControlOrMeta+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('move event down');
    await palette.getByRole('option', { name: /Move event down/ }).click();
    await expect(palette).toBeHidden();
    await expect.poll(savedText(harness)).toBe(lines([e2, e2, e3]));
    await app.keyboard.press('ControlOrMeta+Shift+D');
    await expect.poll(savedText(harness)).toBe(lines([e2, e2, e3, e3]));
  });

  test('an import with the cursor in an event of the JSON view offers to add after it; Add event on a broken text says why nothing was added', async ({
    app,
    harness,
  }) => {
    await openBatchText(app, harness, lines([e1, e2, e3]));
    const editor = app.locator('.monaco-editor').first();
    await editor
      .locator('.view-line')
      .filter({ hasText: '"evt-2"' })
      .click({ position: { x: 40, y: 5 } });
    await app
      .getByLabel('File to import', { exact: true })
      .setInputFiles({ name: 'more.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(`${JSON.stringify(e4)}\n`) });
    const choice = app.getByRole('dialog', { name: 'Import 1 event from more.ndjson' });
    await expect(choice.getByRole('button', { name: 'Open as a new batch' })).toBeFocused();
    await saveScreenshot(app, 'import-after-cursor-event');
    await choice.getByRole('button', { name: 'Add to this batch, after event 2' }).click();
    await expect(app.getByTestId('event-count')).toHaveText('4 events');
    const tokens = async () => (JSON.parse((await savedText(harness)()) ?? '[]') as { token: string }[]).map((event) => event.token);
    await expect.poll(tokens).toEqual(['evt-1', 'evt-2', 'evt-4', 'evt-3']);

    // Cut short after its first event: the cursor is in an event, but the text is no batch.
    await openBatchText(app, harness, `[\n  ${JSON.stringify(e1)},\n  ${JSON.stringify(e2)}\n`);
    await editor
      .locator('.view-line')
      .filter({ hasText: '"evt-1"' })
      .click({ position: { x: 40, y: 5 } });
    await app.keyboard.press('ControlOrMeta+k');
    const palette = app.getByRole('dialog', { name: 'Command palette' });
    await palette.getByRole('combobox', { name: 'Command, batch or environment' }).fill('add event');
    await palette
      .getByRole('option', { name: /Add event/ })
      .first()
      .click();
    await expect(app.getByRole('list', { name: 'Notifications' })).toContainText('No event was added: the batch is not a JSON array of events yet.');
    await saveScreenshot(app, 'add-event-not-a-batch');
    expect(await savedText(harness)()).toBe(`[\n  ${JSON.stringify(e1)},\n  ${JSON.stringify(e2)}\n`);
  });

  test('under a filter, Delete, Duplicate and Transform change only the chosen events the list shows; the choice outlives the filter', async ({
    app,
    harness,
  }) => {
    await openForm(app, harness, written(events));
    const toolbar = app.getByRole('toolbar', { name: 'Event operations' });
    const list = app.getByRole('listbox', { name: 'Events' });
    const filter = app.getByRole('searchbox', { name: 'Filter events' });
    await row(app, 'evt-1').click();
    await row(app, 'evt-3').click({ modifiers: ['Shift'] });
    await row(app, 'evt-5').click({ modifiers: ['ControlOrMeta'] });
    await expect(toolbar).toContainText('4 events selected');
    // evt-1 and evt-4 are cust-7781's: of the chosen 1, 2, 3 and 5, only evt-1 is shown.
    await filter.fill('customer_id = cust-7781');
    await expect(toolbar).toContainText('4 events selected, 3 hidden by the filter: actions apply to the 1 shown');
    await saveScreenshot(app, 'event-list-selection-filtered');
    await filter.fill('');
    await expect(list.locator('[aria-selected="true"]')).toHaveCount(4);
    await filter.fill('customer_id = cust-7781');

    await app.getByRole('button', { name: 'Transform…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Transform “Test batch”' });
    await expect(dialog).toContainText('Acts on the 1 selected event.');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await toolbar.getByRole('button', { name: 'Duplicate' }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e1, e2, e3, e4, e5, e6]));
    await app.keyboard.press('ControlOrMeta+z');
    await expect.poll(savedText(harness)).toBe(written(events));

    await filter.fill('');
    await row(app, 'evt-2').click();
    await row(app, 'evt-4').click({ modifiers: ['ControlOrMeta'] });
    await filter.fill('evt-4 or evt-5');
    await expect(toolbar).toContainText('2 events selected, 1 hidden by the filter: actions apply to the 1 shown');
    await toolbar.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e2, e3, e5, e6]));
    // The keyboard stays in the list, on the next event it shows.
    await expect(list).toBeFocused();
    await expect(app.getByRole('form', { name: 'Event 4' })).toBeVisible();

    // Nothing chosen: Transform acts on what the filter shows, not on the hidden events.
    await filter.fill('customer_id = cust-7781');
    await row(app, 'evt-1').click();
    await app.getByRole('button', { name: 'Transform…' }).click();
    await expect(dialog).toContainText('Acts on the 1 event the filter shows.');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('deleting the last event, or every event, leaves the keyboard in the list, else on Add event', async ({ app, harness }) => {
    await openForm(app, harness, written([e1, e2, e3]));
    const list = app.getByRole('listbox', { name: 'Events' });
    await row(app, 'evt-3').click();
    await app.getByRole('toolbar', { name: 'Event operations' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(savedText(harness)).toBe(written([e1, e2]));
    await expect(list).toBeFocused();
    await expect(app.getByRole('form', { name: 'Event 2' })).toBeVisible();
    await app.keyboard.press('ControlOrMeta+a');
    await app.keyboard.press('Delete');
    await expect.poll(savedText(harness)).toBe('[]\n');
    await expect(app.getByRole('button', { name: 'Add event' })).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(app.getByRole('form', { name: 'Event 1' })).toBeVisible();
  });

  for (const [width, height] of [
    [1024, 700],
    [1320, 820],
    [1920, 1080],
  ] as const) {
    test(`shows every event's time whole at a ${width} px wide window`, async ({ app, harness }) => {
      await app.setViewportSize({ width, height });
      // A long customer id: it is what gives way when the list is narrow.
      await openForm(app, harness, written(events.map((one, n) => (n === 0 ? { ...one, customer_id: 'customer-with-a-rather-long-id-7781' } : one))));
      const rows = app.getByRole('listbox', { name: 'Events' }).getByRole('option');
      await expect(rows).toHaveCount(6);
      /** How far each row's created_at text reaches past the row's content box (0 or less: whole). */
      const overflows = await rows.evaluateAll((options) =>
        options.map((option) => {
          const walker = document.createTreeWalker(option, NodeFilter.SHOW_TEXT);
          let node = walker.nextNode();
          while (node && !/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(node.textContent ?? '')) node = walker.nextNode();
          if (!node) return Number.POSITIVE_INFINITY;
          const range = document.createRange();
          const at = node.textContent!.search(/\d{4}-/);
          range.setStart(node, at);
          range.setEnd(node, at + 19);
          const row = option.getBoundingClientRect();
          return range.getBoundingClientRect().right - (row.right - Number.parseFloat(getComputedStyle(option).paddingRight));
        }),
      );
      expect(
        overflows.every((past) => past <= 0.5),
        `overflows past the row: ${overflows.join(', ')}`,
      ).toBe(true);
      await saveScreenshot(app, `event-list-${width}`);
    });
  }

  test('filters and keeps one event of 100 000, and deletes one, each as one small edit', async ({ app, harness }) => {
    test.setTimeout(240_000);
    const many = Array.from({ length: 100_000 }, (_, index) => validEvent({ token: `tok_${index}`, customer_id: `customer-${index}` }));
    await openBatchText(app, harness, written(many));
    await app.getByRole('tab', { name: 'Form' }).click();
    const list = app.getByRole('listbox', { name: 'Events' });
    await expect(list.getByRole('option').first()).toContainText('tok_0', { timeout: 60_000 });
    await list.getByRole('option', { name: /^2 tok_1 / }).click();
    await app.keyboard.press('Delete');
    await expect(app.getByTestId('event-count')).toHaveText('99,999 events', { timeout: 60_000 });
    const filter = app.getByRole('searchbox', { name: 'Filter events' });
    await filter.fill('customer_id = customer-77777');
    await expect(app.getByRole('search', { name: 'Filter events' })).toContainText('1 of 99,999 events match', { timeout: 60_000 });
    await app.getByRole('button', { name: 'Keep only matching' }).click();
    await expect(app.getByTestId('event-count')).toHaveText('1 event', { timeout: 60_000 });
    await expect.poll(savedText(harness), { timeout: 60_000 }).toBe(written([many[77_777]]));
  });
});
