import { seedHistory } from '../fixtures/history.ts';
import { expect, test } from './support/fixtures.ts';

// How long the scroll's tasks take is a figure for `npm run bench -- history-scroll`; this proves
// the behaviour: every row is reachable, pages load on the way, and the list stays virtual.
test('scrolls thousands of submissions to the last, keeping only the rows in view in the page', async ({ app, harness }) => {
  await seedHistory(harness.services.submissions, 3000);
  await app.getByRole('tab', { name: 'History' }).click();
  await expect(app.getByTestId('history-count')).toHaveText('3,000 submissions');
  const list = app.getByTestId('history-list');
  await expect(list.getByRole('listitem').first()).toBeVisible();

  // Down to the last row, a wheel turn at a time, pages loading on the way.
  await list.hover();
  let mostRows = 0;
  for (let turn = 0; turn < 600; turn++) {
    await app.mouse.wheel(0, 600);
    if (turn % 10 !== 9) continue;
    mostRows = Math.max(mostRows, await list.getByRole('listitem').count());
    if (
      await list.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2 && !element.textContent?.includes('Loading more'))
    )
      break;
  }
  await expect(list.locator('[data-index="2999"]')).toBeVisible();
  // Virtual: a few screens of rows at a time, never the thousands loaded.
  expect(mostRows).toBeGreaterThan(0);
  expect(mostRows).toBeLessThan(200);
});
