import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../../base/common/errors.ts';
import type { ImportedEvent } from '../../formats/common/import-result.ts';
import { importJsonSchemas } from '../common/import-json-schema.ts';
import type { PlanImportOptions, PlanImportResult, PlanSourceFile } from '../common/import-plan.ts';
import { importRudderStack } from '../common/import-rudderstack.ts';
import { importSegment } from '../common/import-segment.ts';
import type { PlanImportFormat } from '../common/plan-draft.ts';

/**
 * What a plan is drafted from, read the same way by `eventdesk plan infer|import` and by the
 * app's "Draft a tracking plan": the events of several batch files as one list, and the files
 * of another tool's export, a folder standing for its .json files. Each caller reads one file
 * its own way (the command line takes - for standard input and --csv-map; the app reads only
 * what its dialog chose, up to a size).
 */

/** Each format a plan is imported from, and its importer. */
export const PLAN_IMPORTERS: Record<PlanImportFormat, (files: readonly PlanSourceFile[], options: PlanImportOptions) => PlanImportResult> = {
  'json-schema': importJsonSchemas,
  segment: importSegment,
  rudderstack: importRudderStack,
};

/** One batch file's events, with what its reader noted (a HAR's posts found). */
export type ReadEventFile = (file: string) => Promise<{ events: readonly ImportedEvent[]; note?: string | undefined }>;

/** The events of every file, in order, with each reader's note (prefixed by its file when several). */
export async function eventsOfFiles(
  files: readonly string[],
  read: ReadEventFile,
  nameOf: (file: string) => string = (file) => file,
): Promise<{ events: ImportedEvent[]; notes: string[] }> {
  const events: ImportedEvent[] = [];
  const notes: string[] = [];
  for (const file of files) {
    const reading = await read(file);
    // A loop, not push(...reading.events): a spread of 100 000 arguments can overflow the stack.
    for (const event of reading.events) events.push(event);
    if (reading.note) notes.push(files.length > 1 ? `${nameOf(file)}: ${reading.note}` : reading.note);
  }
  return { events, notes };
}

async function isFolder(file: string): Promise<boolean> {
  // A path that cannot be looked at is left to the reader, which says why in its own words.
  const info = await stat(file).catch(() => null);
  return info?.isDirectory() ?? false;
}

/** The exported files to import: each file given, and the .json files of each folder given, in name order. */
export async function planSourcesOf(paths: readonly string[], read: (file: string) => Promise<PlanSourceFile>): Promise<PlanSourceFile[]> {
  const files: PlanSourceFile[] = [];
  for (const given of paths) {
    if (!(await isFolder(given))) {
      files.push(await read(given));
      continue;
    }
    const names = (await readdir(given)).filter((name) => /\.json$/i.test(name)).sort();
    if (names.length === 0) throw new AppError('plan-source-unreadable', `${given} is a folder with no .json file in it.`);
    for (const name of names) files.push(await read(path.join(given, name)));
  }
  return files;
}
