import { plural } from '../../../base/common/plural.ts';
import { detectFormat } from './detect.ts';
import { readJson, withoutBom } from './import-result.ts';
import { serializeJson } from './json.ts';
import { parseNdjson } from './ndjson.ts';
import { eventsFromTraffic, isSandboxTraffic } from './sandbox-traffic.ts';

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

/** A place in a batch's text: line and column from 1. */
export interface TextPosition {
  line: number;
  column: number;
}

/**
 * A batch file as `eventdesk validate` and `send` read it: the JSON array to check and send,
 * what was done to make it one, and where a position in that array is in the file.
 */
export type BatchFileText =
  { ok: true; text: string; note: string | null; inFile: ((position: TextPosition) => TextPosition) | null } | { ok: false; message: string };

/**
 * NDJSON as a JSON array that keeps each event on its own line and column, one line down (the
 * "[" takes the first): a problem's position is its place in the file, one line up.
 */
function ndjsonInPlace(text: string): BatchFileText {
  const read = parseNdjson(text);
  if (!read.ok) return { ok: false, message: `it does not read as NDJSON: ${read.message}` };
  const lines = withoutBom(text).split('\n');
  const last = lines.findLastIndex((line) => line.trim() !== '');
  const inArray = lines.map((line, index) => (index >= last || line.trim() === '' ? line : `${line},`));
  const inFile = ({ line, column }: TextPosition): TextPosition =>
    line <= 1 ? { line: 1, column: 1 } : line - 1 > lines.length ? { line: lines.length, column: 1 } : { line: line - 1, column };
  return {
    ok: true,
    text: `[\n${inArray.join('\n')}\n]\n`,
    note: `is NDJSON: read as a JSON array of its ${plural(read.events.length, 'event')}, each where it is in the file.`,
    inFile,
  };
}

/** The start of the sandbox's saved traffic: an array of objects with a method, before a whole parse finds out. */
const MAY_BE_TRAFFIC = /^\s*\[\s*\{[^]*"method"\s*:/;

/**
 * The batch in a file, told apart as `eventdesk transform` and the app's Import tell it
 * (detect.ts): NDJSON (by its name or its lines) as the array of its events in place; the
 * sandbox's traffic saved as JSON (`GET /_sandbox/requests`) as the events its clients posted,
 * positions then in that array; anything else as it is, for the batch's own checks to judge.
 */
export function readBatchText(fileName: string, text: string): BatchFileText {
  const head = text.slice(0, 4096);
  if (isNdjsonName(fileName) || detectFormat(fileName, head) === 'ndjson') return ndjsonInPlace(text);
  if (!MAY_BE_TRAFFIC.test(withoutBom(head))) return { ok: true, text, note: null, inFile: null };
  const reading = readJson(withoutBom(text));
  if (!reading.ok || !isSandboxTraffic(reading.value)) return { ok: true, text, note: null, inFile: null };
  const traffic = eventsFromTraffic(reading.value);
  if (!traffic.ok) return { ok: false, message: traffic.message };
  const note = `is the sandbox's traffic saved as JSON: read as a JSON array of the ${plural(traffic.events.length, 'event')} it carried; positions are in that array. ${traffic.note ?? ''}`;
  return { ok: true, text: serializeJson(traffic.events), note: note.trim(), inFile: null };
}
