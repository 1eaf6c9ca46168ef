import type { OpenDialogOptions, SaveDialogOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// adapters/dialogs.ts with Electron replaced at its boundary: what it asks the OS's dialogs for.

const asked: (OpenDialogOptions | SaveDialogOptions)[] = [];
let answer: { canceled: boolean; filePaths?: string[]; filePath?: string } = { canceled: true };
vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => null },
  dialog: {
    showOpenDialog: async (options: OpenDialogOptions) => (asked.push(options), answer),
    showSaveDialog: async (options: SaveDialogOptions) => (asked.push(options), answer),
  },
}));

const { electronDialogs } = await import('../../../app/electron-main/dialogs.ts');

beforeEach(() => void (asked.length = 0));

describe('the OS dialogs a plan is drafted through', () => {
  it('choose several event files or exported plan files at once, or one folder of exports', async () => {
    answer = { canceled: false, filePaths: ['/a.json', '/b.csv'] };
    expect(await electronDialogs.chooseFilesToOpen('events')).toEqual(['/a.json', '/b.csv']);
    expect(asked[0]).toMatchObject({
      properties: ['openFile', 'multiSelections'],
      filters: [{ extensions: expect.arrayContaining(['json', 'ndjson', 'csv', 'har']) }, { name: 'All files' }],
    });
    await electronDialogs.chooseFilesToOpen('plan-exports');
    expect(asked[1]).toMatchObject({ properties: ['openFile', 'multiSelections'], filters: [{ extensions: ['json'] }, { name: 'All files' }] });
    await electronDialogs.chooseFilesToOpen('plan-export-folder');
    expect(asked[2]).toEqual({ properties: ['openDirectory'] });
    answer = { canceled: true, filePaths: [] };
    expect(await electronDialogs.chooseFilesToOpen('events')).toEqual([]);
  });

  it('save a plan as a tracking plan, not as a batch', async () => {
    answer = { canceled: false, filePath: '/plans/shop.plan.json' };
    expect(await electronDialogs.chooseFileToSave('shop.plan.json')).toBe('/plans/shop.plan.json');
    expect(asked[0]).toMatchObject({ defaultPath: 'shop.plan.json', filters: [{ name: 'Tracking plans (*.plan.json, *.json)' }, { name: 'All files' }] });
  });
});
