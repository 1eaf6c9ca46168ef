import type { Page } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bigBatchText } from '../fixtures/big-batch.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, logInWithDemo, saveScreenshot, test } from './support/fixtures.ts';

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

/**
 * Records in the page every progress bar it shows, and how the composer looks while the batch's
 * model is built: the page is busy then, too busy to be asked.
 */
function recordProgress(app: Page): Promise<void> {
  return app.evaluate(() => {
    const seen: string[] = [];
    const whileLoading = new Set<string>();
    Object.assign(window, { progressSeen: seen, whileLoading });
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"], progress'))
        seen.push(`${bar.getAttribute('aria-label')}: ${bar.getAttribute('aria-valuetext')}`);
      const status = document.querySelector('.loading-over');
      if (!status) return;
      const button = (name: string) =>
        [...document.querySelectorAll<HTMLButtonElement>('[data-testid="editor-toolbar"] button')].find((one) => one.textContent === name);
      const view = document.querySelector('.batch-view')!.getBoundingClientRect().height;
      const editor = document.querySelector('[data-testid="batch-editor"]')!.getBoundingClientRect().height;
      whileLoading.add(
        [
          status.textContent,
          ...['Import…', 'Transform…'].map((name) => `${name} ${button(name)?.disabled ? 'disabled' : 'enabled'}: ${button(name)?.title}`),
          `editor ${editor === view ? 'fills the view' : `${editor} of ${view} px`}`,
          `typing ${document.querySelector<HTMLTextAreaElement>('.monaco-editor textarea')?.readOnly ? 'refused' : 'taken'}`,
        ].join('; '),
      );
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}
/** Records every label the composer's Send button shows from now on. */
function recordSendLabels(app: Page): Promise<void> {
  return app.evaluate(() => {
    const seen = new Set<string>();
    Object.assign(window, { sendLabels: seen });
    new MutationObserver(() => {
      for (const button of document.querySelectorAll('[data-testid="editor-toolbar"] button.primary')) seen.add(button.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}
const sendLabels = (app: Page) => app.evaluate(() => [...(window as unknown as { sendLabels: Set<string> }).sendLabels]);
const progressSeen = (app: Page) => app.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
const whileLoading = (app: Page) => app.evaluate(() => [...(window as unknown as { whileLoading: Set<string> }).whileLoading]);

test('a 100 000-event file shows its progress while it loads, and ends in the editor, counted and editable', async ({ app }) => {
  test.setTimeout(120_000);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-big-')), 'day.json');
  await writeFile(file, bigBatchText(100_000));
  await recordProgress(app);

  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'day.json' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  await expect(app.getByTestId('event-count')).toHaveText('100,000 events', { timeout: 60_000 });
  await expect(app.getByRole('progressbar')).toHaveCount(0);
  expect(await progressSeen(app)).toContain('Opening day.json: Loading day.json (27.5 MB) into the editor…');
  // While the model is built: said over the editor, which keeps its size and takes no typing (it
  // would be lost), and what waits for the model is there, disabled, saying why.
  const waits = 'Waits until “day.json” is loaded into the editor';
  expect(await whileLoading(app)).toContain(
    `Loading “day.json” into the editor…; Import… disabled: ${waits}; Transform… disabled: ${waits}; editor fills the view; typing refused`,
  );

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
  await app.getByRole('button', { name: 'More', exact: true }).click();
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

test('a big file the OS hands over while the app runs arrives whole, with its progress', async ({ app, harness }) => {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-big-')), 'handed.json');
  const text = bigBatchText(20_000);
  await writeFile(file, text);
  await recordProgress(app);
  await harness.services.openedFiles.openFromOs(file);
  await expect(app.getByRole('tab', { name: 'handed.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.getByTestId('event-count')).toHaveText('20,000 events');
  expect(await progressSeen(app)).toContain('Opening handed.json: Loading handed.json (5.5 MB) into the editor…');
  await app.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(app.getByText(`Saved to ${file}.`)).toBeVisible();
  expect(await readFile(file, 'utf8')).toBe(text);
});

test('Send pressed while a big file is still loading waits for its check, and asks about its errors before anything goes', async ({ app, harness }) => {
  test.setTimeout(120_000);
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-big-')), 'broken.json');
  await writeFile(file, bigBatchText(100_000).replace('"svc_id": 1000', '"svc_id": "one thousand"'));
  await logInWithDemo(app);
  await recordSendLabels(app);

  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(app.getByRole('tab', { name: 'broken.json' })).toHaveAttribute('aria-selected', 'true', { timeout: 60_000 });
  // At once: the batch is still being loaded and checked.
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  const question = app.getByRole('alertdialog', { name: 'Send a batch with errors?' });
  await expect(question.getByTestId('send-warning-counts')).toHaveText('The batch has 1 error and 0 warnings.', { timeout: 60_000 });
  // It was pressed while the check was under way, and said so.
  expect(await sendLabels(app)).toContain('Checking…');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  expect(await harness.services.submissions.list({ limit: 1 })).toEqual([]);
});
