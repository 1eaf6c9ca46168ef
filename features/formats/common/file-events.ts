import { parseCsv, type CsvReading } from './csv.ts';
import { parseCurl } from './curl.ts';
import { detectFormat, type ImportFormat } from './detect.ts';
import { parseHar } from './har.ts';
import type { ImportResult } from './import-result.ts';
import { parseJson } from './json.ts';
import { parseNdjson } from './ndjson.ts';

/**
 * A file of events read in the format its name and first kilobytes say (detect.ts): its events
 * or why not, or for a CSV its table, which each reader maps its own way (`--csv-map`, the
 * app's guess). Null when no format reads it.
 */
export type FileEvents = { format: 'csv'; table: CsvReading } | { format: Exclude<ImportFormat, 'csv'>; result: ImportResult } | null;

export function readFileEvents(fileName: string, text: string): FileEvents {
  const format = detectFormat(fileName, text.slice(0, 4096));
  switch (format) {
    case 'csv':
      return { format, table: parseCsv(text) };
    case 'ndjson':
      return { format, result: parseNdjson(text) };
    case 'har':
      return { format, result: parseHar(text) };
    case 'json':
      return { format, result: parseJson(text) };
    case 'curl':
      return { format, result: parseCurl(text) };
    case null:
      return null;
  }
}
