import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { starterFiles } from '../../features/workspace/node/starter.ts';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/**
 * A workspace in the app (issue #18): opened from main's folder dialog, its files in the
 * sidebar, a batch opened, edited and saved back to its file, and a file changed on disk (a git
 * pull) reloaded, or asked about when its tab has unsaved edits.
 */

const { answers, dialogs } = scriptedDialogs();

test.use({ harnessOptions: { dialogs } });

/** The workspace `eventdesk init` writes, in a fresh folder. */
async function starterWorkspace(): Promise<string> {
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-workspace-')), 'shop');
  for (const file of starterFiles('Shop events')) {
    const target = path.join(root, ...file.path.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.text);
  }
  return root;
}

/** File → Open Workspace…, as the palette runs it; the folder dialog answers `folder`. */
async function openWorkspace(app: Page, folder: string): Promise<void> {
  answers.push(folder);
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('open workspace');
  await app.keyboard.press('Enter');
  await expect(palette).toBeHidden();
}

const editor = (app: Page) => app.locator('.monaco-editor').first();

test('opens a workspace, opens a batch from the sidebar, and saves the edit to its file', async ({ app }) => {
  const root = await starterWorkspace();
  await openWorkspace(app, path.join(root, 'batches'));
  const sidebar = app.getByTestId('workspace-panel');
  await expect(sidebar.getByRole('heading', { name: 'Workspace Shop events' })).toBeVisible();
  const tree = sidebar.getByRole('tree', { name: 'Files of the workspace Shop events' });
  await expect(tree.getByRole('treeitem')).toHaveText([
    '▾Environments (1)',
    'sandbox',
    '▾Batches (1)',
    'purchase',
    '▾Plans (1)',
    'shop',
    '▾Scenarios (1)',
    'Smoke',
  ]);
  await saveScreenshot(app, 'workspace-sidebar');

  // The keyboard reaches the batch and opens it as its file.
  await tree.getByRole('treeitem', { name: 'Environments (1)' }).focus();
  for (let step = 0; step < 3; step++) await app.keyboard.press('ArrowDown');
  await expect(tree.getByRole('treeitem', { name: 'purchase' })).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByRole('tab', { name: 'purchase.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(tree.getByRole('treeitem', { name: 'purchase' })).toHaveAttribute('aria-selected', 'true');
  await expect(editor(app)).toContainText('customer-1');

  const file = path.join(root, 'batches', 'purchase.json');
  const before = await readFile(file, 'utf8');
  await editor(app).click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// checked by QA');
  await app.keyboard.press('ControlOrMeta+s');
  await expect.poll(() => readFile(file, 'utf8')).toBe(`${before}// checked by QA`);
  await expect(app.getByText(`Saved to ${file}.`)).toBeVisible();

  // Its environment joins the picker, and the History screen says whose sends it shows.
  const picker = app.getByRole('listbox', { name: 'Environments' });
  await picker.getByRole('option', { name: 'sandbox', exact: true }).click();
  await expect(app.getByTestId('active-environment')).toHaveText('sandbox');
  await app.getByRole('tab', { name: 'History' }).click();
  await expect(app.getByTestId('history-owner')).toHaveText('Sends of the workspace Shop events');
});

test('reloads a batch changed on disk, and asks first when its tab has unsaved edits', async ({ app }) => {
  const root = await starterWorkspace();
  await openWorkspace(app, root);
  await app.getByTestId('workspace-panel').getByRole('treeitem', { name: 'purchase' }).click();
  await expect(app.getByRole('tab', { name: 'purchase.json' })).toHaveAttribute('aria-selected', 'true');
  const file = path.join(root, 'batches', 'purchase.json');

  // A git pull: the file changes, the tab has no edits, so it takes the new text.
  await writeFile(file, '[\n  { "token": "pulled-once" }\n]\n');
  await expect(editor(app)).toContainText('pulled-once');
  await expect(app.getByText('batches/purchase.json changed on disk and was reloaded.')).toBeVisible();

  // With edits of its own, the tab asks.
  await editor(app).click();
  await app.keyboard.press('ControlOrMeta+End');
  await app.keyboard.type('// mine');
  await writeFile(file, '[\n  { "token": "pulled-twice" }\n]\n');
  const question = app.getByRole('dialog', { name: 'batches/purchase.json changed on disk' });
  await expect(question).toBeVisible();
  await saveScreenshot(app, 'workspace-reload-question');
  await question.getByRole('button', { name: 'Load theirs' }).click();
  await expect(question).toBeHidden();
  await expect(editor(app)).toContainText('pulled-twice');
  await expect(editor(app)).not.toContainText('// mine');

  // A new file on disk appears in the sidebar.
  await writeFile(path.join(root, 'batches', 'refund.json'), '[]\n');
  await expect(app.getByTestId('workspace-panel').getByRole('treeitem', { name: 'refund' })).toBeVisible();
});

test('shows what to add to an empty workspace, a broken file with its place, and says when a folder is no workspace', async ({ app }) => {
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-workspace-')), 'empty');
  await mkdir(path.join(root, 'scenarios'), { recursive: true });
  await writeFile(path.join(root, 'eventdesk.json'), '{ "format": "eventdesk.workspace", "version": 1, "name": "Fresh" }\n');
  await openWorkspace(app, root);
  const sidebar = app.getByTestId('workspace-panel');
  await expect(sidebar.getByRole('treeitem', { name: 'No scenarios yet: add scenarios/*.scenario.json' })).toBeVisible();
  await expect(sidebar.getByRole('treeitem', { name: 'No batches yet: add batches/*.json' })).toBeVisible();
  await saveScreenshot(app, 'workspace-empty');

  await writeFile(path.join(root, 'scenarios', 'broken.scenario.json'), '{\n  "format": "eventdesk.scenario",\n  "steps": [\n');
  const problems = sidebar.getByRole('region', { name: '1 problem' });
  await expect(problems).toContainText('scenarios/broken.scenario.json:4:1: not valid JSON');
  await expect(sidebar.getByRole('treeitem', { name: /broken/ })).toContainText('1');
  await saveScreenshot(app, 'workspace-problem');

  const plain = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-plain-'));
  await openWorkspace(app, plain);
  await expect(app.getByText(`The workspace could not be opened: ${plain} is not inside a workspace`)).toBeVisible();
  // The workspace open before stays open.
  await expect(sidebar.getByRole('heading', { name: 'Workspace Fresh' })).toBeVisible();
});
