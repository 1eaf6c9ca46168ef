import type { Page } from '@playwright/test';

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
