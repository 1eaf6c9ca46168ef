import { eventsFromJson, readJson, withoutBom, type ImportedEvent, type ImportResult } from './import-result.ts';
import { eventsFromTraffic, isSandboxTraffic } from './sandbox-traffic.ts';

/** A batch file: a JSON array of events, or a single event object; or the sandbox's traffic saved as JSON, whose events it gives. */
export function parseJson(text: string): ImportResult {
  const body = withoutBom(text);
  if (body.trim() === '') return { ok: false, message: 'The file is empty.' };
  const reading = readJson(body);
  if (!reading.ok) {
    const where = reading.line === undefined ? '' : ` at line ${reading.line}, column ${reading.column}`;
    return { ok: false, message: `The file ${reading.tooDeep ? 'nests too deep' : 'is not valid JSON'}${where}: ${reading.reason}.`, line: reading.line };
  }
  return isSandboxTraffic(reading.value) ? eventsFromTraffic(reading.value) : eventsFromJson(reading.value);
}

/** A batch as a person reads it: two-space indents, one field a line, a final newline. */
export function serializeJson(events: readonly ImportedEvent[]): string {
  return `${JSON.stringify(events, null, 2)}\n`;
}
