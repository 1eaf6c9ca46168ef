import { writeFile } from 'node:fs/promises';
import { plural } from '../../../base/common/plural.ts';
import { CSV_TEXT_FIELDS, mapCsv, suggestCsvMapping, type CsvColumnTarget, type CsvMapping, type CsvTable } from '../../../features/formats/common/csv.ts';
import { isNdjsonName } from '../../../features/formats/common/batch-file.ts';
import { readFileEvents } from '../../../features/formats/common/file-events.ts';
import type { ImportedEvent } from '../../../features/formats/common/import-result.ts';
import { serializeJson } from '../../../features/formats/common/json.ts';
import { serializeNdjson } from '../../../features/formats/common/ndjson.ts';
import { eventsOfFiles } from '../../../features/plans/node/plan-sources.ts';
import { UsageError, unwritable } from './flags.ts';
import { readUtf8 } from './read-utf8.ts';
import { terminalJson } from '../../../base/common/terminal-text.ts';

/**
 * What the commands read and write: a file's text (or standard input); events from JSON, NDJSON,
 * CSV (with a column mapping), HAR or cURL files, told apart as the app tells a dropped file apart
 * (features/formats/common), several in order; JSON out, or NDJSON when the output file is named so.
 */

/** `auto` takes the app's guess from the headers; otherwise `COLUMN=TARGET,…` and every other column is left out. */
export type CsvMapFlag = string | undefined;

const TARGETS = `${CSV_TEXT_FIELDS.join(', ')}, svc_id, attributes.NAME or - (nothing)`;

function targetOf(text: string, serviceIdField: string): CsvColumnTarget | null {
  if (text === '-') return { to: 'nothing' };
  if (text === 'svc_id' || text === serviceIdField) return { to: 'service-id' };
  if (text.startsWith('attributes.') && text.length > 'attributes.'.length) return { to: 'attribute', name: text.slice('attributes.'.length) };
  const field = CSV_TEXT_FIELDS.find((name) => name === text);
  return field === undefined ? null : { to: 'field', field };
}

/**
 * The app's guess, when it finds a column for every field the service names. A guess that
 * leaves one out is most likely a wrong guess (a header it does not know, "Who" for
 * customer_id), and a script would write events without that field on every run: the command
 * stops and shows the guess as a --csv-map to correct, or to keep as is where the file truly has
 * no such column.
 */
function guessedMapping(table: CsvTable, name: string, serviceIdField: string): CsvMapping {
  const mapping = suggestCsvMapping(table.headers, { serviceIdField });
  const found = new Set(mapping.map((target) => (target.to === 'field' ? target.field : target.to === 'service-id' ? serviceIdField : null)));
  const missing = [...CSV_TEXT_FIELDS, serviceIdField].filter((field) => !found.has(field));
  if (missing.length === 0) return mapping;
  throw new UsageError(
    `--csv-map auto found no column in ${name} for ${missing.join(', ')} among ${table.headers.map((header) => `"${header}"`).join(', ')}. Say which column goes to which field: the guess, to correct or to keep, is --csv-map '${suggestedFlag(table, serviceIdField)}'.`,
  );
}

function mappingOf(flag: string, table: CsvTable, name: string, serviceIdField: string): CsvMapping {
  if (flag === 'auto') return guessedMapping(table, name, serviceIdField);
  const mapping: CsvMapping = table.headers.map(() => ({ to: 'nothing' }));
  for (const pair of flag.split(',')) {
    const equals = pair.lastIndexOf('=');
    const column = pair.slice(0, equals).trim();
    const target = targetOf(pair.slice(equals + 1).trim(), serviceIdField);
    if (equals === -1 || target === null) throw new UsageError(`--csv-map: "${pair}" is not COLUMN=TARGET, where TARGET is ${TARGETS}.`);
    const index = table.headers.findIndex((header) => header.trim() === column);
    if (index === -1)
      throw new UsageError(`--csv-map: ${name} has no column "${column}"; its columns are ${table.headers.map((header) => `"${header}"`).join(', ')}.`);
    mapping[index] = target;
  }
  return mapping;
}

