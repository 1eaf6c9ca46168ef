import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseJsonOrNull } from '../../base/node/json-file.ts';

/**
 * Where the window was: `<data folder>/window-state.json`, saved a moment after the user stops
 * moving or resizing it and when it closes, restored at the next start if it still shows on
 * one of the screens.
 */

export const RectangleSchema = z.object({ x: z.number(), y: z.number(), width: z.number().positive(), height: z.number().positive() });
export type Rectangle = z.infer<typeof RectangleSchema>;

export const WindowStateSchema = z.object({
  /** The bounds when neither maximised nor full screen, so un-maximising returns there. */
  bounds: RectangleSchema,
  maximized: z.boolean(),
  fullScreen: z.boolean(),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const DEFAULT_WINDOW_SIZE = { width: 1320, height: 840 } as const;

/** How much of the window's top edge (where it is dragged from) must show on a screen to count as visible. */
const GRIP = { width: 100, height: 20 };
const TITLE_BAR_HEIGHT = 32;

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/** Whether the user can still reach the window: enough of its title bar lies on one screen's work area. */
export function isReachable(bounds: Rectangle, workAreas: readonly Rectangle[]): boolean {
  const titleBar = { ...bounds, height: Math.min(bounds.height, TITLE_BAR_HEIGHT) };
  return workAreas.some((area) => {
    const shared = overlap(titleBar, area);
    return shared.width >= GRIP.width && shared.height >= Math.min(GRIP.height, titleBar.height);
  });
}

/**
 * Where to open the window: as saved if it is still reachable (a screen unplugged since would
 * leave it off-screen), else the default size centred on the primary screen, shrunk to fit it.
 */
export function placeWindow(saved: WindowState | null, primary: Rectangle, workAreas: readonly Rectangle[]): WindowState {
  if (saved && isReachable(saved.bounds, workAreas)) return saved;
  const width = Math.min(DEFAULT_WINDOW_SIZE.width, primary.width);
  const height = Math.min(DEFAULT_WINDOW_SIZE.height, primary.height);
  const bounds = { x: primary.x + Math.round((primary.width - width) / 2), y: primary.y + Math.round((primary.height - height) / 2), width, height };
  return { bounds, maximized: saved?.maximized ?? false, fullScreen: false };
}

export interface WindowStateStoreOptions {
  /** How long after the last move or resize the state is written. */
  delayMs?: number;
}

export function createWindowStateStore(dataFolder: string, options: WindowStateStoreOptions = {}) {
  const file = path.join(dataFolder, 'window-state.json');
  const delayMs = options.delayMs ?? 500;
  let timer: NodeJS.Timeout | undefined;

  /** Synchronous and whole: the last save runs as the window closes, just before the process may exit. */
  function write(state: WindowState): void {
    clearTimeout(timer);
    timer = undefined;
    const temporary = `${file}.${process.pid}.tmp`;
    mkdirSync(dataFolder, { recursive: true });
    writeFileSync(temporary, JSON.stringify(state, null, 2));
    renameSync(temporary, file);
  }

  return {
    file,
    /** The saved state, or null when there is none or it is unreadable. */
    load(): WindowState | null {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return null;
      }
      const parsed = WindowStateSchema.safeParse(parseJsonOrNull(text));
      return parsed.success ? parsed.data : null;
    },
    /** Saves a moment after the last call: a drag fires move events by the hundred. */
    saveSoon(state: () => WindowState): void {
      clearTimeout(timer);
      timer = setTimeout(() => write(state()), delayMs);
    },
    /** Saves at once (the window is closing), replacing any save still waiting. */
    saveNow: write,
  };
}
export type WindowStateStore = ReturnType<typeof createWindowStateStore>;
