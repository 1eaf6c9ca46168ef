import type { NameValue } from '../../environments/common/environment.ts';
import { eventPlace } from '../../../base/common/event-place.ts';
import { isNdjsonName } from '../../formats/common/batch-file.ts';
import { CSV_LIMITS, csvSlices, readCsv } from '../../formats/common/csv.ts';
import { kindOf, readJson, withoutBom } from '../../formats/common/import-result.ts';
import { parseNdjson } from '../../formats/common/ndjson.ts';
import { findTemplates, resolveBatch } from '../../environments/common/templates.ts';

/**
 * What a send step sends, planned from its files: the batch (a workspace file, JSON array or
 * NDJSON, or the events inline), the rows of its data file (CSV or a JSON array of objects),
 * and each row's events with every template resolved, the row's columns as variables over the
 * environment's (the row wins). Problems are sentences naming the file and the place.
 */

export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string };

/** A batch file's events: NDJSON by its name (.ndjson, .jsonl), else a JSON array. */
export function batchEvents(file: string, text: string): Reading<unknown[]> {
  if (isNdjsonName(file)) {
    const read = parseNdjson(text);
    return read.ok ? { ok: true, value: read.events } : { ok: false, problem: `${file}: ${read.message}` };
  }
  const read = readJson(withoutBom(text));
  if (!read.ok)
    return { ok: false, problem: `${file}:${read.line ?? 1}:${read.column ?? 1}: not valid JSON (${read.reason}). A batch file is a JSON array of events.` };
  if (!Array.isArray(read.value)) return { ok: false, problem: `${file}: holds ${kindOf(read.value)}; a batch file is a JSON array of events.` };
  if (read.value.length === 0) return { ok: false, problem: `${file}: the array holds no events; add at least one.` };
  return { ok: true, value: read.value };
}

/** One row of a data file: its columns, as the variables its run of the step resolves templates with. */
export type DataRow = NameValue[];

/** A data file's rows, checked whole: how many, and each in turn as its run of the step needs it. */
export interface DataRows {
  count: number;
  each(): Iterable<DataRow>;
}

/** A checked CSV's rows under its header, read a slice at a time as they are taken (csvSlices). */
function* csvDataRows(text: string): Generator<DataRow> {
  let names: string[] | null = null;
  for (const slice of csvSlices(withoutBom(text))) {
    for (const row of slice.data) {
      if (names === null) names = row.map((name) => name.trim());
      else yield names.map((name, column) => ({ name, value: row[column]! }));
    }
  }
}

function cellText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The most rows a data file may have: each row is a send, so 100 000 already make a run of
 * hours, and a file past it (a table exported whole by mistake) is refused before it is parsed.
 */
export const MAX_DATA_ROWS = 100_000;

/**
 * A data file is limited as every CSV is (cells and each cell's length, CSV_LIMITS), a JSON data
 * file's rows too. A CSV's rows are read as the step runs them, a slice at a time; a JSON data
 * file, parsed whole, is limited in size first.
 */
export const DATA_LIMITS = CSV_LIMITS;
export const MAX_JSON_DATA_CHARS = 16 * 1024 * 1024;

function tooManyRows(file: string, rows: number | string): string {
  return `${file}: ${typeof rows === 'number' ? `${rows.toLocaleString('en')} rows` : rows}; a step runs once per row, and a data file may have at most ${MAX_DATA_ROWS.toLocaleString('en')}. Split it, or keep the rows the test needs.`;
}

/** Whether a CSV text has more lines than a header and MAX_DATA_ROWS rows (a quoted cell may span lines: more lines than rows, never fewer). */
function csvTooLong(text: string): boolean {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (++lines > MAX_DATA_ROWS + 1) return true;
  }
  return false;
}

/**
 * A data file's rows: CSV (by its name, .csv) with a header row, else a JSON array of objects
 * whose values become text. Checked whole before any is taken, so a step refuses a bad file
 * before its first send; a CSV is checked keeping no row, and its rows are read again as taken.
 */
