import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** History searched for `words`, as a person types them: the one submission they find (its row). */
export async function findOneInHistory(app: Page, words: string): Promise<Locator> {
  await app.getByRole('tab', { name: 'History' }).click();
  await app.getByRole('searchbox', { name: /Search submissions/ }).fill(words);
  const submissions = app.getByRole('list', { name: 'Submissions, newest first' }).getByRole('listitem');
  await expect(submissions).toHaveCount(1);
  return submissions.first();
}
