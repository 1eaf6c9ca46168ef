import { BrowserWindow, dialog, type OpenDialogOptions } from 'electron';
import path from 'node:path';
import { IMPORT_EXTENSIONS } from '../../features/documents/common/files.ts';
import type { FileDialogs, OpenManyPurpose, OpenPurpose } from '../../base/node/ports.ts';

const allFiles = { name: 'All files', extensions: ['*'] };
const batchFilters = [{ name: 'Batches', extensions: ['json', 'ndjson', 'jsonl'] }, allFiles];
const openFilters: Record<OpenPurpose, typeof batchFilters> = {
  batch: batchFilters,
  import: [{ name: 'Events (JSON, NDJSON, CSV, HAR, cURL)', extensions: [...IMPORT_EXTENSIONS] }, allFiles],
  plan: [{ name: 'Tracking plans (*.plan.json, *.json)', extensions: ['json'] }, allFiles],
};

const openManyOptions: Record<OpenManyPurpose, OpenDialogOptions> = {
  events: { properties: ['openFile', 'multiSelections'], filters: openFilters.import },
  'plan-exports': { properties: ['openFile', 'multiSelections'], filters: [{ name: 'Exported tracking plans (*.json)', extensions: ['json'] }, allFiles] },
  // A folder alone: Windows and Linux show no dialog that picks files and folders both.
  'plan-export-folder': { properties: ['openDirectory'] },
  workspace: { title: 'Open Workspace', buttonLabel: 'Open Workspace', properties: ['openDirectory'] },
};

/** A batch saves as a batch, a plan as a plan; an export (a .har, a diagnostics .zip) under its own type. */
function saveFilters(suggestedName: string) {
  if (/\.plan\.json$/i.test(suggestedName)) return openFilters.plan;
  const extension = path.extname(suggestedName).slice(1).toLowerCase();
  if (!extension || batchFilters[0]!.extensions.includes(extension)) return batchFilters;
  return [{ name: `${extension.toUpperCase()} files`, extensions: [extension] }, allFiles];
}

/** The OS's own open and save dialogs, over the focused window. */
export const electronDialogs: FileDialogs = {
  async chooseFileToOpen(purpose) {
    const window = BrowserWindow.getFocusedWindow();
    const options = { properties: ['openFile' as const], filters: openFilters[purpose] };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  },
  async chooseFilesToOpen(purpose) {
    const window = BrowserWindow.getFocusedWindow();
    const result = window ? await dialog.showOpenDialog(window, openManyOptions[purpose]) : await dialog.showOpenDialog(openManyOptions[purpose]);
    return result.canceled ? [] : result.filePaths;
  },
  async chooseFileToSave(suggestedName) {
    const window = BrowserWindow.getFocusedWindow();
    const options = { defaultPath: suggestedName, filters: saveFilters(suggestedName) };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    return result.canceled ? null : (result.filePath ?? null);
  },
};
