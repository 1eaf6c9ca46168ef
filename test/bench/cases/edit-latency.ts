import { chromium, type Page } from '@playwright/test';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildBundles } from '../../../build/bundles.ts';
import { chromiumArgs, chromiumExecutable } from '../../e2e/support/chromium.ts';
import { validEvent } from '../../fixtures/events.ts';
import { startHarness, type Harness } from '../../harness/server.ts';
import { median, withGoal, type BenchCase, type BenchLine } from '../bench.ts';
import { openBenchBatch } from '../open-in-app.ts';

/**
 * Editing a 100 000-event batch (about 29 MB of pretty JSON) through the harness in Chromium,
 * beside the same on a 1-event batch in the same run:
 * - keystroke → painted: from a key's keydown in the JSON view to the first frame after the
 *   editor's lines changed, a key every 150 ms (typing pace, so validation and autosave run
 *   between keys as they do for a user);
 * - keystroke → markers: from a key that breaks or mends the JSON to the frame after the
 *   Problems counts change (the validation worker's answer shown);
 * - Form field commit: from Enter in a field of the Form view to the first frame after it.
 * And the longest stall of this process's main thread, where calls are admitted and routed as
 * in the app's main process (the services answer on their own thread), while an autosave of
 * the big batch lands, beside the same window idle.
 */

const KEYS = 15;
/** Even, so the last key mends what the one before broke. */
const MARKER_KEYS = 14;
const COMMITS = 7;
const STALL_ROUNDS = 3;
/** The idle window, as long as an autosave takes to land. */
const IDLE_WINDOW_MS = 2500;

function batchOf(count: number): string {
  return JSON.stringify(
    Array.from({ length: count }, (_, index) => validEvent({ token: `tok_${index.toString(36).padStart(6, '0')}`, customer_id: `customer-${index}` })),
    null,
    2,
  );
}

/**
 * Arms a one-shot probe: the time from the next keydown to the first frame after the editor's
 * lines change ('editor'), at once ('frame'), or once the problem counts read otherwise ('problems').
 */
async function armProbe(page: Page, watch: 'editor' | 'frame' | 'problems'): Promise<void> {
  await page.evaluate((watched) => {
    const probe = window as unknown as { latency?: Promise<number> };
    probe.latency = new Promise<number>((resolve) => {
      document.addEventListener(
        'keydown',
        (event) => {
          const started = event.timeStamp;
          const painted = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
          if (watched === 'frame') return painted();
          if (watched === 'problems') {
            const counts = () => document.querySelector('[data-testid="problem-counts"]')?.textContent ?? '';
            const before = counts();
            const observer = new MutationObserver(() => {
              if (counts() === before) return;
              observer.disconnect();
              painted();
            });
            observer.observe(document.querySelector('.problems') ?? document.body, { childList: true, subtree: true, characterData: true });
            return;
          }
          const observer = new MutationObserver(() => {
            observer.disconnect();
            painted();
          });
          observer.observe(document.querySelector('.monaco-editor .view-lines')!, { childList: true, subtree: true, characterData: true });
        },
        { capture: true, once: true },
      );
    });
  }, watch);
}

const readProbe = (page: Page) => page.evaluate(() => (window as unknown as { latency: Promise<number> }).latency);

/** The cursor inside the first token's string, so typing there keeps the batch valid JSON. */
async function intoFirstToken(page: Page): Promise<void> {
  await page.locator('.monaco-editor .view-line').nth(2).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
}

async function keystrokes(page: Page): Promise<number[]> {
  await intoFirstToken(page);
  const samples: number[] = [];
  for (let key = 0; key < KEYS; key++) {
    await armProbe(page, 'editor');
    await page.keyboard.press('x');
    samples.push(await readProbe(page));
    await page.waitForTimeout(150);
  }
  return samples;
}

/** Keystroke → markers and Problems updated: a quote that breaks the JSON, then Backspace that mends it. */
async function markerUpdates(page: Page): Promise<number[]> {
  await intoFirstToken(page);
  const samples: number[] = [];
  for (let key = 0; key < MARKER_KEYS; key++) {
    await armProbe(page, 'problems');
    await page.keyboard.press(key % 2 === 0 ? '"' : 'Backspace');
    samples.push(await readProbe(page));
    await page.waitForTimeout(300);
  }
  return samples;
}

