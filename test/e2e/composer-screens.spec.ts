import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/**
 * The composer at the sizes users have it (1320×820, and 1024×768): the Form view's list is the
 * main thing, the toolbar keeps to its line, the tab strip never cuts its first tab, and the JSON
 * view follows the Form view to the event it was on (issue 32, item 12).
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const batch = `${JSON.stringify(
  Array.from({ length: 40 }, (_, n) => ({
    token: `evt-${n + 1}`,
    customer_id: `customer-${n + 1}`,
    device_id: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
    svc_id: 1001,
    created_at: '2026-11-20 10:00:00',
    attributes: { screen: 'home', plan: 'pro' },
  })),
  null,
  2,
)}\n`;

const height = async (locator: Locator) => (await locator.boundingBox())!.height;

/** How far the tab strip is scrolled, and how many of its tabs straddle its left edge (cut, as "atch 2"). */
const tabStripEdge = (page: Page) =>
  page.getByRole('tablist', { name: 'Open batches' }).evaluate((list) => {
    const left = list.getBoundingClientRect().left;
    const cut = [...list.children].map((tab) => tab.getBoundingClientRect()).filter((box) => box.left < left - 0.5 && box.right > left + 0.5);
    return { scrolled: list.scrollLeft, cut: cut.length };
  });

/** How many lines of buttons the editor's toolbar takes: its height over one button's. */
async function toolbarLines(page: Page): Promise<number> {
  const toolbar = page.getByTestId('editor-toolbar');
  const send = toolbar.getByRole('button', { name: 'Send', exact: true });
  return Math.round((await height(toolbar)) / ((await height(send)) + 8));
}

for (const [width, tall, rows, lines] of [
  [1320, 820, 10, 1],
  [1024, 768, 7, 2],
] as const) {
  test(`at ${width}×${tall} the Form view gives its room to the events, and the toolbar keeps to ${lines} line(s)`, async ({ app, harness }) => {
    await app.setViewportSize({ width, height: tall });
    await openBatchText(app, harness, batch);
    expect(await toolbarLines(app)).toBeLessThanOrEqual(lines);
    expect((await tabStripEdge(app)).cut).toBe(0);
    // Both tabs fit: both are shown, the strip not scrolled past the first.
    await expect(app.getByRole('tab', { name: 'Batch 1', exact: true })).toBeInViewport({ ratio: 1 });
    // A clean batch: the Problems pane is one line that says so.
    const problems = app.getByRole('region', { name: 'Problems' });
    await expect(problems).toContainText('No problems');
    expect(await height(problems)).toBeLessThan(50);
    await saveScreenshot(app, `composer-json-${width}`);
    // What the toolbar has no room for is one key away, and Escape puts it away.
    const more = app.getByRole('button', { name: 'More', exact: true });
    await more.focus();
    await app.keyboard.press('Enter');
    const panel = app.getByRole('group', { name: 'More batch actions' });
    await expect(panel.getByRole('button', { name: 'Save as…' })).toBeVisible();
    await expect(panel.getByLabel('Export as')).toBeVisible();
    await app.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Save as…' })).toBeFocused();
    await saveScreenshot(app, `composer-more-${width}`);
    await app.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await app.getByRole('tab', { name: 'Form' }).click();
    const list = app.getByRole('listbox', { name: 'Events' });
    expect(Math.floor((await height(list)) / 44)).toBeGreaterThanOrEqual(rows);
    // The copies are folded away below the fields, not above the token.
    const form = app.getByRole('form', { name: 'Event 1' });
    const copies = form.getByText('Generate copies of this event…');
    expect((await copies.boundingBox())!.y).toBeGreaterThan((await form.getByRole('textbox', { name: 'token' }).boundingBox())!.y);
    await expect(form.getByLabel('How many copies to generate')).toBeHidden();
    await saveScreenshot(app, `composer-form-${width}`);
  });
}

test('after editing the last event in the Form view, the JSON view opens at that event', async ({ app, harness }) => {
  await openBatchText(app, harness, batch);
  await app.getByRole('tab', { name: 'Form' }).click();
  await app.getByRole('listbox', { name: 'Events' }).focus();
  await app.keyboard.press('End');
  const token = app.getByRole('form', { name: 'Event 40' }).getByRole('textbox', { name: 'token' });
  await token.fill('edited-last');
  await token.press('Enter');
  await app.getByRole('tab', { name: 'JSON' }).click();
  const editor = app.locator('.monaco-editor').first();
  await expect(editor.locator('.view-lines')).toContainText('"edited-last"');
  // Event 40 starts on line 2 + 39 × 11.
  await expect(editor.locator('.line-numbers.active-line-number')).toHaveText('431');
  await saveScreenshot(app, 'composer-json-at-form-event');
});

test('the palette says why "Undo in the Form view" cannot run while the batch is in the JSON view', async ({ app, harness }) => {
  await openBatchText(app, harness, batch);
  await app.keyboard.press('ControlOrMeta+k');
  await app.keyboard.type('Undo in the Form');
  const undo = app.getByRole('option', { name: /Undo in the Form view/ });
  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  await expect(undo).toContainText('Works in the Form view');
  await expect(undo).not.toContainText('No batch is open');
  await saveScreenshot(app, 'composer-palette-undo-reason');
});

test('the tab strip shows the active tab whole and never cuts the first one shown; two files of one name get two names', async ({ app }) => {
  const strip = app.getByRole('tablist', { name: 'Open batches' });
  for (let created = 0; created < 10; created++) await app.getByRole('button', { name: 'New batch' }).click();
  const active = strip.getByRole('tab', { selected: true });
  await expect(active).toHaveText('Batch 11');
  await expect(active).toBeInViewport({ ratio: 1 });
  // Scrolled, and no tab straddles the strip's left edge.
  const edge = await tabStripEdge(app);
  expect(edge.scrolled).toBeGreaterThan(0);
  expect(edge.cut).toBe(0);
  await saveScreenshot(app, 'composer-tabs-scrolled');

  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-names-'));
  for (const customer of ['4711', '4712']) {
    await mkdir(path.join(folder, customer));
    await writeFile(path.join(folder, customer, 'batch.json'), `[{ "token": "case-${customer}" }]\n`);
    answers.push(path.join(folder, customer, 'batch.json'));
    await app.getByRole('button', { name: 'Open…' }).click();
  }
  await expect(strip.getByRole('tab', { name: 'batch.json', exact: true })).toHaveCount(1);
  await expect(strip.getByRole('tab', { name: 'batch.json (4712)', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: 'batch.json (4712)', exact: true })).toBeInViewport({ ratio: 1 });
  await saveScreenshot(app, 'composer-tabs-distinct-names');
});
