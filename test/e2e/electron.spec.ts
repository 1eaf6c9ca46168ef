import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { channelNames, pushNames } from '../../app/common/ipc.ts';
import { electronApp, electronSkipReason } from './support/electron-binary.ts';
import { saveScreenshot } from './support/fixtures.ts';

// The checkout's Electron, or the packaged app $EVENTDESK_ELECTRON_APP names (the CI's packaged-app job).
const launched = electronApp();

test.skip(launched === null, electronSkipReason);

/** Launches the app with a fresh data folder; `args` come after the app's own (none when packaged). */
function launch(dataFolder: string, args: string[] = []) {
  return electron.launch({
    executablePath: launched!.executablePath,
    args: [...launched!.args, ...args],
    env: { ...process.env, EVENTDESK_DATA_DIR: dataFolder },
  });
}

test('the real app starts sandboxed, from app://, and shows app:info from the main process', async () => {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electron-'));
  const app = await launch(dataFolder);
  try {
    const page = await app.firstWindow();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    expect(page.url()).toBe('app://eventdesk/index.html');
    // The services' thread opened the history in the fresh data folder.
    await expect.poll(() => existsSync(path.join(dataFolder, 'submissions.sqlite'))).toBe(true);

    // No Node in the page, and only the named bridge.
    expect(await page.evaluate(() => ['require', 'process', 'module'].map((name) => typeof (globalThis as Record<string, unknown>)[name]))).toEqual([
      'undefined',
      'undefined',
      'undefined',
    ]);
    const domains = [...new Set([...channelNames, ...pushNames].map((name) => name.split(':')[0]))].sort();
    expect((await page.evaluate(() => Object.keys(window.eventdesk ?? {}))).sort()).toEqual(domains);

    // Navigation and new windows are refused.
    await page.evaluate(() => {
      location.href = 'https://example.com/';
    });
    expect(await page.evaluate(() => window.open('https://example.com/'))).toBeNull();
    await expect.poll(() => page.url()).toBe('app://eventdesk/index.html');
    expect(app.windows()).toHaveLength(1);

    await page.keyboard.press('F1');
    const about = page.getByRole('dialog', { name: 'About EventDesk' });
    await expect(about.getByTestId('about-data-folder')).toHaveText(dataFolder);
    await expect(about).toContainText('Electron');
    await saveScreenshot(page, 'electron-about');
    await page.keyboard.press('Escape');

    // The embedded sandbox runs inside the app, and its demo login works through net.fetch.
    await page.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in to Local sandbox' });
    await login.getByRole('button', { name: 'Fill in' }).click();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('session-countdown')).toContainText('expires in');

    // The sandbox captured that login, through its writer thread (loaded from the asar when packaged).
    await page.getByRole('tab', { name: 'Sandbox' }).click();
    await expect(page.getByRole('list', { name: 'Requests, newest first' }).getByRole('listitem').locator('.reason')).toHaveText(['logged in']);
    await expect(page.getByTestId('capture-kept')).toContainText('Kept: 1 request');
    expect(existsSync(path.join(dataFolder, 'capture.sqlite'))).toBe(true);
  } finally {
    await app.close();
  }
});

test('the real app checks a batch against a tracking plan, its validators imported from app://', async () => {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electron-'));
  const batchFile = path.join(dataFolder, 'purchase.json');
  await writeFile(
    batchFile,
    `${JSON.stringify([{ token: 'purchase', customer_id: 'c-42', device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', svc_id: 7, created_at: '2026-01-30 10:00:00', attributes: { spend: '12.50', currency: 'YEN' } }], null, 4)}\n`,
  );
  const planFile = path.join(dataFolder, 'shop.plan.json');
  await writeFile(planFile, await readFile(path.resolve(import.meta.dirname, '../fixtures/plans/shop.plan.json'), 'utf8'));

  const app = await launch(dataFolder, [batchFile]);
  try {
    const page = await app.firstWindow();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByRole('tab', { name: 'purchase.json' })).toHaveAttribute('aria-selected', 'true');
    // The OS's open dialog, which Playwright cannot click, chooses the plan.
    await app.evaluate(({ dialog }, file) => {
      dialog.showOpenDialog = (async () => ({ canceled: false, filePaths: [file] })) as typeof dialog.showOpenDialog;
    }, planFile);

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Local sandbox' });
    const planField = edit.getByRole('group', { name: 'Tracking plan' });
    await planField.getByRole('button', { name: 'Choose…' }).click();
    await expect(planField.getByTestId('plan-file-name')).toHaveText('shop.plan.json');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    const problems = page.getByRole('region', { name: 'Problems' });
    await expect(problems.getByTestId('plan-status')).toContainText('Checked against the tracking plan “shop” v3 (1 kind) from shop.plan.json');
    await expect(problems).toContainText('expected one of "EUR", "USD", "GBP", saw "YEN"');
    await saveScreenshot(page, 'electron-plan-check');
  } finally {
    await app.close();
  }
});

test('the real app opens the file it was launched with, has its menus, logs, and remembers its window', async () => {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electron-'));
  const batchFile = path.join(dataFolder, 'launched-with.json');
  await writeFile(batchFile, '[{"token":"from-the-os"}]\n');
  const app = await launch(dataFolder, [batchFile]);
  try {
    const page = await app.firstWindow();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByRole('tab', { name: 'launched-with.json' })).toHaveAttribute('aria-selected', 'true');

    const menus = await app.evaluate(({ Menu }) =>
      // Labels carry their mnemonics ("&File"); the accelerators are as app/common/commands.ts writes them.
      (Menu.getApplicationMenu()?.items ?? []).map((item) => ({
        label: item.label.replaceAll('&', ''),
        items: (item.submenu?.items ?? []).map((child) => `${child.label.replaceAll('&', '')}${child.accelerator ? ` ${child.accelerator}` : ''}`),
      })),
    );
    expect(menus.map((menu) => menu.label)).toEqual(expect.arrayContaining(['File', 'Edit', 'View', 'Send', 'Help']));
    expect(menus.find((menu) => menu.label === 'Send')?.items).toEqual(expect.arrayContaining(['Send batch CmdOrCtrl+Enter']));
    expect(menus.find((menu) => menu.label === 'Help')?.items.join('\n')).toContain('Export diagnostics');
  } finally {
    await app.close();
  }
  expect(await readFile(path.join(dataFolder, 'logs', 'eventdesk.log'), 'utf8')).toContain('EventDesk started');
  expect(JSON.parse(await readFile(path.join(dataFolder, 'window-state.json'), 'utf8'))).toHaveProperty('bounds');
});
