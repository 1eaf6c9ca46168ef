import { chromium, type Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { bigBatchText } from '../../fixtures/big-batch.ts';
import { startHarness } from '../../harness/server.ts';
import { median, type BenchCase, type BenchLine } from '../bench.ts';

/**
 * Open… on a 100 000-event file (about 27 MB) through the harness in Chromium, from the click
 * to the editor showing it and the validator counting its events, against the same for a
 * one-event file, in turns in the same run. Beside it, from the page's own clock: when the
 * progress indicator appeared, when the editor showed the file, the longest task that kept
 * the page from answering input, and when the last such task ended (the page free again,
 * autosave of the new batch included).
 */

const EVENTS = 100_000;
const RUNS = 3;
/** A quiet spell this long after the events are counted means nothing more is coming. */
const QUIET_MS = 3000;

interface OpenTimes {
  progress: number | null;
  shown: number;
  validated: number;
  longestTask: number;
  freeAt: number;
}

const openFile: BenchCase = {
  name: 'open-100k',
  async run() {
    await buildBundles();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-bench-open-'));
    const big = path.join(folder, 'day.json');
    const small = path.join(folder, 'one.json');
    await writeFile(big, bigBatchText(EVENTS));
    await writeFile(small, bigBatchText(1));
    let answer = '';
    const harness = await startHarness({
      dialogs: { chooseFileToOpen: async () => answer, chooseFilesToOpen: async () => [], chooseFileToSave: async () => null },
    });
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const bigRuns: OpenTimes[] = [];
    const smallRuns: OpenTimes[] = [];
    try {
      for (let run = 0; run < RUNS; run++) {
        for (const [file, events, runs] of [
          [big, EVENTS, bigRuns],
          [small, 1, smallRuns],
        ] as const) {
          answer = file;
          const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
          try {
            const page = await context.newPage();
            await page.goto(harness.url);
            await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: 30_000 });
            runs.push(await timeOpen(page, events));
          } finally {
            await context.close();
          }
        }
      }
    } finally {
      await browser.close();
      await harness.close();
      await rm(folder, { recursive: true, force: true });
    }
    const of = (runs: OpenTimes[], key: keyof OpenTimes) => median(runs.map((times) => times[key] ?? Number.NaN));
    const line: BenchLine = {
      name: 'open-100k-validated',
      value: of(bigRuns, 'validated'),
      unit: 'ms',
      baseline: { name: 'open-1-validated', value: of(smallRuns, 'validated') },
      extra: {
        progressShown: Math.round(of(bigRuns, 'progress')),
        editorShown: Math.round(of(bigRuns, 'shown')),
        longestTask: Math.round(of(bigRuns, 'longestTask')),
        pageFree: Math.round(of(bigRuns, 'freeAt')),
      },
    };
    return [line];
  },
};
export default openFile;

/** Clicks Open… in the page and times, on the page's clock, what the user sees after it. */
function timeOpen(page: Page, events: number): Promise<OpenTimes> {
  return page.evaluate(
    ({ events, quietMs }) =>
      new Promise<OpenTimes>((resolve, reject) => {
        const counted = `${events.toLocaleString('en')} ${events === 1 ? 'event' : 'events'}`;
        const button = document.querySelector<HTMLButtonElement>('button[aria-label="Open…"]');
        if (!button) throw new Error('No Open… button');
        const tasks: PerformanceEntry[] = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
        observer.observe({ type: 'longtask' });
        const started = performance.now();
        let progress: number | null = null;
        let shown: number | null = null;
        let validated: number | null = null;
        button.click();
        const poll = () => {
          const now = performance.now();
          progress ??= document.querySelector('[role="progressbar"], progress') ? now - started : null;
          const tabs = [...document.querySelectorAll('[role="tab"][aria-selected="true"]')];
          if (
            shown === null &&
            tabs.some((tab) => tab.textContent?.includes(events === 1 ? 'one.json' : 'day.json')) &&
            document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('tok_000000')
          )
            shown = now - started;
          if (validated === null && shown !== null && document.querySelector('[data-testid="event-count"]')?.textContent === counted) validated = now - started;
          const lastEnd = Math.max(0, ...tasks.map((task) => task.startTime + task.duration - started));
          if (validated !== null && now - started > Math.max(validated, lastEnd) + quietMs) {
            observer.disconnect();
            resolve({
              progress,
              shown: shown!,
              validated,
              longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
              freeAt: Math.max(validated, lastEnd),
            });
          } else if (now - started > 120_000) reject(new Error('The file did not open within 2 minutes'));
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
      }),
    { events, quietMs: QUIET_MS },
  );
}