async function formCommits(page: Page): Promise<number[]> {
  await page.getByRole('tab', { name: 'Form' }).click();
  const token = page.getByRole('form', { name: 'Event 1' }).getByLabel('token', { exact: true });
  await token.waitFor({ timeout: 120_000 });
  const samples: number[] = [];
  for (let commit = 0; commit < COMMITS; commit++) {
    await token.fill(`tok_committed_${commit}`);
    await armProbe(page, 'frame');
    await token.press('Enter');
    samples.push(await readProbe(page));
    // Let validation and autosave of this commit pass before the next.
    await page.waitForTimeout(2500);
  }
  await page.getByRole('tab', { name: 'JSON' }).click();
  return samples;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The newest modification time among the drafts' files: it moves when an autosave lands. */
async function lastDraftWrite(harness: Harness): Promise<number> {
  const folder = path.join(harness.dataFolder, 'drafts');
  const times = await Promise.all((await readdir(folder)).map(async (name) => (await stat(path.join(folder, name)).catch(() => null))?.mtimeMs ?? 0));
  return Math.max(0, ...times);
}

/** The longest stall of this process's event loop while `during` runs, in ms. */
async function longestStall(during: () => Promise<void>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await during();
  histogram.disable();
  return histogram.max / 1e6;
}

/** From a keystroke in the big batch until its autosave has landed (and a moment after). */
async function autosaveStall(page: Page, harness: Harness): Promise<number> {
  const before = await lastDraftWrite(harness);
  return longestStall(async () => {
    await page.keyboard.press('y');
    for (let poll = 0; poll < 400 && (await lastDraftWrite(harness)) <= before; poll++) await sleep(50);
    await sleep(300);
  });
}

const editLatency: BenchCase = {
  name: 'edit-latency-100k',
  async run() {
    await buildBundles();
    const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });
    const figures: Record<'small' | 'big', { keys: number[]; markers: number[]; commits: number[] }> = {
      small: { keys: [], markers: [], commits: [] },
      big: { keys: [], markers: [], commits: [] },
    };
    const stalls = { autosave: [] as number[], idle: [] as number[] };
    try {
      for (const [size, count] of [
        ['small', 1],
        ['big', 100_000],
      ] as const) {
        const harness = await startHarness();
        const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
        try {
          await openBenchBatch(page, harness, batchOf(count));
          figures[size].keys = await keystrokes(page);
          figures[size].markers = await markerUpdates(page);
          figures[size].commits = await formCommits(page);
          if (size === 'big') {
            await page.locator('.monaco-editor .view-line').nth(2).click();
            for (let round = 0; round < STALL_ROUNDS; round++) {
              // Whatever the last round set going has settled before each window.
              await sleep(3000);
              stalls.idle.push(await longestStall(() => sleep(IDLE_WINDOW_MS)));
              stalls.autosave.push(await autosaveStall(page, harness));
            }
          }
        } finally {
          await page.close();
          await harness.close();
        }
      }
    } finally {
      await browser.close();
    }
    const lines: BenchLine[] = [
      {
        name: 'edit-latency-100k-keystroke-painted',
        value: median(figures.big.keys),
        unit: 'ms',
        baseline: { name: 'same-on-1-event', value: median(figures.small.keys) },
        extra: { keys: KEYS, worst: Math.round(Math.max(...figures.big.keys)) },
      },
      withGoal(
        {
          name: 'edit-latency-100k-keystroke-markers',
          value: median(figures.big.markers),
          unit: 'ms',
          baseline: { name: 'same-on-1-event', value: median(figures.small.markers) },
          extra: { keys: MARKER_KEYS, worst: Math.round(Math.max(...figures.big.markers)) },
        },
        '<=100ms',
        median(figures.big.markers) <= 100,
      ),
      {
        name: 'edit-latency-100k-form-commit',
        value: median(figures.big.commits),
        unit: 'ms',
        baseline: { name: 'same-on-1-event', value: median(figures.small.commits) },
        extra: { commits: COMMITS, worst: Math.round(Math.max(...figures.big.commits)) },
      },
      {
        name: 'autosave-stall-100k',
        value: median(stalls.autosave),
        unit: 'ms',
        baseline: { name: 'idle-loop', value: median(stalls.idle) },
        extra: { rounds: stalls.autosave.length, worst: Math.round(Math.max(...stalls.autosave)) },
      },
    ];
    return lines;
  },
};
export default editLatency;
