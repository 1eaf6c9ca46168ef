import type { Page } from '@playwright/test';
import { withGoal, type BenchLine } from './bench.ts';

/** What a page did while watched: the long tasks (over 50 ms, a frame lost) and the longest gap between two painted frames. */
export interface FrameWatch {
  longestFrame: number;
  longTasks: number[];
}

/** Starts watching the page's frames and long tasks, until stopWatching. */
export async function startWatching(page: Page): Promise<void> {
  await page.evaluate(() => {
    const watch = { longTasks: [] as number[], longestFrame: 0, last: 0, on: true };
    (window as unknown as { watch: typeof watch }).watch = watch;
    new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => watch.longTasks.push(entry.duration))).observe({ type: 'longtask' });
    const frame = (at: number) => {
      if (watch.last) watch.longestFrame = Math.max(watch.longestFrame, at - watch.last);
      watch.last = at;
      if (watch.on) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

export async function stopWatching(page: Page): Promise<FrameWatch> {
  return page.evaluate(() => {
    const { watch } = window as unknown as { watch: { longTasks: number[]; longestFrame: number; on: boolean } };
    watch.on = false;
    return { longestFrame: watch.longestFrame, longTasks: watch.longTasks };
  });
}

/** A step watched: how long until it was usable, its longest frame and its long tasks. */
export interface Watched {
  usable: number;
  longestFrame: number;
  longTasks: number;
}

/** Runs `step` while watching the page's frames, and two frames past its end so a stall that ends with it is counted. */
export async function watched(page: Page, step: () => Promise<void>): Promise<Watched> {
  await startWatching(page);
  const started = Date.now();
  await step();
  const usable = Date.now() - started;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const watch = await stopWatching(page);
  return { usable, longestFrame: watch.longestFrame, longTasks: watch.longTasks.length };
}

/** The page left alone this long: the baseline every UI case compares its longest frame with. */
const IDLE_WINDOW_MS = 2000;

/** The idle page's frames over IDLE_WINDOW_MS. */
export const watchedIdle = (page: Page): Promise<Watched> => watched(page, () => page.waitForTimeout(IDLE_WINDOW_MS));

/** Issue #33's goal for a place a user waits: no frame over 100 ms. */
export const FRAME_GOAL_MS = 100;

/** A watched step as its bench line: the longest frame against the idle page's, the time to usable and the goal beside it. */
export function frameLine(name: string, measured: Watched, idle: Watched): BenchLine {
  return withGoal(
    {
      name,
      value: measured.longestFrame,
      unit: 'ms',
      baseline: { name: 'idle-page-longest-frame', value: idle.longestFrame },
      extra: { usableMs: measured.usable, longTasks: measured.longTasks },
    },
    `frame<=${FRAME_GOAL_MS}ms`,
    measured.longestFrame <= FRAME_GOAL_MS,
  );
}
