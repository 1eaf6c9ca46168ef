import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { expect, saveScreenshot, test } from './support/fixtures.ts';

/** A new tab is scrolled into view in a tab strip too full to show them all (#15); 95 % of it, as a scroll can end a fraction of a pixel short. */

const { answers, dialogs } = scriptedDialogs();

test.use({ harnessOptions: { dialogs } });

test('a created or opened batch shows its tab, however many are open', async ({ app }) => {
  const strip = app.getByRole('tablist', { name: 'Open batches' });
  const active = strip.getByRole('tab', { selected: true });
  const overflows = () => strip.evaluate((list) => list.scrollWidth > list.clientWidth);

  for (let created = 0; created < 40 && !(await overflows()); created++) {
    await app.getByRole('button', { name: 'New batch' }).click();
    await expect(active).toBeInViewport({ ratio: 0.95 });
  }
  expect(await overflows(), 'the strip is too full to show every tab').toBe(true);
  // A few more past the edge, each in view as it comes.
  for (let created = 0; created < 3; created++) {
    await app.getByRole('button', { name: 'New batch' }).click();
    await expect(active).toBeInViewport({ ratio: 0.95 });
  }

  // Opening a file, with the strip scrolled back to its start.
  await strip.evaluate((list) => list.scrollTo({ left: 0 }));
  const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-tabs-'));
  const file = path.join(folder, 'customer-repro.json');
  await writeFile(file, '[\n  { "token": "from-disk" }\n]\n');
  answers.push(file);
  await app.getByRole('button', { name: 'Open…' }).click();
  await expect(strip.getByRole('tab', { name: 'customer-repro.json' })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: 'customer-repro.json' })).toBeInViewport({ ratio: 0.95 });
  await saveScreenshot(app, 'batch-tabs-new-tab-in-view');

  // Going back to the first from the keyboard's palette brings it into view too.
  await app.keyboard.press('ControlOrMeta+k');
  await app.keyboard.type('Batch 1');
  await app.keyboard.press('Enter');
  await expect(strip.getByRole('tab', { name: 'Batch 1', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(strip.getByRole('tab', { name: 'Batch 1', exact: true })).toBeInViewport({ ratio: 0.95 });
});
