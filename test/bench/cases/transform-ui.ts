import type { Page } from '@playwright/test';
import { EVENTS, validBatchText } from '../batch-100k.ts';
import { type BenchCase, type BenchLine } from '../bench.ts';
import { openBenchBatch, withAppPage } from '../open-in-app.ts';

/**
 * "Set a field" on every event of a 100 000-event batch (about 29 MB of pretty JSON) through
 * the transform dialog, in Chromium through the harness:
 * - preview: from "Preview" to the count of changed events shown (the worker parses, transforms
 *   and makes the edits), beside a JSON.parse of the same text in the page;
 * - apply: from "Apply" to the first frame after the editor's model holds the edits;
 * - the longest gap between frames while each runs, beside the longest gap of the idle page:
 *   how long the page could not answer a click or a key;
 * - undo: Ctrl/Cmd+Z in the JSON view until the first event's old value shows again (undo
 *   restores the text from its end to its start), and its longest frame.
 */

const IDLE_WINDOW_MS = 2000;

/** Starts recording the longest gap between animation frames; `stopFrames` answers it. */
async function startFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = window as unknown as { frames?: { longest: number; running: boolean } };
    const frames = { longest: 0, running: true };
    probe.frames = frames;
    let last = performance.now();
    const tick = (now: number) => {
      frames.longest = Math.max(frames.longest, now - last);
      last = now;
      if (frames.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const stopFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        // One more frame, so a stall that ends with the measured step is counted.
        requestAnimationFrame(() => {
          const frames = (window as unknown as { frames: { longest: number; running: boolean } }).frames;
          frames.running = false;
          resolve(frames.longest);
        }),
      ),
  );

async function timed(page: Page, step: () => Promise<void>): Promise<{ ms: number; longestFrame: number }> {
  await startFrames(page);
  const started = Date.now();
  await step();
  const ms = Date.now() - started;
  return { ms, longestFrame: await stopFrames(page) };
}

const transformUi: BenchCase = {
  name: 'transform-ui-100k',
  run: () =>
    withAppPage(async (page, harness) => {
      const text = validBatchText();
      await openBenchBatch(page, harness, text);
      const parse = await page.evaluate((source) => {
        const started = performance.now();
        JSON.parse(source);
        return performance.now() - started;
      }, text);
      const idle = await timed(page, () => page.waitForTimeout(IDLE_WINDOW_MS));

      await page.getByRole('button', { name: 'Transform…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Transform “Bench batch”' });
      await dialog.getByRole('tab', { name: 'Set a field' }).click();
      await dialog.getByRole('textbox', { name: 'Field' }).fill('svc_id');
      await dialog.getByRole('textbox', { name: 'Value' }).fill('13');
      const preview = await timed(page, async () => {
        await dialog.getByRole('button', { name: 'Preview' }).click();
        await dialog
          .getByRole('status')
          .filter({ hasText: `${EVENTS.toLocaleString('en')} events change.` })
          .waitFor({ timeout: 180_000 });
      });
      const apply = await timed(page, async () => {
        await dialog.getByRole('button', { name: 'Apply' }).click();
        await dialog.waitFor({ state: 'hidden', timeout: 180_000 });
      });
      await page.locator('.monaco-editor .view-line').nth(2).click();
      const undo = await timed(page, async () => {
        await page.keyboard.press('ControlOrMeta+z');
        await page.getByTestId('batch-editor').locator('.view-line').filter({ hasText: '"svc_id": 1000' }).first().waitFor({ timeout: 180_000 });
      });
      const lines: BenchLine[] = [
        {
          name: 'transform-ui-100k-preview',
          value: preview.ms,
          unit: 'ms',
          baseline: { name: 'JSON.parse-in-page', value: parse },
          extra: { events: EVENTS, chars: text.length },
        },
        { name: 'transform-ui-100k-preview-longest-frame', value: preview.longestFrame, unit: 'ms', baseline: { name: 'idle-page', value: idle.longestFrame } },
        { name: 'transform-ui-100k-apply', value: apply.ms, unit: 'ms', baseline: { name: 'JSON.parse-in-page', value: parse } },
        { name: 'transform-ui-100k-apply-longest-frame', value: apply.longestFrame, unit: 'ms', baseline: { name: 'idle-page', value: idle.longestFrame } },
        { name: 'transform-ui-100k-undo', value: undo.ms, unit: 'ms', baseline: { name: 'JSON.parse-in-page', value: parse } },
        { name: 'transform-ui-100k-undo-longest-frame', value: undo.longestFrame, unit: 'ms', baseline: { name: 'idle-page', value: idle.longestFrame } },
      ];
      return lines;
    }),
};
export default transformUi;
