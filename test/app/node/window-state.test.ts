import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_WINDOW_SIZE, createWindowStateStore, isReachable, placeWindow, type WindowState } from '../../../app/node/window-state.ts';

const laptop = { x: 0, y: 0, width: 1920, height: 1050 };
// A second screen to the right, which may be unplugged before the next start.
const external = { x: 1920, y: 0, width: 2560, height: 1400 };
const onExternal: WindowState = { bounds: { x: 2200, y: 100, width: 1400, height: 900 }, maximized: false, fullScreen: false };

afterEach(() => void vi.useRealTimers());

describe('where the window opens', () => {
  it('is where it was, while that screen is there', () => {
    expect(placeWindow(onExternal, laptop, [laptop, external])).toEqual(onExternal);
    const maximised = { ...onExternal, maximized: true, fullScreen: true };
    expect(placeWindow(maximised, laptop, [laptop, external])).toEqual(maximised);
  });

  it('is the default size centred on the primary screen when the saved screen is gone', () => {
    expect(placeWindow(onExternal, laptop, [laptop])).toEqual({
      bounds: { x: (1920 - DEFAULT_WINDOW_SIZE.width) / 2, y: (1050 - DEFAULT_WINDOW_SIZE.height) / 2, ...DEFAULT_WINDOW_SIZE },
      maximized: false,
      fullScreen: false,
    });
  });

  it('is the default, shrunk to fit a small primary screen, on a first start', () => {
    const small = { x: 0, y: 25, width: 1280, height: 775 };
    expect(placeWindow(null, small, [small])).toEqual({ bounds: { x: 0, y: 25, width: 1280, height: 775 }, maximized: false, fullScreen: false });
  });

  it('counts a window as reachable only if enough of its title bar is on a screen', () => {
    const at = (x: number, y: number) => ({ x, y, width: 800, height: 600 });
    expect(isReachable(at(100, 100), [laptop])).toBe(true);
    // Hanging off the right edge with 150 px of title bar still showing: reachable.
    expect(isReachable(at(1770, 100), [laptop])).toBe(true);
    // Only 50 px of it showing: too little to grab.
    expect(isReachable(at(1870, 100), [laptop])).toBe(false);
    // The body is on screen but the title bar is above it: it cannot be dragged back.
    expect(isReachable(at(100, -300), [laptop])).toBe(false);
    expect(isReachable(at(-5000, -5000), [laptop, external])).toBe(false);
  });
});

describe('the saved window state', () => {
  async function store() {
    const dataFolder = await mkdtemp(path.join(os.tmpdir(), 'eventdesk-window-'));
    return createWindowStateStore(dataFolder, { delayMs: 500 });
  }

  it('is written to <data folder>/window-state.json and read back', async () => {
    const states = await store();
    expect(states.load()).toBeNull();
    states.saveNow(onExternal);
    expect(path.basename(states.file)).toBe('window-state.json');
    expect(states.load()).toEqual(onExternal);
  });

  it('is written once, a moment after the last move, with the latest bounds', async () => {
    vi.useFakeTimers();
    const states = await store();
    const snapshot = vi.fn((): WindowState => ({ ...onExternal, bounds: { ...onExternal.bounds, x: 2200 + snapshot.mock.calls.length } }));
    for (let step = 0; step < 50; step++) {
      states.saveSoon(snapshot);
      vi.advanceTimersByTime(100);
    }
    expect(existsSync(states.file)).toBe(false);
    vi.advanceTimersByTime(500);
    expect(snapshot).toHaveBeenCalledTimes(1);
    expect(states.load()?.bounds.x).toBe(2201);
  });

  it('saves at once on close and drops the save that was waiting', async () => {
    vi.useFakeTimers();
    const states = await store();
    states.saveSoon(() => ({ ...onExternal, maximized: false }));
    states.saveNow({ ...onExternal, maximized: true });
    vi.advanceTimersByTime(1000);
    expect(states.load()?.maximized).toBe(true);
  });

  it('starts from the default when the file is unreadable', async () => {
    const states = await store();
    writeFileSync(states.file, '{"bounds": "left"}');
    expect(states.load()).toBeNull();
    writeFileSync(states.file, 'not json');
    expect(states.load()).toBeNull();
    expect(readFileSync(states.file, 'utf8')).toBe('not json');
  });
});
