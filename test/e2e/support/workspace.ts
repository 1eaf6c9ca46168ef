import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { initCommand } from '../../../app/cli/init/init.ts';
import type { Harness } from '../../harness/server.ts';

/**
 * A workspace fresh from `eventdesk init` in a new folder, its environment pointed at the
 * harness's sandbox (which listens on a port of its own); everything else as init wrote it.
 */
export async function freshWorkspace(harness: Harness, name: string): Promise<string> {
  const root = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-')), name);
  expect(await initCommand([root], { stdout: () => undefined, stderr: () => undefined })).toBe(0);
  const environmentFile = path.join(root, 'environments', 'sandbox.env.json');
  const written = await readFile(environmentFile, 'utf8');
  await writeFile(environmentFile, written.replace(/"baseUrl": "[^"]*"/, `"baseUrl": "${(await harness.services.sandbox.info()).url}"`));
  return root;
}

/** Logs in to Local sandbox with a wrong password, and waits for the dialog to say it was refused; returns the dialog. */
export async function refusedLogin(page: Page) {
  await page.getByTestId('session-bar').getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to Local sandbox' });
  await dialog.getByLabel('Username').fill('demo');
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByRole('alert')).toContainText('refused the username or password');
  return dialog;
}
