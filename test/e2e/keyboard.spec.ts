import { expect, test } from './support/fixtures.ts';

/**
 * The main journey with the keyboard alone: log in, write a batch, send it, find it in the
 * history and open it, switch screens from the palette. No click anywhere.
 */
test('logs in, composes, sends, finds and opens a submission without the mouse', async ({ app, harness }) => {
  // Log in: the dialog opens on the username (the environment's, already filled in); the demo password is typed like any other.
  await expect(app.getByTestId('session-bar')).toContainText('Not logged in');
  await app.keyboard.press('Control+l');
  const login = app.getByRole('dialog', { name: 'Log in to Local sandbox' });
  await expect(login.getByLabel('Username')).toBeFocused();
  const demo = await harness.services.sandbox.info();
  await app.keyboard.press('Control+a');
  await app.keyboard.type(demo.demoUsername);
  await app.keyboard.press('Tab');
  await app.keyboard.type(demo.demoPassword);
  await app.keyboard.press('Enter');
  await expect(login).toBeHidden();
  await expect(app.getByTestId('session-countdown')).toContainText('expires in');

  // A new batch (it starts as one valid event), its customer_id changed from the keyboard with
  // the editor's own find and replace, then sent with Ctrl+Enter.
  await app.keyboard.press('Control+n');
  const editor = app.locator('.monaco-editor').first();
  await expect(editor).toContainText('customer-42');
  const focusedIn = (selector: string) => app.evaluate((inside) => document.activeElement?.closest(inside) !== null, selector);
  for (let step = 0; step < 40 && !(await focusedIn('.monaco-editor')); step++) await app.keyboard.press('Tab');
  expect(await focusedIn('.monaco-editor')).toBe(true);
  await app.keyboard.press('Control+h');
  await app.keyboard.type('customer-42');
  await app.keyboard.press('Tab');
  await app.keyboard.type('keyboard-only-7');
  await app.keyboard.press('Control+Alt+Enter');
  await app.keyboard.press('Escape');
  await expect(editor).toContainText('keyboard-only-7');
  await expect(app.getByTestId('event-count')).toHaveText('1 event');
  await app.keyboard.press('Control+Enter');
  await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');

  // Find it in the history and open it: Ctrl+Shift+F, type, Tab to the row, Enter.
  await app.keyboard.press('Control+Shift+f');
  await expect(app.getByRole('searchbox', { name: /Search submissions/ })).toBeFocused();
  await app.keyboard.type('keyboard-only-7');
  const rows = app.getByRole('list', { name: 'Submissions, newest first' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('1 event');
  await expect(app.getByTestId('history-count')).toHaveText('1 submission');
  const open = rows.first().getByRole('button');
  for (let step = 0; step < 40 && !(await focusedIn('.history-row-open')); step++) await app.keyboard.press('Tab');
  await expect(open).toBeFocused();
  await app.keyboard.press('Enter');
  await expect(app.getByTestId('submission-detail')).toContainText('1 event');
  await expect(app.getByTestId('batch-viewer')).toContainText('keyboard-only-7');

  // Another screen from the palette.
  await app.keyboard.press('Control+k');
  await app.keyboard.type('sandbox');
  await app.keyboard.press('Enter');
  await expect(app.getByRole('tab', { name: 'Sandbox' })).toHaveAttribute('aria-selected', 'true');
});
