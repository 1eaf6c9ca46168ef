import Papa from 'papaparse';
import { withoutBom, type ImportedEvent, type ImportResult } from './import-result.ts';

/**
 * CSV import in two steps, so the user can see and change the mapping between them: read the
 * table, then map each column to an event field, to an attribute, or to nothing.
 */

export interface CsvTable {
  headers: string[];
  rows: string[][];
}

export type CsvReading = ({ ok: true } & CsvTable) | { ok: false; message: string; line?: number };

/** The text fields of an event a column can fill. The service id has its own target: it is sent as an integer. */
export const CSV_TEXT_FIELDS = ['token', 'created_at', 'device_id', 'customer_id'] as const;
export type CsvTextField = (typeof CSV_TEXT_FIELDS)[number];

export type CsvColumnTarget = { to: 'field'; field: CsvTextField } | { to: 'service-id' } | { to: 'attribute'; name: string } | { to: 'nothing' };

/** One target a column, by position: headers may be blank or repeated, so names cannot key it. */
export type CsvMapping = CsvColumnTarget[];

export interface CsvOptions {
  /** The environment's name for the service-id field (docs/service-api.md writes svc_id). */
  serviceIdField: string;
}

/** How much of a table a reader keeps: past either limit the reading stops, and says so with the numbers. */
export interface CsvLimits {
  /** Header and rows together, in cells (rows × columns). */
  maxCells: number;
  /** The longest a cell may be, in characters. */
  maxCellChars: number;
}

/**
 * The limits every reader of a CSV file keeps to: a scenario's data file, the composer's Import,
 * the command line's transform. A cell costs memory past its text, so a file under the import's
 * size limit could still take gigabytes as a table (100 000 rows × 1 000 columns).
 */
export const CSV_LIMITS: CsvLimits = { maxCells: 1_000_000, maxCellChars: 64 * 1024 };

/** Characters of CSV text parsed at a time: what a reader holds as rows is one slice's, never the whole table's. */
export const CSV_SLICE_CHARS = 1024 * 1024;

/**
 * The rows of a CSV text, a slice (CSV_SLICE_CHARS of text) at a time, as papaparse reads them
 * (it guesses the delimiter, `,` `;` tab `|`, and handles quoted line breaks): each slice is
 * parsed only when the one before has been taken, so nothing holds more rows than a slice has.
 */
export function* csvSlices(body: string): Generator<Papa.ParseResult<string[]>> {
  let parser: Papa.Parser | null = null;
  let pending: Papa.ParseResult<string[]> | null = null;
  Papa.parse<string[]>(body, {
    skipEmptyLines: 'greedy',
    chunkSize: CSV_SLICE_CHARS,
    chunk(results: Papa.ParseResult<string[]>, handle: Papa.Parser) {
      parser = handle;
      pending = results;
      handle.pause();
    },
    // The types ask for it beside `chunk`; the slices say all there is.
    complete: () => undefined,
  });
  while (pending !== null) {
    const slice: Papa.ParseResult<string[]> = pending;
    pending = null;
    yield slice;
    // Parses the next slice, which hands its rows to `chunk` above; after the last, nothing does.
    (parser as Papa.Parser | null)?.resume();
  }
}

/** Why a row read passes the limits (`cells` counted with it), null when it does not; `number` counts from 1, the header included. */
function rowTooLarge(row: readonly string[], number: number, columns: number, cells: number, limits: CsvLimits): string | null {
  const long = row.findIndex((cell) => cell.length > limits.maxCellChars);
  if (long !== -1)
    return `Row ${number} has a cell of ${row[long]!.length.toLocaleString('en')} characters (column ${long + 1}); a cell may have at most ${limits.maxCellChars.toLocaleString('en')}.`;
  if (cells <= limits.maxCells) return null;
  return `The CSV has ${columns.toLocaleString('en')} columns, and by row ${number.toLocaleString('en')} more than ${limits.maxCells.toLocaleString('en')} cells (rows × columns), the most it may have.`;
}

export type CsvCheck = { ok: true; headers: string[]; rows: number } | { ok: false; message: string; line?: number };

/**
 * Reads a CSV text a slice at a time (csvSlices), handing each row under the header to `take`,
 * and stops at the first problem: a row that cannot be read, one past the limits, one of another
 * width than the header. A huge table costs no more memory than `take` keeps.
 */
export function readCsv(text: string, limits: CsvLimits, take: (row: string[]) => void): CsvCheck {
  const body = withoutBom(text);
  if (body.trim() === '') return { ok: false, message: 'The file is empty.' };
  let headers: string[] | null = null;
  let number = 0;
  let cells = 0;
  for (const slice of csvSlices(body)) {
    // A one-column file has no delimiter to detect; papaparse's comma default reads it right.
    const error = slice.errors.find((problem) => problem.code !== 'UndetectableDelimiter');
    const readable = error?.row === undefined ? slice.data : slice.data.slice(0, error.row);
    for (const row of readable) {
      number++;
      cells += row.length;
      const refused = rowTooLarge(row, number, (headers ?? row).length, cells, limits);
      if (refused !== null) return { ok: false, message: refused };
      if (headers === null) headers = row;
      else if (row.length !== headers.length)
        return { ok: false, message: `Row ${number} has ${row.length} cells, but the header row has ${headers.length} columns.` };
      else take(row);
    }
    if (error) {
      const line = error.index === undefined ? undefined : body.slice(0, error.index).split('\n').length;
      const where = line === undefined ? `row ${number + 1}` : `line ${line}`;
      const reason = error.code === 'MissingQuotes' || error.code === 'InvalidQuotes' ? 'a quoted cell is not closed, or has a stray " in it' : error.message;
      return { ok: false, message: `The CSV cannot be read at ${where}: ${reason}.`, line };
    }
  }
  if (headers === null || number === 1) return { ok: false, message: 'The CSV has a header row but no rows of events under it.' };
  return { ok: true, headers, rows: number - 1 };
}