export function dataRows(file: string, text: string): Reading<DataRows> {
  if (/\.csv$/i.test(file)) {
    if (csvTooLong(text)) return { ok: false, problem: tooManyRows(file, `more than ${MAX_DATA_ROWS.toLocaleString('en')} rows`) };
    const checked = readCsv(text, DATA_LIMITS, () => undefined);
    if (!checked.ok) return { ok: false, problem: `${file}: ${checked.message}` };
    if (checked.rows > MAX_DATA_ROWS) return { ok: false, problem: tooManyRows(file, checked.rows) };
    return { ok: true, value: { count: checked.rows, each: () => csvDataRows(text) } };
  }
  if (text.length > MAX_JSON_DATA_CHARS)
    return {
      ok: false,
      problem: `${file}: ${text.length.toLocaleString('en')} characters; a JSON data file may have at most ${MAX_JSON_DATA_CHARS.toLocaleString('en')} (a CSV data file, read a row at a time, may be larger).`,
    };
  const read = readJson(withoutBom(text));
  if (!read.ok)
    return {
      ok: false,
      problem: `${file}:${read.line ?? 1}:${read.column ?? 1}: not valid JSON (${read.reason}). A data file is CSV or a JSON array of objects.`,
    };
  if (!Array.isArray(read.value) || read.value.length === 0)
    return { ok: false, problem: `${file}: a JSON data file is an array of at least one object (one per row); it holds ${kindOf(read.value)}.` };
  if (read.value.length > MAX_DATA_ROWS) return { ok: false, problem: tooManyRows(file, read.value.length) };
  const rows: DataRow[] = [];
  let cells = 0;
  for (const [index, row] of read.value.entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row))
      return { ok: false, problem: `${file}: /${index} (row ${index + 1}) is ${kindOf(row)}, not an object of column values.` };
    const columns = Object.entries(row).map(([name, value]) => ({ name, value: cellText(value) }));
    cells += columns.length;
    if (cells > DATA_LIMITS.maxCells)
      return {
        ok: false,
        problem: `${file}: by row ${(index + 1).toLocaleString('en')}, more than ${DATA_LIMITS.maxCells.toLocaleString('en')} cells (rows × columns), the most a data file may have.`,
      };
    const long = columns.find((column) => column.value.length > DATA_LIMITS.maxCellChars);
    if (long)
      return {
        ok: false,
        problem: `${file}: row ${index + 1} has a value of ${long.value.length.toLocaleString('en')} characters in "${long.name}"; a cell may have at most ${DATA_LIMITS.maxCellChars.toLocaleString('en')}.`,
      };
    rows.push(columns);
  }
  return { ok: true, value: { count: rows.length, each: () => rows } };
}

/** The variable names a batch's templates use (`{{name}}`), each once, in order. */
function variablesUsed(value: unknown, names: Set<string>): Set<string> {
  if (typeof value === 'string') {
    for (const span of findTemplates(value)) if (span.template?.kind === 'variable') names.add(span.template.name);
  } else if (Array.isArray(value)) {
    for (const item of value) variablesUsed(item, names);
  } else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) variablesUsed(item, names);
  }
  return names;
}

export interface ResolveInput {
  events: readonly unknown[];
  /** The environment's variables and its name, to say where a variable was looked for. */
  environment: { name: string; variables: readonly NameValue[] };
  /** The data row this run uses, with its file and number (from 1); null without a data file. */
  row: { file: string; number: number; columns: DataRow } | null;
  timeZone: string;
  now: Date;
}

/** The events with every template resolved; a variable neither the row nor the environment has fails the whole run of the step. */
export function resolveStepEvents(input: ResolveInput): Reading<unknown[]> {
  const { row, environment } = input;
  const rowNames = new Set(row?.columns.map((column) => column.name));
  const known = new Set([...rowNames, ...environment.variables.map((variable) => variable.name)]);
  const missing = [...variablesUsed(input.events, new Set())].filter((name) => !known.has(name));
  if (missing.length > 0) {
    const names = missing.map((name) => `{{${name}}}`).join(', ');
    const where = row ? `row ${row.number} of ${row.file} has no column ${missing.length === 1 ? 'of that name' : 'of those names'}` : 'there is no data file';
    return {
      ok: false,
      problem: `${names}: no such variable. ${where[0]!.toUpperCase()}${where.slice(1)}, and the environment "${environment.name}" has no variable ${missing.length === 1 ? 'of that name' : 'of those names'}. Add the column or the variable, or fix the template.`,
    };
  }
  // The row wins over the environment: its variables come first, and a later duplicate is dropped.
  const variables = [...(row?.columns ?? []), ...environment.variables.filter((variable) => !rowNames.has(variable.name))];
  const resolved = resolveBatch(input.events, { variables, timeZone: input.timeZone, now: input.now });
  if ('problems' in resolved)
    return {
      ok: false,
      problem: `The batch's templates cannot be resolved: ${resolved.problems.map((problem) => `${eventPlace(problem.path)}: ${problem.message}`).join('; ')}`,
    };
  return { ok: true, value: resolved.events };
}
