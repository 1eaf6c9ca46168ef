import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { bucketName, type HistoryFilter, type TimelineBucket, type TimelineKind, type TimelineUnit } from '../common/history.ts';
import type { SubmissionStatus } from '../common/submission.ts';
import { filterSql, shownStatus, storedInstant, type Row } from './submissions-rows.ts';

/**
 * The History timeline: submissions per hour or per day of local time, by what each shows (its
 * status, or a refusal its scenario's step expected). `timeline_hours` keeps one row per UTC hour
 * and environment, its counts a JSON object keyed by status, expected refusal and quarter hour
 * (`ok0`, `failedE2`: every zone's offset is whole quarter hours, so a half-hour zone is named
 * exactly). Triggers keep it as submissions are recorded, change or go, in the same transaction,
 * so the timeline of a million submissions reads a few thousand rows instead of grouping every
 * submission (issue #33). Measured on 100 000 submissions over six months: a row per quarter,
 * environment and status was 61 000 rows and 60 ms; a row per hour and environment, 13 000.
 *
 * A submission stored as 'sending' is left out of the counts (whether it still is depends on the
 * process holding it: `shownStatus`) and counted as it is read, as are those in the part hours at
 * either end of a time range, and every one a search finds (the counts know no words).
 */

const HOUR_MS = 3_600_000;

/** The UTC hour of a row's `started_at`, `YYYY-MM-DDTHH`: ISO text compares in time order. */
const hourOf = (row: string) => `substr(${row}.started_at, 1, 13)`;

/**
 * A row's key in its hour's counts: its status (as stored, or `shown`), `E` when its refusal was
 * expected (refusalExpected, in SQL), its quarter hour.
 */
function keyOf(row: string, shown = `${row}.status`): string {
  const status = `json_extract(${row}.step_verdict, '$.expectedStatus')`;
  const expected = `json_extract(${row}.step_verdict, '$.passed') = 1 AND ${status} IS NOT NULL AND (${status} < 200 OR ${status} > 299)`;
  return `${shown} || CASE WHEN ${expected} THEN 'E' ELSE '' END || (CAST(substr(${row}.started_at, 15, 2) AS INTEGER) / 15)`;
}

/**
 * The two tables of counts: per hour and environment, read when the timeline shows some
 * environments; and per hour over all of them, read when it shows all (a quarter of the rows
 * for four environments: 17 000 rows read in 29 ms, 4 300 in 10).
 */
const TABLES = [
  { table: 'timeline_hours', columns: ['hour', 'environment_id'], of: (row: string) => [hourOf(row), `${row}.environment_id`] },
  { table: 'timeline_all_hours', columns: ['hour'], of: (row: string) => [hourOf(row)] },
] as const;

/** Adds one row to its hour's counts, unless it is stored as 'sending'. */
const addRow = (row: 'NEW' | 'OLD') =>
  TABLES.map(
    ({ table, columns, of }) => `
  INSERT INTO ${table} (${columns.join(', ')}, counts)
    SELECT ${of(row).join(', ')}, json_object(${keyOf(row)}, 1) WHERE ${row}.status <> 'sending'
    ON CONFLICT (${columns.join(', ')}) DO UPDATE SET counts = json_set(counts, '$.' || ${keyOf(row)}, coalesce(json_extract(counts, '$.' || ${keyOf(row)}), 0) + 1);`,
  ).join('');

/** Takes one row from its hour's counts (a count that reaches 0 goes, then an hour with none), unless it was stored as 'sending'. */
const takeRow = (row: 'NEW' | 'OLD') =>
  TABLES.map(({ table, columns, of }) => {
    const path = `'$.' || ${keyOf(row)}`;
    const values = of(row);
    const where = `${columns.map((column, n) => `${column} = ${values[n]}`).join(' AND ')} AND ${row}.status <> 'sending'`;
    return `
  UPDATE ${table} SET counts = CASE WHEN json_extract(counts, ${path}) > 1 THEN json_set(counts, ${path}, json_extract(counts, ${path}) - 1)
    ELSE json_remove(counts, ${path}) END WHERE ${where};
  DELETE FROM ${table} WHERE ${where} AND counts = '{}';`;
  }).join('');

