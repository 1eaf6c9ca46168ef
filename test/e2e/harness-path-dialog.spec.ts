import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

// A person walking the app in a browser (`npm run harness`) has no OS file dialog: the harness
// asks for the path in a dialog of its own, so Open…, Replay and Open workspace… never do nothing.
test.use({ harnessOptions: { dialogs: 'page' } });

const events = [
  {
    token: 'evt-purchase',
    customer_id: 'cust-7781',
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 1001,
    created_at: '2026-11-22 10:00:00',
    attributes: { plan: 'pro' },
  },
];

test("opens, replays and saves files through the harness's path dialog, and a cancelled one leaves all as it was", async ({ app }) => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-path-dialog-'));
  const file = path.join(folder, 'purchase.json');
  await writeFile(file, `${JSON.stringify(events, null, 2)}\n`);

  await app.getByRole('button', { name: 'Open…' }).click();
  const open = app.getByRole('dialog', { name: 'Open a batch file' });
  await expect(open.getByRole('textbox', { name: 'Path' })).toBeFocused();
  await open.getByRole('textbox', { name: 'Path' }).fill(file);
  await saveScreenshot(app, 'harness-path-dialog');
  await app.keyboard.press('Enter');
  await expect(open).toBeHidden();
  await expect(app.getByRole('tab', { name: 'purchase.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(app.locator('.monaco-editor').first()).toContainText('cust-7781');

  // Save as: the field starts at the name the app suggests, a path typed there is written.
  await app.getByRole('button', { name: 'More', exact: true }).click();
  await app.getByRole('button', { name: 'Save as…' }).click();
  const save = app.getByRole('dialog', { name: 'Save as' });
  await expect(save.getByRole('textbox', { name: 'Path' })).toHaveValue(/purchase\.json$/);
  const copy = path.join(folder, 'copy.json');
  await save.getByRole('textbox', { name: 'Path' }).fill(copy);
  await save.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => readFile(copy, 'utf8').catch(() => '')).toContain('cust-7781');

  // The palette's replay of a file asks too, and opens the Replay dialog on its events.
  await app.getByRole('button', { name: 'Commands' }).click();
  await app.keyboard.type("Replay a file's events");
  await app.keyboard.press('Enter');
  const importing = app.getByRole('dialog', { name: /^Import events from a file/ });
  await importing.getByRole('textbox', { name: 'Path' }).fill(file);
  await app.keyboard.press('Enter');
  const replay = app.getByRole('dialog', { name: 'Replay events' });
  await expect(replay).toBeVisible();
  await replay
    .getByRole('button', { name: 'Cancel' })
    .or(replay.getByRole('button', { name: 'Close' }))
    .first()
    .click();
  await expect(replay).toBeHidden();

  // Open workspace… asks for a folder; Escape cancels, and no workspace opens.
  await app.getByRole('tab', { name: 'Runs' }).click();
  await app.getByRole('button', { name: 'Open workspace…' }).click();
  const workspace = app.getByRole('dialog', { name: 'Open a workspace folder' });
  await expect(workspace.getByRole('textbox', { name: 'Path' })).toBeFocused();
  await app.keyboard.press('Escape');
  await expect(workspace).toBeHidden();
  await expect(app.getByRole('button', { name: 'Open workspace…' })).toBeVisible();
});
