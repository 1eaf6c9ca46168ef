import type { EnvironmentView } from '../../../features/environments/common/environment.ts';
import { parseCsv, type CsvTable } from '../../../features/formats/common/csv.ts';
import { exportCurl, parseCurl } from '../../../features/formats/common/curl.ts';
import { detectFormat } from '../../../features/formats/common/detect.ts';
import { exportHar, parseHar } from '../../../features/formats/common/har.ts';
import type { HttpRequest } from '../../../features/formats/common/http-request.ts';
import type { ImportedEvent, ImportResult } from '../../../features/formats/common/import-result.ts';
import { parseJson } from '../../../features/formats/common/json.ts';
import { parseNdjson, serializeNdjson } from '../../../features/formats/common/ndjson.ts';
import { MASK } from '../../../base/common/redaction/redact.ts';

/** What a dropped, opened or pasted text turns into: events for a new batch, a CSV to map first, or why not. */
export type Imported = { kind: 'events'; events: ImportedEvent[]; note?: string } | { kind: 'csv'; table: CsvTable } | { kind: 'error'; message: string };

/** A parser's answer as an import: its events with its note (and `more` said after it), or why not. */
function importedOf(result: ImportResult, more?: string): Exclude<Imported, { kind: 'csv' }> {
  if (!result.ok) return { kind: 'error', message: result.line ? `${result.message} (line ${result.line})` : result.message };
  const note = [result.note, more].filter((part) => part !== undefined).join(' ');
  return { kind: 'events', events: result.events, ...(note ? { note } : {}) };
}

export function importText(fileName: string, text: string): Imported {
  const format = detectFormat(fileName, text.slice(0, 4096));
  if (format === 'csv') {
    const table = parseCsv(text);
    return table.ok ? { kind: 'csv', table } : { kind: 'error', message: table.message };
  }
  if (format === 'curl') return importCurl(text);
  const result = format === 'ndjson' ? parseNdjson(text) : format === 'har' ? parseHar(text) : format === 'json' ? parseJson(text) : null;
  if (!result) return { kind: 'error', message: `${fileName} is not a format EventDesk reads (JSON, NDJSON, CSV, cURL or HAR).` };
  return importedOf(result);
}

/** A cURL command's body as a batch, or why not: what Paste cURL reads, whatever the text starts with. */
export function importCurl(text: string): Exclude<Imported, { kind: 'csv' }> {
  const command = parseCurl(text);
  // A command's address and headers (its API key, its token) are not kept: sending uses the environment's.
  return importedOf(
    command,
    command.ok ? `Only its body became the batch; sending uses the environment's address and headers, not those of ${hostOf(command.request.url)}.` : undefined,
  );
}

/** The host a command posted to, as a note names it (never the whole URL, which may carry a key). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || 'the command';
  } catch {
    return 'the command';
  }
}

export type ExportFormat = 'json' | 'ndjson' | 'curl' | 'har';

/**
 * The request this batch would make, with the secrets only as masks: the renderer never holds
 * them. (A copy with real secrets can only be made by main, and is part of sending.)
 */
function requestOf(text: string, environment: EnvironmentView | null): HttpRequest {
  return {
    method: 'POST',
    url: `${environment?.resolvedBaseUrl || 'https://api.example.com'}/user/events`,
    headers: {
      ...Object.fromEntries((environment?.extraHeaders ?? []).map((header) => [header.name, header.value])),
      'Content-Type': 'application/json',
      apiKey: environment?.apiKey.hint ?? MASK,
      Authorization: `Bearer ${MASK}`,
    },
    body: text,
  };
}

export function exportBatch(format: ExportFormat, text: string, environment: EnvironmentView | null, appVersion: string): { text: string; extension: string } {
  switch (format) {
    case 'json':
      return { text, extension: 'json' };
    case 'ndjson': {
      const events = parseJson(text);
      if (!events.ok) throw new Error(`NDJSON needs a batch that is valid JSON: ${events.message}`);
      return { text: serializeNdjson(events.events), extension: 'ndjson' };
    }
    case 'curl':
      return { text: `${exportCurl(requestOf(text, environment))}\n`, extension: 'sh' };
    case 'har':
      return {
        text: exportHar([{ startedDateTime: new Date().toISOString(), time: 0, request: requestOf(text, environment), response: null }], { appVersion }),
        extension: 'har',
      };
  }
}
