import { _electron as electron, expect, test } from '@playwright/test';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { channelNames, pushNames } from '../../shared/ipc.ts';
import { electronBinary, electronSkipReason } from './support/electron-binary.ts';
import { saveScreenshot } from './support/fixtures.ts';

const binary = electronBinary();
const projectRoot = path.resolve(import.meta.dirname, '../..');

test.skip(binary === null, electronSkipReason);

test('the real app starts sandboxed, from app://, and shows app:info from the main process', async () => {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: [projectRoot],
    env: { ...process.env, EVENTDESK_DATA_DIR: dataFolder },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    expect(page.url()).toBe('app://eventdesk/index.html');

    // No Node in the page, and only the named bridge.
    expect(await page.evaluate(() => ['require', 'process', 'module'].map((name) => typeof (globalThis as Record<string, unknown>)[name]))).toEqual(['undefined', 'undefined', 'undefined']);
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
  } finally {
    await app.close();
  }
});

test('the real app opens the file it was launched with, has its menus, logs, and remembers its window', async () => {
  const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-electron-'));
  const batchFile = path.join(dataFolder, 'launched-with.json');
  await writeFile(batchFile, '[{"token":"from-the-os"}]\n');
  const launch = (args: string[]) => electron.launch({ executablePath: binary!, args: [projectRoot, ...args], env: { ...process.env, EVENTDESK_DATA_DIR: dataFolder } });

  const app = await launch([batchFile]);
  try {
    const page = await app.firstWindow();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByRole('tab', { name: 'launched-with.json' })).toHaveAttribute('aria-selected', 'true');

    const menus = await app.evaluate(({ Menu }) =>
      // Labels carry their mnemonics ("&File"); the accelerators are as shared/commands.ts writes them.
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
