import { excerpt, kindOf, readJson, withoutBom, type ImportedEvent, type ImportResult } from './import-result.ts';

/** NDJSON (JSON Lines): one event object a line; blank lines are skipped. */
export function parseNdjson(text: string): ImportResult {
  const lines = withoutBom(text).split('\n');
  const events: ImportedEvent[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    // Parsed untrimmed, so a column in the message is the column in the file.
    const reading = readJson(line);
    const number = index + 1;
    if (!reading.ok) {
      const where = reading.column === undefined ? '' : ` at column ${reading.column}`;
      const what = reading.tooDeep ? 'nests too deep' : 'is not valid JSON';
      return { ok: false, message: `Line ${number} ${what}${where}: ${reading.reason}. It starts: ${excerpt(line.trim())}`, line: number };
    }
    const value = reading.value;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, message: `Line ${number} holds ${kindOf(value)}, not one event object.`, line: number };
    }
    events.push(value as ImportedEvent);
  }
  if (events.length === 0) return { ok: false, message: 'The file has no events: every line is blank.' };
  return { ok: true, events };
}

/** One event a line, each line compact JSON, a newline after the last. */
export function serializeNdjson(events: readonly ImportedEvent[]): string {
  return events.map((event) => `${JSON.stringify(event)}\n`).join('');
}
