import type { CsvTable } from '../../../features/formats/common/csv.ts';
import { serializeJson } from '../../../features/formats/common/json.ts';
import { importText } from './importing.ts';

/**
 * The import worker's messages. A file (or a text main read for the page) goes in; what comes
 * back is what the page shows: the events already written as the text of a batch and counted,
 * never 100 000 objects to clone; a CSV's table, to map in its dialog; or why not.
 */

export interface ImportRequest {
  id: number;
  fileName: string;
  /** A chosen or dropped file is read in the worker; a text main read is handed over as it is. */
  source: Blob | string;
}

export type ImportRead = { kind: 'events'; text: string; count: number; note?: string } | { kind: 'csv'; table: CsvTable } | { kind: 'error'; message: string };

export type ImportAnswer = { id: number } & (ImportRead | { kind: 'cancelled' });

/** What the worker answers to a request; a test runs it in process. */
export async function respondToImport(request: ImportRequest): Promise<ImportAnswer> {
  try {
    const text = typeof request.source === 'string' ? request.source : await request.source.text();
    return { id: request.id, ...readImport(request.fileName, text) };
  } catch (error) {
    // A file gone or unreadable since it was chosen: said, never an import that waits for ever.
    return { id: request.id, kind: 'error', message: `It could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export function readImport(fileName: string, text: string): ImportRead {
  const imported = importText(fileName, text);
  if (imported.kind !== 'events') return imported;
  return { kind: 'events', text: serializeJson(imported.events), count: imported.events.length, ...(imported.note ? { note: imported.note } : {}) };
}