/** Reads a CSV text into its table, within the limits (readCsv). */
export function parseCsv(text: string, limits: CsvLimits = CSV_LIMITS): CsvReading {
  const rows: string[][] = [];
  const read = readCsv(text, limits, (row) => rows.push(row));
  return read.ok ? { ok: true, headers: read.headers, rows } : read;
}

const attributePrefix = /^(?:attr|attributes)\.(.+)$/i;

/** A header as it is compared with field names: no case, no spaces, _ or - ("Device ID" is deviceid). */
const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The names exports give the text fields, as headerKey writes them. */
const FIELD_NAMES: Readonly<Record<string, CsvTextField>> = {
  token: 'token',
  eventtoken: 'token',
  createdat: 'created_at',
  timestamp: 'created_at',
  time: 'created_at',
  datetime: 'created_at',
  eventtime: 'created_at',
  deviceid: 'device_id',
  device: 'device_id',
  deviceuuid: 'device_id',
  customerid: 'customer_id',
  customer: 'customer_id',
};
const SERVICE_ID_NAMES = new Set(['svcid', 'svc', 'serviceid', 'service']);

/**
 * A first guess at the mapping from the header names: a field's own name or a usual other one
 * ("Device ID", "timestamp", "customer"), in any case and spacing, goes to that field; `attr.x`
 * and `attributes.x` to attribute x; a blank header to nothing; every other column to an
 * attribute of its name, since attributes are free-form.
 */
export function suggestCsvMapping(headers: readonly string[], options: CsvOptions): CsvMapping {
  return headers.map((header): CsvColumnTarget => {
    const name = header.trim();
    if (name === '') return { to: 'nothing' };
    const attribute = attributePrefix.exec(name)?.[1];
    if (attribute !== undefined) return { to: 'attribute', name: attribute };
    const key = headerKey(name);
    if (key === headerKey(options.serviceIdField) || SERVICE_ID_NAMES.has(key)) return { to: 'service-id' };
    const field = FIELD_NAMES[key];
    return field ? { to: 'field', field } : { to: 'attribute', name };
  });
}

function targetName(target: CsvColumnTarget, options: CsvOptions): string | null {
  if (target.to === 'field') return target.field;
  if (target.to === 'service-id') return options.serviceIdField;
  if (target.to === 'attribute') return `attributes.${target.name}`;
  return null;
}

/**
 * The events of the table's rows under the mapping. An empty cell leaves its field or
 * attribute out rather than sending "": CSV cannot tell an empty text from a missing one, and
 * a missing field is what the validator warns about. A service id that is not a whole number
 * stays text, so the validator shows it where it is and nothing is lost. Attribute values stay
 * text, as in docs/service-api.md's samples. An event gets `attributes` when any column maps to one.
 */
export function mapCsv(table: CsvTable, mapping: CsvMapping, options: CsvOptions): ImportResult {
  const seen = new Map<string, number>();
  for (const [column, target] of mapping.entries()) {
    const name = targetName(target, options);
    if (name === null) continue;
    const earlier = seen.get(name);
    if (earlier !== undefined) return { ok: false, message: `Columns ${earlier + 1} and ${column + 1} both go to ${name}; choose one.` };
    seen.set(name, column);
  }
  if (seen.size === 0) return { ok: false, message: 'No column goes to a field or an attribute; map at least one.' };
  const hasAttributes = mapping.some((target) => target.to === 'attribute');
  let emptyCells = 0;
  let textServiceIds = 0;
  const events = table.rows.map((row) => {
    const event: ImportedEvent = {};
    // Pairs, not assignments: an attribute named __proto__ must stay an attribute.
    const attributes: [string, string][] = [];
    mapping.forEach((target, column) => {
      const cell = row[column] ?? '';
      if (target.to === 'nothing') return;
      if (cell === '') {
        emptyCells++;
        return;
      }
      if (target.to === 'attribute') attributes.push([target.name, cell]);
      else if (target.to === 'field') event[target.field] = cell;
      else {
        const number = /^\s*-?\d+\s*$/.test(cell) ? Number(cell) : NaN;
        if (!Number.isSafeInteger(number)) textServiceIds++;
        event[options.serviceIdField] = Number.isSafeInteger(number) ? number : cell;
      }
    });
    if (hasAttributes) event.attributes = Object.fromEntries(attributes);
    return event;
  });
  const notes = [
    emptyCells > 0 ? `${emptyCells} empty ${emptyCells === 1 ? 'cell was' : 'cells were'} left out.` : '',
    textServiceIds > 0
      ? `${textServiceIds} ${options.serviceIdField} ${textServiceIds === 1 ? 'value is not a whole number' : 'values are not whole numbers'} and stayed text for you to fix.`
      : '',
  ].filter((note) => note !== '');
  return notes.length > 0 ? { ok: true, events, note: notes.join(' ') } : { ok: true, events };
}
