import type { Page } from '@playwright/test';
import type { Harness } from '../harness/server.ts';
import { expect, logInWithDemo, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

const event = (n: number, plan: string) => ({
  token: `evt-${n}`,
  customer_id: 'cust-7781',
  device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  svc_id: 1001,
  created_at: `2026-11-22 10:0${n}:00`,
  attributes: { plan, country: 'DE' },
});

const original = [event(1, 'pro'), event(2, 'pro'), event(3, 'pro')];
// The first event removed, the third's plan changed, and written another way: keys reordered, no indent.
const changed = [
  {
    attributes: { country: 'DE', plan: 'pro' },
    created_at: '2026-11-22 10:02:00',
    customer_id: 'cust-7781',
    device_id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    svc_id: 1001,
    token: 'evt-2',
  },
  { ...event(3, 'enterprise') },
];

async function send(app: Page, harness: Harness, text: string, name: string, events: number): Promise<void> {
  await openBatchText(app, harness, text, name);
  await app.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(app.getByTestId('send-outcome')).toContainText(`${events} of ${events} events accepted`);
}

test('compares two submissions event by event, with the text diff a click away, and two open batches', async ({ app, harness }) => {
  await logInWithDemo(app);
  await send(app, harness, JSON.stringify(original, null, 2), 'Original', 3);
  await send(app, harness, JSON.stringify(changed), 'Changed', 2);

  await app.getByRole('tab', { name: 'History' }).click();
  const list = app.getByRole('list', { name: 'Submissions, newest first' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Label the original: it names the draft opened from it.
  await list.getByRole('listitem').nth(1).getByRole('button').click();
  const detail = app.getByTestId('submission-detail');
  await detail.getByLabel('Label').fill('ZD-77 repro');
  await detail.getByRole('button', { name: 'Save label and note' }).click();
  await expect(list.getByRole('listitem').nth(1)).toContainText('ZD-77 repro');

  await list.getByRole('listitem').nth(0).getByRole('checkbox').check();
  await list.getByRole('listitem').nth(1).getByRole('checkbox').check();
  await app.getByRole('button', { name: 'Compare', exact: true }).click();
  const compare = app.getByTestId('compare-view');
  await expect(compare.getByRole('status')).toHaveText('≠ 1 event only left, 1 differs');
  // The header says which submission is on which side: label, id, time.
  const [newer, older] = await harness.services.submissions.list({ limit: 2 });
  await expect(compare.getByTestId('compare-left')).toContainText(`“ZD-77 repro” · ${older!.id} · `);
  await expect(compare.getByTestId('compare-right')).toContainText(`no label · ${newer!.id} · `);
  await expect(compare.getByRole('term')).toHaveText(['Left', 'Right']);
  const differing = compare.getByRole('table', { name: 'Event 3 (left) ↔ event 2 (right)' });
  const plan = differing.getByRole('row', { name: /attributes\.plan/ });
  await expect(plan.getByRole('cell')).toHaveText(['"pro"', '"enterprise"', '≠ changed']);
  await expect(differing.getByRole('row')).toHaveCount(2);
  await expect(compare.getByRole('list', { name: 'Events that differ or are on one side only' })).toContainText('− only left Event 1 (left): token "evt-1"');
  await saveScreenshot(app, 'compare-events');

  // By position, event 1 meets event 2, and so on: every pair differs.
  await compare.getByLabel('Match by position').check();
  await expect(compare.getByRole('status')).toHaveText('≠ 1 event only left, 2 differ');
  await expect(compare.getByRole('table', { name: 'Event 1' }).getByRole('row', { name: /token/ }).getByRole('cell')).toHaveText([
    '"evt-1"',
    '"evt-2"',
    '≠ changed',
  ]);
  await compare.getByLabel('Match by position').uncheck();
  await expect(compare.getByRole('status')).toHaveText('≠ 1 event only left, 1 differs');

  await compare.getByRole('button', { name: 'Show text diff' }).click();
  await expect(compare.getByTestId('compare-editor')).toContainText('"attributes": {      "country": "DE"');
  await expect(compare.getByRole('textbox', { name: 'Requests: the older one' })).toBeAttached();
  await saveScreenshot(app, 'compare-events-text');
  await compare.getByRole('button', { name: 'Show event differences' }).click();
  await expect(compare.getByRole('table', { name: 'Event 3 (left) ↔ event 2 (right)' })).toBeVisible();

  // The labelled one opens as a draft under its label; then the two open batches are compared.
  await compare.getByRole('button', { name: 'Close' }).click();
  await list.getByRole('listitem').nth(1).getByRole('button').click();
  await detail.getByRole('button', { name: 'Open as draft' }).click();
  await expect(app.getByRole('tab', { name: 'ZD-77 repro' })).toHaveAttribute('aria-selected', 'true');
  await app.keyboard.press('ControlOrMeta+k');
  const palette = app.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox').fill('compare with');
  await app.keyboard.press('Enter');
  const dialog = app.getByRole('dialog', { name: 'Compare “ZD-77 repro” with' });
  await dialog.getByLabel('The other batch').selectOption({ label: 'Changed' });
  await expect(dialog.getByRole('status')).toHaveText('≠ 1 event only left, 1 differs');
  await saveScreenshot(app, 'compare-batches');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(app.getByRole('button', { name: 'Compare with…' })).toBeEnabled();
  await saveScreenshot(app, 'compare-with-button');
});

test('after Shift times nothing matches by key: the summary says so and matches by position from there', async ({ app, harness }) => {
  const shifted = original.map((one, n) => ({ ...one, created_at: `2026-11-24 09:0${n}:00` }));
  await harness.services.drafts.save({
    id: 'e2e-before',
    name: 'Before',
    text: JSON.stringify(original, null, 2),
    filePath: null,
    updatedAt: new Date().toISOString(),
  });
  await openBatchText(app, harness, JSON.stringify(shifted, null, 2), 'Shifted');
  await app.getByRole('button', { name: 'Compare with…' }).click();
  const dialog = app.getByRole('dialog', { name: 'Compare “Shifted” with' });
  await dialog.getByLabel('The other batch').selectOption({ label: 'Before' });
  await expect(dialog.getByRole('status')).toHaveText('≠ No event matches by token, customer_id and created_at: 3 events only left, 3 only right');
  await saveScreenshot(app, 'compare-nothing-matches');
  await dialog.getByRole('button', { name: 'Match by position' }).click();
  await expect(dialog.getByRole('status')).toHaveText('≠ 3 events differ');
  await expect(
    dialog
      .getByRole('table', { name: 'Event 1' })
      .getByRole('row', { name: /created_at/ })
      .getByRole('cell'),
  ).toHaveText(['"2026-11-24 09:00:00"', '"2026-11-22 10:01:00"', '≠ changed']);
  await expect(dialog.getByLabel('Match by position')).toBeChecked();
});
