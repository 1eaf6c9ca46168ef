import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bigBatchText } from '../fixtures/big-batch.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

test('a 100 000-event file shows its progress while it loads, and ends in the editor, counted and editable', async ({ app }) => {
  test.setTimeout(120_000);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-big-')), 'day.json');
  await writeFile(file, bigBatchText(100_000));
  // The page is busy while the editor takes 27 MB: what it showed is recorded in the page, as it showed it.
  await app.evaluate(() => {
    const seen: string[] = [];
    Object.assign(window, { progressSeen: seen });
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"], progress')) seen.push(`${bar.getAttribute('aria-label')}: ${bar.getAttribute('aria-valuetext')}`);
    }).observe(document.body, { childList: true, subtree: true });
  });

  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'day.json' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await expect(app.getByTestId('event-count')).toHaveText('100,000 events', { timeout: 60_000 });
  await expect(app.getByRole('progressbar')).toHaveCount(0);
  expect(await app.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).toContain('Opening day.json: Loading day.json (27.5 MB) into the editor…');

  await app.locator('.monaco-editor').first().click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// read to the end');
  await expect(app.locator('.monaco-editor .view-lines').first()).toContainText('// read to the end');
  await saveScreenshot(app, 'open-big-file-done');
});

test('a slow read of a recent file shows its progress after a moment, then the file', async ({ app }) => {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-big-')), 'slow.json');
  await writeFile(file, bigBatchText(3));
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'slow.json' })).toHaveAttribute('aria-selected', 'true');
  await app.getByRole('tab', { name: 'slow.json' }).press('Delete');
  await expect(app.getByRole('tab', { name: 'slow.json' })).toHaveCount(0);

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await app.route('**/__harness/ipc/files%3AopenRecent', async (route) => {
    await released;
    await route.continue();
  });
  await app.getByLabel('Recent files').selectOption({ label: 'slow.json' });
  const progress = app.getByRole('progressbar', { name: 'Opening slow.json' });
  await expect(progress).toBeVisible();
  await expect(app.getByTestId('opening-progress')).toHaveText('Reading slow.json…');
  await saveScreenshot(app, 'open-file-progress');
  release();
  await expect(app.getByRole('tab', { name: 'slow.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(progress).toHaveCount(0);
  await expect(app.getByTestId('event-count')).toHaveText('3 events');
});
