import { BrowserWindow, dialog } from 'electron';
import type { FileDialogs } from '../services/files.ts';

const batchFilters = [
  { name: 'Batches', extensions: ['json', 'ndjson', 'jsonl'] },
  { name: 'All files', extensions: ['*'] },
];

/** The OS's own open and save dialogs, over the focused window. */
export const electronDialogs: FileDialogs = {
  async chooseFileToOpen() {
    const window = BrowserWindow.getFocusedWindow();
    const options = { properties: ['openFile' as const], filters: batchFilters };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async chooseFileToSave(suggestedName) {
    const window = BrowserWindow.getFocusedWindow();
    const options = { defaultPath: suggestedName, filters: batchFilters };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  },
};
