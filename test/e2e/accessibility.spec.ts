import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, logInWithDemo, openBatchText, test } from './support/fixtures.ts';

/**
 * axe-core over each main screen and dialog: no serious or critical violation. Each finding is
 * printed with its rule, impact and the elements it names, so a failure says what to fix.
 */
async function expectAccessible(page: Page, where: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const results = await (include ? builder.include(include) : builder).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const report = blocking.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(' ')).join('\n  ')}`,
  );
  console.log(`axe ${where}: ${results.violations.length} violations, ${blocking.length} serious or critical; ${results.passes.length} rules passed`);
  expect(report, `axe on ${where}`).toEqual([]);
}

const batch = JSON.stringify(
  [
    {
      token: 'a11y-1',
      customer_id: 'c-1',
      device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      svc_id: 1,
      created_at: '2026-11-22 10:00:00',
      attributes: { plan: 'pro' },
    },
  ],
  null,
  2,
);

test('the composer, the form view and the login dialog', async ({ app, harness }) => {
  await openBatchText(app, harness, batch);
  await expectAccessible(app, 'the composer');
  await expect(app.getByRole('tabpanel', { name: 'JSON' })).toContainText('a11y-1');
  await app.getByRole('tab', { name: 'Form' }).click();
  await expect(app.getByRole('tabpanel', { name: 'Form' }).getByRole('listbox', { name: 'Events' })).toBeVisible();
  await expectAccessible(app, 'the form view');
  await app.getByRole('button', { name: 'Log in' }).first().click();
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectAccessible(app, 'the login dialog');
});

test('the history, a submission and a comparison', async ({ app, harness }) => {
  await logInWithDemo(app);
  await openBatchText(app, harness, batch);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText('1 of 1 events accepted');
  await expectAccessible(app, 'the composer after a send');
  await app.getByRole('tab', { name: 'History' }).click();
  const list = app.getByRole('list', { name: 'Submissions, newest first' });
  await list.getByRole('button').first().click();
  await expect(app.getByTestId('batch-viewer')).toContainText('a11y-1');
  await expectAccessible(app, 'the history with a submission open');
  // A second send of the same batch, then both compared.
  await app.getByTestId('submission-detail').getByRole('button', { name: 'Resend' }).click();
  const question = app.getByRole('alertdialog', { name: 'Send the same batch again?' });
  await expect(question).toBeVisible();
  await expectAccessible(app, 'the question before sending the same batch again');
  await question.getByRole('button', { name: 'Send again' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
  await list.getByRole('listitem').nth(1).getByRole('checkbox').check();
  await app.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(app.getByRole('status').filter({ hasText: 'Identical' })).toBeVisible();
  await expectAccessible(app, 'a comparison of events');
  await app.getByRole('button', { name: 'Show text diff' }).click();
  await expect(app.getByTestId('compare-editor')).toContainText('a11y-1');
  await expectAccessible(app, 'a comparison');
});

test('the sandbox screen, the environment editor and About', async ({ app }) => {
  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await expectAccessible(app, 'the sandbox');
  await app.getByRole('button', { name: 'New environment' }).click();
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectAccessible(app, 'the environment editor');
  await app.keyboard.press('Escape');
  await app.keyboard.press('F1');
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectAccessible(app, 'About');
  await app.keyboard.press('Escape');
  await app.keyboard.press('Control+k');
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectAccessible(app, 'the command palette');
  await app.keyboard.press('Escape');
  await app.keyboard.press('Control+/');
  await expect(app.getByRole('dialog')).toBeVisible();
  await expectAccessible(app, 'the shortcut sheet');
});

test('the draft plan dialog, with a plan drafted', async ({ app, harness }) => {
  await openBatchText(app, harness, batch);
  await app.keyboard.press('ControlOrMeta+k');
  await app.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('infer a tracking plan');
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('1 kind from 1 event of Test batch.');
  await expect(dialog.locator('.plan-text-editor .monaco-editor')).toBeVisible();
  await expectAccessible(app, 'the draft plan dialog');
});

test('Help: the guide, a page with tables, and the search', async ({ app }) => {
  await app.getByRole('button', { name: 'Help', exact: true }).click();
  const help = app.getByRole('main', { name: 'Help' });
  await expect(help.getByRole('article', { name: 'EventDesk guide' })).toBeVisible();
  await expectAccessible(app, 'Help, the guide');
  await help.getByRole('navigation', { name: 'Guide pages' }).getByRole('button', { name: 'Environments and credentials' }).click();
  await expect(help.getByRole('article', { name: 'Environments and credentials' })).toBeVisible();
  await expectAccessible(app, 'Help, a page with tables');
  await help.getByRole('searchbox', { name: 'Search the guide' }).fill('port');
  await expect(help.getByRole('status')).toContainText('holding “port”');
  await expectAccessible(app, 'Help, the search');
});
