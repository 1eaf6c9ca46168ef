import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/** Adds "Staging" at `baseUrl` with an API key, through the editor, and makes it the active one. */
async function createStaging(app: Page, baseUrl: string): Promise<void> {
  await app.getByRole('button', { name: 'New environment' }).click();
  const dialog = app.getByRole('dialog', { name: 'New environment' });
  await dialog.getByLabel('Name', { exact: true }).fill('Staging');
  await dialog.getByLabel('Base URL').fill(baseUrl);
  await dialog.getByLabel('API key').fill('ak_staging_0123456789');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await app.getByRole('option', { name: /Staging/ }).click();
}

test.describe('the environment editor', () => {
  test('explains each bad field, then saves a new environment and switches to it', async ({ app }) => {
    await app.getByRole('button', { name: 'New environment' }).click();
    const dialog = app.getByRole('dialog', { name: 'New environment' });
    await dialog.getByLabel('Name', { exact: true }).fill('Staging');
    await dialog.getByLabel('Base URL').fill('staging.example.com');
    await dialog.getByLabel('Time zone of server date-times').fill('Mars/Olympus');
    await dialog.getByLabel('API key').fill('key with spaces');
    await dialog.getByLabel('Chunk size (events per request)').fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Add http:// or https:// in front, for example https://staging.example.com.')).toBeVisible();
    await expect(dialog.getByText(/"Mars\/Olympus" is not a time zone/)).toBeVisible();
    await expect(dialog.getByText('The chunk size must be from 1 to 100,000.')).toBeVisible();
    await saveScreenshot(app, 'environment-editor-problems');

    await dialog.getByLabel('Base URL').fill('https://staging.example.com');
    await dialog.getByLabel('Time zone of server date-times').fill('Europe/Berlin');
    await dialog.getByLabel('Chunk size (events per request)').fill('250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('The API key contains spaces or line breaks.')).toBeVisible();
    await dialog.getByLabel('API key').fill('ak_staging_0123456789');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const staging = app.getByRole('option', { name: /Staging/ });
    await staging.click();
    await expect(staging).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByTestId('active-environment')).toHaveText(/Staging/);
    await app.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = app.getByRole('dialog', { name: 'Edit Staging' });
    await expect(edit.getByText('Set (••••6789)')).toBeVisible();
    await expect(edit.getByLabel('API key')).toHaveValue('');
    await expect(edit.getByLabel('Chunk size (events per request)')).toHaveValue('250');
    await saveScreenshot(app, 'environment-editor');
  });

  test('duplicates, and deletes only after confirmation', async ({ app }) => {
    await app.getByRole('button', { name: 'Duplicate' }).click();
    // Local sandbox holds the demo key: copying it is a choice, unticked until made.
    const confirm = app.getByRole('group', { name: 'Confirm duplicate' });
    await expect(confirm.getByRole('checkbox', { name: 'Copy the API key and password too' })).not.toBeChecked();
    await saveScreenshot(app, 'environment-duplicate');
    await confirm.getByRole('button', { name: 'Duplicate' }).click();
    const copy = app.getByRole('option', { name: /Local sandbox copy/ });
    await expect(copy).toBeVisible();
    await copy.click();
    await app.getByRole('button', { name: 'Delete' }).click();
    await expect(app.getByRole('group', { name: 'Confirm delete' })).toContainText('Delete “Local sandbox copy”');
    await app.getByRole('button', { name: 'Keep' }).click();
    await expect(copy).toBeVisible();
    await app.getByRole('button', { name: 'Delete' }).click();
    await app.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(copy).toBeHidden();
  });

  test('warns that the API key stays with the old server, then saves without it', async ({ app }) => {
    await createStaging(app, 'https://staging.example.com/v1');

    await app.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = app.getByRole('dialog', { name: 'Edit Staging' });
    const baseUrl = edit.getByLabel('Base URL');
    await baseUrl.fill('https://staging.example.com/v2');
    await expect(edit.getByRole('status')).toBeHidden();
    await baseUrl.fill('https://eu.example.com/v1');
    const warning = 'The API key stays with https://staging.example.com; enter it again for https://eu.example.com.';
    await expect(edit.getByRole('status')).toHaveText(warning);
    await expect(baseUrl).toHaveAccessibleDescription(warning);
    await saveScreenshot(app, 'environment-editor-origin-warning');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();

    await app.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(edit.getByLabel('Base URL')).toHaveValue('https://eu.example.com/v1');
    await expect(edit.getByText(/^Not set\./)).toBeVisible();
    await saveScreenshot(app, 'environment-editor-key-not-set');
  });

  test('exports an environment without secrets and imports it back', async ({ app }) => {
    await createStaging(app, 'https://staging.example.com');

    const download = app.waitForEvent('download');
    await app.getByRole('button', { name: 'Export' }).click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    expect(JSON.parse(text)).toMatchObject({ format: 'eventdesk.environment', environments: [{ name: 'Staging', baseUrl: 'https://staging.example.com' }] });
    expect(text).not.toContain('ak_staging');

    await app.getByRole('button', { name: 'Delete' }).click();
    await app.getByRole('group', { name: 'Confirm delete' }).getByRole('button', { name: 'Delete' }).click();
    await expect(app.getByRole('option', { name: /Staging/ })).toBeHidden();
    await app.getByLabel('Environment file to import').setInputFiles(file);
    await expect(app.getByText('Imported Staging. Add their API keys in Edit.')).toBeVisible();
    await expect(app.getByRole('option', { name: /Staging/ })).toBeVisible();

    await app.getByLabel('Environment file to import').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{ nope') });
    await expect(app.getByText('The file is not JSON.')).toBeVisible();
  });
});
