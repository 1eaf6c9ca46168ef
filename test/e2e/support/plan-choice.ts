import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Chooses `planFile` as Local sandbox's tracking plan in the environment editor, its open dialog answered from `answers` (scriptedDialogs). */
export async function choosePlanForLocalSandbox(page: Page, answers: (string | null)[], planFile: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Local sandbox' });
  answers.push(planFile);
  await edit.getByRole('group', { name: 'Tracking plan' }).getByRole('button', { name: 'Choose…' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
}
