import { TOO_DEEP_MESSAGE } from '../../base/common/json-nesting.ts';
import { arraysText } from '../fixtures/events.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const broken = `[
    {
        "token": "evt-1",
        "customer_id": "c-42",
        "device_id": "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        "svc_id": "12",
        "created_at": "2026-02-30 10:00:00",
        "attributes": { "plan": "pro", "spend": "19.99" }
    }
]
`;

const valid = broken.replace('"svc_id": "12"', '"svc_id": 12').replace('2026-02-30', '2026-01-30');

test.describe('validation in the editor', () => {
  test('marks problems as you type and lists them, each jumping to its place', async ({ app, harness }) => {
    await openBatchText(app, harness, broken);
    const problems = app.getByRole('region', { name: 'Problems' });
    await expect(problems.getByTestId('problem-counts')).toHaveText(/^2 errors/);
    await expect(problems).toContainText('svc_id');
    await expect(problems).toContainText('2026-02-30');
    await expect(app.locator('.monaco-editor .squiggly-error').first()).toBeVisible();
    await saveScreenshot(app, 'editor-markers');

    await problems.getByRole('button', { name: /svc_id/ }).click();
    await app.keyboard.press('ControlOrMeta+.');
    const fix = app
      .locator('.action-widget')
      .getByText(/Change to the number/)
      .first();
    await expect(fix).toBeVisible();
    await fix.click();
    await expect(problems.getByTestId('problem-counts')).toHaveText(/^1 error/);
    await expect.poll(async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text).toContain('"svc_id": 12');
  });

  test('the quick-fix menu shows a long title whole, not cut to an ellipsis', async ({ app, harness }) => {
    await openBatchText(app, harness, valid.replace('"2026-01-30 10:00:00"', '"2026-11-22T09:30:00Z"'));
    await app
      .getByRole('region', { name: 'Problems' })
      .getByRole('button', { name: /created_at/ })
      .click();
    await app.keyboard.press('ControlOrMeta+.');
    const title = app.locator('.action-widget .monaco-list-row.action .title').first();
    await expect(title).toHaveText('Change to 2026-11-22 09:30:00 (UTC)');
    await saveScreenshot(app, 'editor-quick-fix-menu');
    expect(await title.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('Local sandbox calls what its strict mode refuses an error; the environment can change each rule', async ({ app, harness }) => {
    await openBatchText(app, harness, valid.replace(',\n        "attributes": { "plan": "pro", "spend": "19.99" }', ''));
    const problems = app.getByRole('region', { name: 'Problems' });
    await expect(problems.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');
    await expect(problems).toContainText('This event has no attributes');

    await app.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = app.getByRole('dialog', { name: 'Edit Local sandbox' });
    await edit.getByText('Validation rules (8 changed)').click();
    await edit.getByLabel('No attributes').selectOption('off');
    await saveScreenshot(app, 'environment-rules');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(problems.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
    expect((await harness.services.environments.get('local-sandbox')).ruleSeverity['missing-attributes']).toBe('off');
  });

  test('an event nested 20 000 deep is one problem where level 65 opens, and Send says so and sends nothing', async ({ app, harness }) => {
    const opening = valid.slice(0, valid.indexOf('{ "plan"'));
    await openBatchText(app, harness, `${opening}{ "plan": ${arraysText(20_000)} }\n    }\n]\n`);
    const problems = app.getByRole('region', { name: 'Problems' });
    await expect(problems.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');
    // The batch, the event and its attributes are three levels: the 62nd [ opens level 65.
    const column = opening.length - opening.lastIndexOf('\n') + '{ "plan": '.length + 61;
    await expect(problems).toContainText(`Ln ${opening.split('\n').length}, Col ${column}`);
    await expect(problems).toContainText(TOO_DEEP_MESSAGE);
    // Edited as plain text: Monaco's JSON worker parses by recursion and ran out of stack on it.
    await expect(app.locator('[data-mode-id]').first()).toHaveAttribute('data-mode-id', 'plaintext');
    await logInWithDemo(app);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(app.getByText(`Nothing was sent: ${TOO_DEEP_MESSAGE}`)).toBeVisible();
    await saveScreenshot(app, 'nested-too-deep');
    await expect(app.getByRole('alertdialog')).toHaveCount(0);
    expect(await harness.services.submissions.list({ limit: 10 })).toEqual([]);
  });

  test('a batch edited into nesting too deep is edited as plain text, and as JSON again once cleared', async ({ app, harness }) => {
    await openBatchText(app, harness, valid);
    const mode = app.locator('[data-mode-id]').first();
    await expect(mode).toHaveAttribute('data-mode-id', 'json');
    const opening = valid.slice(0, valid.indexOf('{ "plan"'));
    await app.locator('.monaco-editor').first().click();
    await app.keyboard.press('ControlOrMeta+A');
    // 100 levels: deeper than a batch may nest, short enough to type in a test.
    await app.keyboard.insertText(`${opening}{ "plan": ${arraysText(100)} }\n    }\n]\n`);
    await expect(mode).toHaveAttribute('data-mode-id', 'plaintext');
    await expect(app.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');
    await expect(app.getByRole('region', { name: 'Problems' })).toContainText(TOO_DEEP_MESSAGE);
    // Cleared, the text is an empty batch: a problem, but one Monaco's JSON worker can read.
    await app.keyboard.press('ControlOrMeta+A');
    await app.keyboard.press('Delete');
    await expect(app.getByRole('region', { name: 'Problems' })).not.toContainText(TOO_DEEP_MESSAGE);
    await expect(mode).toHaveAttribute('data-mode-id', 'json');
  });

  test('a clean batch has no problems and counts its events', async ({ app, harness }) => {
    await openBatchText(app, harness, valid);
    await expect(app.getByTestId('problem-counts')).toHaveText('0 errors, 0 warnings');
    await expect(app.locator('[data-mode-id]').first()).toHaveAttribute('data-mode-id', 'json');
    await expect(app.getByTestId('event-count')).toHaveText('1 event');
  });
});

test.describe('the form view', () => {
  test('edits an attribute and the JSON changes with its formatting kept', async ({ app, harness }) => {
    await openBatchText(app, harness, valid);
    await app.getByRole('tab', { name: 'Form' }).click();
    const form = app.getByRole('form', { name: 'Event 1' });
    const spend = form.getByRole('textbox', { name: 'Value of spend' });
    await spend.fill('25.00');
    await spend.press('Enter');
    await saveScreenshot(app, 'form-view');
    await expect
      .poll(async () => (await harness.services.drafts.list()).drafts.find((draft) => draft.id === 'e2e-batch')?.text)
      .toBe(valid.replace('"spend": "19.99"', '"spend": "25.00"'));
    await app.getByRole('tab', { name: 'JSON' }).click();
    await expect(app.locator('.monaco-editor').first()).toContainText('"spend": "25.00"');
  });

  test('marks each event with problems in the list, and each field with its own', async ({ app, harness }) => {
    await openBatchText(app, harness, broken);
    await expect(app.getByTestId('problem-counts')).toHaveText(/^2 errors/);
    await app.getByRole('tab', { name: 'Form' }).click();
    await expect(app.getByRole('option', { name: /2 problems/ })).toBeVisible();
    const form = app.getByRole('form', { name: 'Event 1' });
    const serviceId = form.getByLabel('svc_id (integer)');
    await expect(serviceId).toHaveAttribute('aria-invalid', 'true');
    await expect(serviceId).toHaveAccessibleDescription(/svc_id must be an integer, not the string "12"/);
    await expect(form.getByLabel(/created_at/).first()).toHaveAccessibleDescription(/not a real date-time/);
    await expect(form.getByLabel('customer_id')).not.toHaveAttribute('aria-invalid');
    await saveScreenshot(app, 'form-view-problems');
  });

  test('says where the text stops being JSON and links there', async ({ app, harness }) => {
    await openBatchText(app, harness, '[\n  { "token": "a", }\n]');
    await app.getByRole('tab', { name: 'Form' }).click();
    const problem = app.getByRole('alert').filter({ hasText: 'The form needs a JSON array' });
    await expect(problem).toBeVisible();
    await problem.getByRole('button', { name: /Go to line 2/ }).click();
    await expect(app.locator('.monaco-editor').first()).toBeVisible();
  });
});

test.describe('importing', () => {
  test('a CSV with a column mapping becomes a new batch', async ({ app }) => {
    const csv = 'token,customer_id,svc_id,created_at,plan\nt-1,c-1,7,2026-11-22 10:00:00,pro\nt-2,c-2,8,2026-11-22 10:05:00,free\n';
    await app.getByLabel('File to import', { exact: true }).setInputFiles({ name: 'signups.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = app.getByRole('dialog', { name: 'Import signups.csv' });
    await expect(dialog.getByLabel('Target of column svc_id')).toHaveValue('service-id');
    await expect(dialog.getByLabel('Target of column plan')).toHaveValue('attribute');
    await saveScreenshot(app, 'csv-mapping');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await app.getByRole('dialog', { name: 'Import 2 events from signups.csv' }).getByRole('button', { name: 'Open as a new batch' }).click();
    await expect(app.getByRole('tab', { name: 'signups' })).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByTestId('event-count')).toHaveText('2 events');
    await expect(app.locator('.monaco-editor').first()).toContainText('"plan": "pro"');
  });

  test('an import still being read shows its progress with a Cancel that stops it; the next import goes through', async ({ app }) => {
    // The import worker's script held back: the file is still being read for as long as the test says.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await app.route('**/import.worker-*.js', async (route) => {
      await held;
      await route.continue();
    });
    const file = { name: 'customers.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from('{"token":"imported-1"}\n{"token":"imported-2"}\n') };
    await app.getByLabel('File to import', { exact: true }).setInputFiles(file);
    const progress = app.getByRole('progressbar', { name: 'Importing customers.ndjson' });
    await expect(progress).toBeVisible();
    await expect(app.getByTestId('opening-progress')).toContainText('Importing customers.ndjson…');
    await saveScreenshot(app, 'import-progress');
    await app.getByTestId('opening-progress').getByRole('button', { name: 'Cancel' }).click();
    await expect(progress).toBeHidden();
    await expect(app.getByText('Import of customers.ndjson cancelled: nothing was added.')).toBeVisible();
    await expect(app.getByRole('tab', { name: 'customers' })).toHaveCount(0);

    release();
    await app.getByLabel('File to import', { exact: true }).setInputFiles(file);
    await app.getByRole('dialog', { name: 'Import 2 events from customers.ndjson' }).getByRole('button', { name: 'Open as a new batch' }).click();
    await expect(app.getByRole('tab', { name: 'customers' })).toHaveAttribute('aria-selected', 'true');
    await expect(app.getByTestId('event-count')).toHaveText('2 events');
  });

  test('a pasted cURL command becomes a new batch', async ({ app }) => {
    await app.getByRole('button', { name: 'More', exact: true }).click();
    await app.getByRole('button', { name: 'Paste cURL…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Import a cURL command' });
    await dialog
      .getByLabel('cURL command')
      .fill(`curl 'https://api.example.com/user/events' -H 'apiKey: k' -H 'Content-Type: application/json' --data-raw '[{"token":"from-curl","svc_id":3}]'`);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(app.getByTestId('event-count')).toHaveText('1 event');
    await expect(app.locator('.monaco-editor').first()).toContainText('from-curl');
    await expect(
      app.getByText(
        "Imported 1 event from pasted cURL command. Only its body became the batch; sending uses the environment's address and headers, not those of api.example.com.",
      ),
    ).toBeVisible();
  });

  test('a pasted cURL command that cannot be read stays in its dialog, which says once what is wrong', async ({ app }) => {
    await app.getByRole('button', { name: 'More', exact: true }).click();
    await app.getByRole('button', { name: 'Paste cURL…' }).click();
    const dialog = app.getByRole('dialog', { name: 'Import a cURL command' });
    const command = `curl 'https://api.example.com/user/events' -H 'Content-Type: application/json' --data-raw '[{"token":"from-curl"}]`;
    await dialog.getByLabel('cURL command').fill(command);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('alert')).toHaveText("The command cannot be read as bash: a '…' quote is not closed.");
    await expect(dialog.getByLabel('cURL command')).toHaveValue(command);
    await expect(dialog.getByLabel('cURL command')).toBeFocused();
    await expect(app.getByRole('list', { name: 'Notifications' })).toBeEmpty();
    await saveScreenshot(app, 'paste-curl-error');

    // Fixed where it stands, it imports.
    await dialog.getByLabel('cURL command').press('End');
    await dialog.getByLabel('cURL command').pressSequentially("'");
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog).toBeHidden();
    await expect(app.locator('.monaco-editor').first()).toContainText('from-curl');
  });
});
