import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scriptedDialogs } from './support/dialogs.ts';
import { choosePlanForLocalSandbox } from './support/plan-choice.ts';
import { postAsSdk } from './support/sdk.ts';
import { expect, openBatchText, saveScreenshot, test } from './support/fixtures.ts';

/**
 * The analyst's journey of issue 32: an SDK whose token differs per event posts to the sandbox;
 * a plan inferred from the capture warns that the token names a kind per event and proposes the
 * fields whose values repeat; keyed by attributes.screen in one click, the draft has a handful of
 * kinds, is saved and used, and the batch is checked against it, its problems counted exactly.
 */

const { answers, dialogs } = scriptedDialogs();
test.use({ harnessOptions: { dialogs } });

const SCREENS = ['home', 'search', 'product', 'cart', 'checkout', 'profile'];

/** One SDK event: a fresh token each, as an SDK that issues one per event sends it. */
function sdkEvent(index: number, screen = SCREENS[index % SCREENS.length]!) {
  const second = String(index % 60).padStart(2, '0');
  return {
    token: `evt-${(index * 7919).toString(36)}-${index}`,
    customer_id: `cust-${index % 30}`,
    device_id: `3f2504e0-4f89-41d3-9a0c-${String(index).padStart(12, '0')}`,
    svc_id: 7,
    created_at: `2026-11-22 10:${String(Math.floor(index / 60) % 60).padStart(2, '0')}:${second}`,
    attributes: { screen, platform: index % 5 === 0 ? 'ios' : 'android', duration_ms: String(index * 10) },
  };
}

test('SDK traffic whose token differs per event: the draft warns, proposes attributes.screen, keyed by it in one click, saved, used, and the batch checked', async ({
  app,
  harness,
}) => {
  const traffic = Array.from({ length: 180 }, (_, index) => sdkEvent(index));
  const { url } = await harness.services.sandbox.info();
  for (let request = 0; request < 6; request++) expect(await postAsSdk(url, traffic.slice(request * 30, request * 30 + 30))).toBe(202);
  await expect.poll(async () => (await harness.services.capture!.status()).events).toBe(180);

  await app.getByRole('tab', { name: 'Sandbox' }).click();
  await app.getByRole('region', { name: 'Captured events and plans' }).getByRole('button', { name: 'Infer a plan from the capture' }).click();
  const dialog = app.getByRole('dialog', { name: 'Draft a tracking plan' });
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('180 kinds from 180 events captured (6 requests).');
  const about = dialog.getByRole('region', { name: 'About the key' });
  await expect(about.getByRole('alert')).toHaveText(
    '"token" differs in nearly every event (180 kinds from 180 events), so each kind would describe single events rather than a kind of event. Fields whose values repeat, best first: key by one of them.',
  );
  await expect(about.getByRole('listitem')).toHaveText([
    'Key by attributes.platform2 values: android, ios; in all 180 events',
    'Key by attributes.screen6 values: cart, checkout, home, …; in all 180 events',
    'Key by customer_id30 values: cust-0, cust-1, cust-10, …; in all 180 events',
  ]);
  await saveScreenshot(app, 'analyst-infer-unique-token');
  await app.setViewportSize({ width: 1024, height: 768 });
  await saveScreenshot(app, 'analyst-infer-unique-token-1024');
  await app.setViewportSize({ width: 1320, height: 820 });

  await about.getByRole('button', { name: 'Key by attributes.screen' }).focus();
  await app.keyboard.press('Enter');
  await expect(dialog.getByTestId('plan-draft-summary')).toHaveText('6 kinds from 180 events captured (6 requests).');
  await expect(about).toHaveCount(0);
  await expect(dialog.getByLabel('Key field')).toHaveValue('attributes.screen');
  const kinds = dialog.getByRole('region', { name: 'Kinds in the plan' });
  await expect(kinds.getByRole('heading')).toHaveText('6 kinds by “attributes.screen”');
  await saveScreenshot(app, 'analyst-infer-by-screen');

  const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-analyst-')), 'screens.plan.json');
  answers.push(planFile);
  await dialog.getByRole('button', { name: 'Save plan as…' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Saved to ${planFile}.`);
  const saved = JSON.parse(await readFile(planFile, 'utf8')) as { key: string; events: Record<string, unknown> };
  expect(saved.key).toBe('attributes.screen');
  expect(Object.keys(saved.events)).toEqual([...SCREENS].sort());
  await dialog.getByRole('button', { name: 'Use for Local sandbox' }).click();
  await expect(dialog).toBeHidden();

  // The same traffic as a batch, with one event from a screen the plan never saw.
  await openBatchText(app, harness, `${JSON.stringify([...traffic, sdkEvent(180, 'settings')], null, 2)}\n`, 'SDK traffic');
  const problems = app.getByRole('region', { name: 'Problems' });
  await expect(problems.getByTestId('plan-status')).toContainText('Checked against the tracking plan “Draft plan” (6 kinds) from screens.plan.json');
  await expect(problems.getByTestId('problem-counts')).toHaveText('1 error, 0 warnings');
  await expect(problems.getByRole('button', { name: /attributes\.screen "settings" names no kind of event in the plan/ })).toContainText(
    'event 181 (/180/attributes/screen)',
  );
  await saveScreenshot(app, 'analyst-batch-checked');
});

test('with a plan active, 20 000 unplanned events are counted exactly, and the list says where those past its rows are', async ({ app, harness }) => {
  const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-e2e-analyst-')), 'screens.plan.json');
  await writeFile(planFile, JSON.stringify({ name: 'screens', key: 'attributes.screen', events: Object.fromEntries(SCREENS.map((screen) => [screen, {}])) }));
  await openBatchText(app, harness, JSON.stringify(Array.from({ length: 20_000 }, (_, index) => sdkEvent(index, `other-${index}`))), 'Unplanned');

  await choosePlanForLocalSandbox(app, answers, planFile);

  const problems = app.getByRole('region', { name: 'Problems' });
  await expect(problems.getByTestId('problem-counts')).toHaveText('20,000 errors, 0 warnings', { timeout: 30_000 });
  const rest = problems.getByText(/^Showing the first/);
  await expect(rest).toHaveText(
    'Showing the first 500 of 20,000 problems. The editor marks 1,000 (F8 there goes to the next); the other 19,000 plan violations are counted but not listed: fix those listed and check again.',
  );
  await rest.scrollIntoViewIfNeeded();
  await saveScreenshot(app, 'analyst-problems-counted');
});
