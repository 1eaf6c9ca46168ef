import { serializeJson } from './json.ts';
import { parseNdjson } from './ndjson.ts';

/** Files named as NDJSON (JSON Lines): one event a line. */
export function isNdjsonName(fileName: string): boolean {
  return /\.(ndjson|jsonl)$/i.test(fileName);
}

/**
 * An NDJSON batch file as the editor and the service take a batch: a JSON array of its events.
 * Opening such a file, or sending it from the command line, reads it this way rather than
 * showing one event a line as broken JSON.
 */
export function batchFromNdjson(text: string): { ok: true; text: string; events: number } | { ok: false; message: string } {
  const read = parseNdjson(text);
  if (!read.ok) return { ok: false, message: read.message };
  return { ok: true, text: serializeJson(read.events), events: read.events.length };
}
