import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createWindowStateStore, type WindowState } from '../../../app/node/window-state.ts';

// window.ts with Electron replaced at its boundary: it places the window from the saved state
// and the screens, and saves what the window reports.

type Listener = () => void;
const screens = { workAreas: [{ x: 0, y: 0, width: 1920, height: 1050 }] };

class FakeWindow {
  readonly listeners = new Map<string, Listener[]>();
  maximized = false;
  normalBounds = { x: 0, y: 0, width: 0, height: 0 };
  readonly options: Record<string, unknown>;
  constructor(options: Record<string, unknown>) {
    this.options = options;
  }
  on(name: string, listener: Listener): void {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  once(name: string, listener: Listener): void {
    this.on(name, listener);
  }
  emit(name: string): void {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
  maximize(): void {
    this.maximized = true;
  }
  show(): void {}
  getNormalBounds() {
    return this.normalBounds;
  }
  isMaximized() {
    return this.maximized;
  }
  isFullScreen() {
    return false;
  }
  loadURL = async () => undefined;
}

vi.mock('electron', () => ({
  BrowserWindow: FakeWindow,
  app: { getName: () => 'EventDesk' },
  nativeTheme: { shouldUseDarkColors: false },
  shell: {},
  screen: {
    getPrimaryDisplay: () => ({ workArea: screens.workAreas[0] }),
    getAllDisplays: () => screens.workAreas.map((workArea) => ({ workArea })),
  },
}));

const { createMainWindow } = await import('../../../app/electron-main/window.ts');

const saved: WindowState = { bounds: { x: 2200, y: 100, width: 1400, height: 900 }, maximized: true, fullScreen: false };

async function store() {
  return createWindowStateStore(await mkdtemp(path.join(os.tmpdir(), 'eventdesk-window-glue-')), { delayMs: 10 });
}

beforeEach(() => {
  screens.workAreas = [{ x: 0, y: 0, width: 1920, height: 1050 }];
});

describe('the main window', () => {
  it('opens where it was, maximised again, while that screen is plugged in', async () => {
    const states = await store();
    states.saveNow(saved);
    screens.workAreas = [
      { x: 0, y: 0, width: 1920, height: 1050 },
      { x: 1920, y: 0, width: 2560, height: 1400 },
    ];
    const window = createMainWindow('/preload.cjs', 'app://eventdesk/index.html', states) as unknown as FakeWindow;
    expect(window.options).toMatchObject({ ...saved.bounds, fullscreen: false });
    window.emit('ready-to-show');
    expect(window.maximized).toBe(true);
  });

  it('opens centred on the laptop screen once the other screen is gone', async () => {
    const states = await store();
    states.saveNow(saved);
    const window = createMainWindow('/preload.cjs', 'app://eventdesk/index.html', states) as unknown as FakeWindow;
    expect(window.options).toMatchObject({ x: 300, y: 105, width: 1320, height: 840 });
  });

  it('saves its normal bounds and maximised state when it closes', async () => {
    const states = await store();
    const window = createMainWindow('/preload.cjs', 'app://eventdesk/index.html', states) as unknown as FakeWindow;
    window.normalBounds = { x: 40, y: 50, width: 1000, height: 700 };
    window.maximized = true;
    window.emit('close');
    expect(states.load()).toEqual({ bounds: { x: 40, y: 50, width: 1000, height: 700 }, maximized: true, fullScreen: false });
  });

  it('saves a moment after it is moved or resized', async () => {
    const states = await store();
    const window = createMainWindow('/preload.cjs', 'app://eventdesk/index.html', states) as unknown as FakeWindow;
    window.normalBounds = { x: 10, y: 20, width: 1100, height: 800 };
    window.emit('move');
    window.emit('resize');
    expect(states.load()).toBeNull();
    await vi.waitFor(() => expect(states.load()?.bounds).toEqual({ x: 10, y: 20, width: 1100, height: 800 }));
  });
});