/** The counts tables, their triggers, and the counts of the submissions already recorded: migration 11, so never edited once shipped. */
export const TIMELINE_COUNTS_SQL = `
  ${TABLES.map(
    ({ table, columns }) => `CREATE TABLE ${table} (
    ${columns.map((column) => `${column} TEXT NOT NULL`).join(', ')},
    counts TEXT NOT NULL CHECK (json_valid(counts)),
    PRIMARY KEY (${columns.join(', ')})
  ) WITHOUT ROWID;`,
  ).join('\n')}
  CREATE TRIGGER timeline_hours_insert AFTER INSERT ON submissions BEGIN ${addRow('NEW')} END;
  CREATE TRIGGER timeline_hours_delete AFTER DELETE ON submissions BEGIN ${takeRow('OLD')} END;
  CREATE TRIGGER timeline_hours_update AFTER UPDATE OF status, started_at, environment_id, step_verdict ON submissions
    WHEN OLD.status IS NOT NEW.status OR OLD.started_at IS NOT NEW.started_at OR OLD.environment_id IS NOT NEW.environment_id
      OR OLD.step_verdict IS NOT NEW.step_verdict
  BEGIN ${takeRow('OLD')} ${addRow('NEW')} END;
  ${TABLES.map(
    ({ table, columns, of }) => `INSERT INTO ${table} (${columns.join(', ')}, counts)
    SELECT ${columns.join(', ')}, json_group_object(key, n) FROM (
      SELECT ${of('s')
        .map((value, n) => `${value} AS ${columns[n]}`)
        .join(', ')}, ${keyOf('s')} AS key, count(*) AS n
      FROM submissions s WHERE s.status <> 'sending' GROUP BY ${columns.join(', ')}, key
    ) GROUP BY ${columns.join(', ')};`,
  ).join('\n')}
`;

/** Whether local time has been a whole number of hours from UTC, winter and summer, from 2000 to 2100. */
function wholeHourZone(): boolean {
  for (let year = 2000; year <= 2100; year++) {
    if (new Date(year, 0, 1).getTimezoneOffset() % 60 !== 0 || new Date(year, 6, 1).getTimezoneOffset() % 60 !== 0) return false;
  }
  return true;
}

/** The UTC hour an instant falls in, as `hourOf` writes it (compared as storedInstant says). */
const hourKey = (ms: number) => storedInstant(ms).slice(0, 13);

/** Where `where` is empty, `WHERE condition`; else `where AND condition`. */
const and = (where: string, condition: string) => (where === '' ? `WHERE ${condition}` : `${where} AND ${condition}`);

/** Counts per bucket, named in local time once per UTC quarter hour (`strftime(…, 'localtime')` per row cost 224 ms on 100 000 rows). */
function bucketCounter(unit: TimelineUnit) {
  const whole = wholeHourZone();
  const buckets = new Map<string, TimelineBucket['counts']>();
  let named = '';
  let counts: TimelineBucket['counts'] = {};
  return {
    /** Adds `n` submissions of a kind, started in quarter `quarter` (0 to 3) of a UTC hour `YYYY-MM-DDTHH`. */
    add(hour: string, quarter: number, kind: TimelineKind, n: number): void {
      // Where the zone's offset is whole hours, an hour's four quarters share a bucket.
      const slot = whole ? hour : `${hour}${quarter}`;
      if (slot !== named) {
        named = slot;
        const at = Date.UTC(
          Number(hour.slice(0, 4)),
          Number(hour.slice(5, 7)) - 1,
          Number(hour.slice(8, 10)),
          Number(hour.slice(11, 13)),
          whole ? 0 : quarter * 15,
        );
        const bucket = bucketName(new Date(at), unit);
        counts = buckets.get(bucket) ?? {};
        buckets.set(bucket, counts);
      }
      counts[kind] = (counts[kind] ?? 0) + n;
    },
    /** Oldest first: a bucket's name (`YYYY-MM-DD HH:00`) sorts in time order. */
    buckets(): TimelineBucket[] {
      return [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([bucket, bucketCounts]) => ({ bucket, counts: bucketCounts }));
    },
  };
}

type Counter = ReturnType<typeof bucketCounter>;

const keys = new Map<string, { status: string; kind: TimelineKind; quarter: number }>();

