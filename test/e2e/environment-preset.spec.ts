import { expect, saveScreenshot, test } from './support/fixtures.ts';

test("creates an EMMA environment from its preset, told what EMMA's documentation leaves unsaid, with no credential", async ({ app, harness }) => {
  await app.getByRole('button', { name: 'New environment' }).click();
  const editor = app.getByRole('dialog', { name: 'New environment' });
  await expect(editor.getByRole('radio', { name: 'A blank environment' })).toBeChecked();
  await expect(editor.getByRole('region', { name: 'About EMMA' })).toHaveCount(0);

  await editor.getByRole('radio', { name: "EMMA's REST API (ws.emma.io)" }).check();
  await expect(editor.getByRole('textbox', { name: 'Base URL' })).toHaveValue('https://ws.emma.io');
  await expect(editor.getByRole('textbox', { name: 'Service-id field name' })).toHaveValue('emma_id');
  await expect(editor.getByRole('textbox', { name: 'Username' })).toHaveValue('');
  const help = editor.getByRole('region', { name: 'About EMMA' });
  await expect(help).toContainText('status codes');
  await expect(help).toContainText('Time zone of server date-times');
  await expect(help).toContainText('refresh_token');
  await saveScreenshot(app, 'environment-preset-emma');
  await app.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(app, 'environment-preset-emma-1024');

  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  const emma = (await harness.services.environments.list()).environments.find((environment) => environment.name === 'EMMA');
  expect(emma).toMatchObject({ baseUrl: 'https://ws.emma.io', serviceIdField: 'emma_id', username: '', apiKey: { set: false }, passwordRemembered: false });
  // Its own colour beside Local sandbox's.
  expect(emma?.color).not.toBe('#2e9d6a');

  // Editing it later shows the same help: it follows the address.
  await app.getByRole('listbox', { name: 'Environments' }).getByRole('option', { name: 'EMMA' }).click();
  await app.getByRole('button', { name: 'Edit' }).click();
  await expect(app.getByRole('dialog', { name: 'Edit EMMA' }).getByRole('region', { name: 'About EMMA' })).toBeVisible();
});