/** How the app would map the columns, as a --csv-map value, for the message that asks for one. */
function suggestedFlag(table: CsvTable, serviceIdField: string): string {
  const named = (target: CsvColumnTarget) =>
    target.to === 'field' ? target.field : target.to === 'service-id' ? 'svc_id' : target.to === 'attribute' ? `attributes.${target.name}` : '-';
  return suggestCsvMapping(table.headers, { serviceIdField })
    .map((target, index) => `${table.headers[index]}=${named(target)}`)
    .join(',');
}

/** The events of FILE (- for standard input) with what the reader noted (a HAR's posts found), or a UsageError saying why there are none. */
export async function readEvents(file: string, csvMap: CsvMapFlag, serviceIdField: string): Promise<{ events: ImportedEvent[]; note?: string }> {
  const text = await readUtf8(file);
  const name = file === '-' ? '<stdin>' : file;
  const reading = readFileEvents(file === '-' ? '' : file, text);
  if (reading?.format === 'csv') {
    const table = reading.table;
    if (!table.ok) throw new UsageError(`${name}: ${table.message}`);
    if (csvMap === undefined)
      throw new UsageError(
        `${name} is CSV: say which column goes to which field with --csv-map auto (the app's guess: ${suggestedFlag(table, serviceIdField)}) or --csv-map 'COLUMN=FIELD,…'.`,
      );
    const mapped = mapCsv(table, mappingOf(csvMap, table, name, serviceIdField), { serviceIdField });
    if (!mapped.ok) throw new UsageError(`${name}: ${mapped.message}`);
    return mapped;
  }
  if (csvMap !== undefined) throw new UsageError(`--csv-map is for a CSV file; ${name} is ${reading?.format ?? 'not a format EventDesk reads'}.`);
  if (reading === null) throw new UsageError(`${name} is not a format EventDesk reads (JSON, NDJSON, CSV, HAR or cURL).`);
  if (!reading.result.ok) throw new UsageError(`${name}: ${reading.result.message}`);
  return reading.result;
}

/** The events as JSON, or NDJSON for an output file named .ndjson or .jsonl; to standard output for - or no file. */
export async function writeEvents(out: string | undefined, events: readonly ImportedEvent[], stdout: (text: string) => void): Promise<void> {
  await writeOut(out, out !== undefined && isNdjsonName(out) ? serializeNdjson(events) : serializeJson(events), stdout);
}

/** A command's output to the --out file, or to standard output for - or no file. */
export async function writeOut(out: string | undefined, text: string, stdout: (text: string) => void): Promise<void> {
  if (out === undefined || out === '-') {
    stdout(terminalJson(text));
    return;
  }
  try {
    await writeFile(out, text);
  } catch (error) {
    throw new UsageError(`--out: ${unwritable(out, error).message}`);
  }
}

/**
 * The events of every file, in order, with what each reader noted (prefixed by its file when
 * several). Of several files, --csv-map goes to those named as CSV (.csv, .tsv) and standard
 * input; one file gets it whatever its name, and is refused it when it is no CSV, as transform does.
 */
export async function readEventFiles(
  files: readonly string[],
  csvMap: CsvMapFlag,
  serviceIdField = 'svc_id',
): Promise<{ events: ImportedEvent[]; notes: string[] }> {
  if (files.length === 0) throw new UsageError('Name the batch files to read (or - for standard input).');
  if (files.filter((file) => file === '-').length > 1) throw new UsageError('Standard input (-) can be read once.');
  const mapped = (file: string) => files.length === 1 || file === '-' || /\.(csv|tsv)$/i.test(file);
  return eventsOfFiles(files, (file) => readEvents(file, mapped(file) ? csvMap : undefined, serviceIdField));
}

/** A summary of where events came from: "3 events of a.json" or "120 events of 2 files". */
export function eventsFrom(count: number, files: readonly string[]): string {
  const names = files.map((file) => (file === '-' ? '<stdin>' : file));
  return `${plural(count, 'event')} of ${names.length === 1 ? names[0] : plural(names.length, 'file')}`;
}
