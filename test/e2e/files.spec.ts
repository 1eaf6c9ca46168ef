import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();

test.use({ harnessOptions: { dialogs } });

test('opens a batch file as it is, saves it back with Ctrl+S, saves as another, and lists both as recent', async ({ app }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-files-'));
  const original = path.join(folder, 'checkout.json');
  const copy = path.join(folder, 'checkout-copy.json');
  await writeFile(original, '[\n    { "token": "from-disk", "svc_id": 3 }\n]\n');

  answers.push(original);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'checkout.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.locator('.monaco-editor').first()).toContainText('"from-disk"');

  await app.locator('.monaco-editor').first().click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// edited');
  await app.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => readFile(original, 'utf8')).toBe('[\n    { "token": "from-disk", "svc_id": 3 }\n]\n// edited');

  answers.push(copy);
  await app.getByRole('button', { name: 'More', exact: true }).click();
  await app.getByRole('button', { name: 'Save as…' }).click();
  await expect(app.getByRole('tab', { name: 'checkout-copy.json' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => readFile(copy, 'utf8')).toContain('// edited');

  const recent = app.getByLabel('Recent files');
  await expect(recent.locator('option')).toHaveText(['Recent…', 'checkout-copy.json', 'checkout.json']);
  await app.getByRole('button', { name: 'More', exact: true }).click();
  await recent.selectOption({ label: 'checkout.json' });
  await expect(app.getByRole('tab', { name: 'checkout.json' })).toHaveAttribute('aria-selected', 'true');
});

test('an NDJSON file opens as a new batch of its events, never to be saved over as JSON', async ({ app }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-files-'));
  const file = path.join(folder, 'captured.ndjson');
  const lines = '{"token": "one", "svc_id": 1}\n{"token": "two", "svc_id": 2}\n';
  await writeFile(file, lines);
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'captured' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByText('captured.ndjson is NDJSON: its 2 events opened as a new batch; Save writes a .json file.')).toBeVisible();
  await expect(app.getByTestId('event-count')).toHaveText('2 events');
  await expect(app.locator('.monaco-editor').first()).toContainText('"two"');
  await expect(app.getByRole('region', { name: 'Problems' })).not.toContainText('not valid JSON');
  expect(await readFile(file, 'utf8')).toBe(lines);
});

test('cancelling the dialogs changes nothing', async ({ app }) => {
  const tabs = app.getByRole('tablist', { name: 'Open batches' }).getByRole('tab');
  await expect(tabs).toHaveCount(1);
  answers.push(null, null);
  await app.getByRole('button', { name: 'Open…' }).click();
  await app.getByRole('button', { name: 'More', exact: true }).click();
  await app.getByRole('button', { name: 'Save as…' }).click();
  await expect.poll(() => answers.length).toBe(0);
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toHaveText('Batch 1');
});

test('closing a file’s tab with changes asks Save, Don’t save or Cancel, in the app’s own dialog; with none it asks nothing', async ({ app }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-files-'));
  const file = path.join(folder, 'orders.json');
  await writeFile(file, '[{ "token": "on-disk" }]\n');
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  const tab = app.getByRole('tab', { name: 'orders.json' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');

  await app.locator('.monaco-editor').first().click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// unsaved');
  const question = app.getByRole('alertdialog', { name: 'Save “orders.json” before closing it?' });
  await app.keyboard.press('ControlOrMeta+w');
  await expect(question).toContainText(`Changes since it was last saved to ${file} will be gone unless you save them.`);
  // Save is what Enter does; Escape is Cancel, and the tab stays.
  await expect(question.getByRole('button', { name: 'Save', exact: true })).toBeFocused();
  await saveScreenshot(app, 'close-unsaved-tab');
  await app.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(tab).toBeVisible();

  // Save from the question writes the file, then closes the tab.
  await app.keyboard.press('ControlOrMeta+w');
  await question.getByRole('button', { name: 'Save', exact: true }).press('Enter');
  await expect(tab).toBeHidden();
  await expect.poll(() => readFile(file, 'utf8')).toContain('// unsaved');

  // Don't save closes it and leaves the file as it was.
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await app.locator('.monaco-editor').first().click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// thrown away');
  await app.keyboard.press('ControlOrMeta+w');
  await question.getByRole('button', { name: 'Don’t save' }).click();
  await expect(tab).toBeHidden();
  expect(await readFile(file, 'utf8')).not.toContain('// thrown away');

  // A tab with nothing unsaved closes at once.
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('ControlOrMeta+w');
  await expect(tab).toBeHidden();
  await expect(app.getByRole('alertdialog')).toHaveCount(0);
});

test('Import and Export from the native menu, where the page has no click to open a chooser with', async ({ app, harness }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-files-'));
  const file = path.join(folder, 'from-support.ndjson');
  await writeFile(file, '{"token": "first", "svc_id": 1}\n{"token": "second", "svc_id": 2}\n');
  answers.push(file);
  // Commands are there once the composer is (it loads with the editor), and pushes once the page listens.
  await expect(app.locator('.monaco-editor').first()).toBeVisible();
  await expect.poll(() => harness.listening()).toBe(1);
  harness.push('app:command', { command: 'batch.import' });
  // The open batch has an event: asked where these go, Enter keeps the batch as it is.
  await expect(
    app.getByRole('dialog', { name: 'Import 2 events from from-support.ndjson' }).getByRole('button', { name: 'Open as a new batch' }),
  ).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('tab', { name: 'from-support' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByText('Imported 2 events from from-support.ndjson.')).toBeVisible();
  await expect(app.locator('.monaco-editor').first()).toContainText('"second"');
  // Imported, not opened: the file joins no recent list.
  await expect(app.getByLabel('Recent files').locator('option')).toHaveText(['No recent files']);

  harness.push('app:command', { command: 'batch.export' });
  const choice = app.getByRole('dialog', { name: 'Export “from-support” as' });
  await expect(choice.getByRole('button', { name: 'JSON', exact: true })).toBeFocused();
  await saveScreenshot(app, 'export-choice');
  const download = app.waitForEvent('download');
  await choice.getByRole('button', { name: 'NDJSON' }).press('Enter');
  expect((await download).suggestedFilename()).toBe('from-support.ndjson');
  await expect(choice).toBeHidden();
});