/** A key of the kept counts (`failedE2`) read: its stored status, what it counts as, its quarter hour. There are at most 48 keys. */
function keyParts(key: string) {
  let parts = keys.get(key);
  if (!parts) {
    const expected = key.at(-2) === 'E';
    const status = key.slice(0, expected ? -2 : -1);
    parts = { status, kind: expected ? 'expected' : (status as SubmissionStatus), quarter: Number(key.at(-1)) };
    keys.set(key, parts);
  }
  return parts;
}

export function historyTimeline(prepared: (sql: string) => StatementSync) {
  /** Counts the submissions the filter finds, row by row, that also meet `condition`, each by what it shows. */
  function countRows(counter: Counter, filter: HistoryFilter, condition: string): void {
    const { where, params } = filterSql(filter);
    const rows = prepared(
      `SELECT ${hourOf('s')} AS hour, ${keyOf('s', shownStatus)} AS key, count(*) AS n FROM submissions s ${and(where, condition)} GROUP BY hour, key`,
    ).all(...params) as Row[];
    for (const row of rows) {
      const { kind, quarter } = keyParts(String(row.key));
      counter.add(String(row.hour), quarter, kind, Number(row.n));
    }
  }

  /** Adds the kept counts of the hours in [from, to) (either end open), for the filter's environments and statuses. */
  function countKept(counter: Counter, filter: HistoryFilter, from: number | null, to: number | null): void {
    const conditions: string[] = [];
    const params: SQLInputValue[] = [];
    const placeholders = (values: readonly string[]) => (params.push(...values), values.map(() => '?').join(', '));
    const some = filter.environmentIds.length > 0;
    if (some) conditions.push(`environment_id IN (${placeholders(filter.environmentIds)})`);
    if (from !== null) conditions.push(`hour >= ${placeholders([hourKey(from)])}`);
    if (to !== null) conditions.push(`hour < ${placeholders([hourKey(to)])}`);
    const where = conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`;
    // One text of `hour counts` lines: node:sqlite spends ~0.6 us making each row an object, more
    // than the row's counts take to read (17 000 rows: 10.6 ms as rows, 3.7 ms as one text).
    // In no order: the counter sorts its buckets (ordering here cost 5 ms of 17 000 rows).
    const { lines } = prepared(`SELECT group_concat(hour || counts, char(10)) AS lines FROM ${some ? 'timeline_hours' : 'timeline_all_hours'} ${where}`).get(
      ...params,
    ) as Row;
    if (lines === null) return;
    const statuses = new Set<string>(filter.statuses);
    for (const line of String(lines).split('\n')) {
      const hour = line.slice(0, 13);
      const counts = JSON.parse(line.slice(13)) as Record<string, number>;
      for (const key in counts) {
        const { status, kind, quarter } = keyParts(key);
        if (statuses.size === 0 || statuses.has(status)) counter.add(hour, quarter, kind, counts[key]!);
      }
    }
  }

  /** Submissions per hour or per day of local time, by what each shows, over the filtered set; oldest first. */
  return function timeline(filter: HistoryFilter, unit: TimelineUnit): TimelineBucket[] {
    const counter = bucketCounter(unit);
    if (filter.search.trim() !== '') {
      countRows(counter, filter, '1');
      return counter.buckets();
    }
    const from = filter.from === null ? null : Date.parse(filter.from);
    const to = filter.to === null ? null : Date.parse(filter.to);
    // The whole hours of the range are read from the counts, a part hour at either end row by row.
    const keptFrom = from === null ? null : Math.ceil(from / HOUR_MS) * HOUR_MS;
    const keptTo = to === null ? null : Math.floor(to / HOUR_MS) * HOUR_MS;
    const iso = (ms: number) => new Date(ms).toISOString();
    countRows(counter, filter, `s.status = 'sending'`);
    if (keptFrom !== null && keptTo !== null && keptFrom >= keptTo) {
      countRows(counter, filter, `s.status <> 'sending'`);
    } else {
      if (from !== null && keptFrom !== from) countRows(counter, { ...filter, to: iso(keptFrom!) }, `s.status <> 'sending'`);
      if (to !== null && keptTo !== to) countRows(counter, { ...filter, from: iso(keptTo!) }, `s.status <> 'sending'`);
      countKept(counter, filter, keptFrom, keptTo);
    }
    return counter.buckets();
  };
}
