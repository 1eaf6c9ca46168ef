import { describe, expect, it } from 'vitest';
import { CSV_SLICE_CHARS, csvSlices } from '../../../features/formats/common/csv.ts';
import {
  DATA_LIMITS,
  MAX_DATA_ROWS,
  MAX_JSON_DATA_CHARS,
  batchEvents,
  dataRows,
  resolveStepEvents,
  type DataRow,
} from '../../../features/runs/common/step-data.ts';

const NOW = new Date('2026-11-24T09:30:00Z');

describe('batchEvents', () => {
  it('reads a JSON array, and NDJSON by its name', () => {
    expect(batchEvents('batches/a.json', '[{"token":"a"},{"token":"b"}]')).toEqual({ ok: true, value: [{ token: 'a' }, { token: 'b' }] });
    expect(batchEvents('batches/a.ndjson', '{"token":"a"}\n\n{"token":"b"}\n')).toEqual({ ok: true, value: [{ token: 'a' }, { token: 'b' }] });
  });

  it('names the file and the place of what is wrong', () => {
    expect(batchEvents('batches/a.json', '[\n{"token": }]')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^batches\/a\.json:2:\d+: not valid JSON/),
    });
    expect(batchEvents('batches/a.json', '{"token":"a"}')).toEqual({
      ok: false,
      problem: 'batches/a.json: holds an object; a batch file is a JSON array of events.',
    });
    expect(batchEvents('batches/a.json', '[]')).toMatchObject({ ok: false, problem: expect.stringContaining('holds no events') });
    expect(batchEvents('batches/a.ndjson', '{"token":"a"}\n[1]\n')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^batches\/a\.ndjson: Line 2 holds a list/),
    });
  });
});

/** Every row a data file gives, read to the end. */
function rowsOf(read: ReturnType<typeof dataRows>): DataRow[] {
  if (!read.ok) throw new Error(read.problem);
  return [...read.value.each()];
}

describe('dataRows', () => {
  it("reads a CSV's rows as they are taken, a slice of its text at a time, never the table whole", () => {
    // 1 000 000 cells (the most): 100 000 rows of 10 columns, 2.5 MB of text.
    const columns = 10;
    const text = `${Array.from({ length: columns }, (_, column) => `c${column}`).join(',')}\n${Array.from({ length: MAX_DATA_ROWS - 1 }, (_, row) => `${`r${row}`.padEnd(5, '-')},x,x,x,x,x,x,x,x,x`).join('\n')}\n`;
    const slices = [...csvSlices(text)].map((slice) => slice.data.length);
    expect(slices.length).toBeGreaterThan(2);
    expect(Math.max(...slices)).toBeLessThanOrEqual(Math.ceil(CSV_SLICE_CHARS / (columns * 2)));
    expect(slices.reduce((sum, rows) => sum + rows, 0)).toBe(MAX_DATA_ROWS);
    const read = dataRows('data/users.csv', text);
    if (!read.ok) throw new Error(read.problem);
    expect(read.value.count).toBe(MAX_DATA_ROWS - 1);
    // Taken one at a time: the first row comes before the rest of the file is parsed again.
    const rows = read.value.each()[Symbol.iterator]();
    expect(rows.next().value).toEqual(Array.from({ length: columns }, (_, column) => ({ name: `c${column}`, value: column === 0 ? 'r0---' : 'x' })));
    let count = 1;
    while (!rows.next().done) count++;
    expect(count).toBe(MAX_DATA_ROWS - 1);
  });

  it('reads a CSV with a header row: one row of named columns per line', () => {
    expect(rowsOf(dataRows('data/users.csv', 'customer,plan\ncust-1,pro\ncust-2,free\n'))).toEqual([
      [
        { name: 'customer', value: 'cust-1' },
        { name: 'plan', value: 'pro' },
      ],
      [
        { name: 'customer', value: 'cust-2' },
        { name: 'plan', value: 'free' },
      ],
    ]);
  });

  it('reads a JSON array of objects, its values as text', () => {
    expect(rowsOf(dataRows('data/users.json', '[{"customer":"cust-1","seats":3,"trial":true}]'))).toEqual([
      [
        { name: 'customer', value: 'cust-1' },
        { name: 'seats', value: '3' },
        { name: 'trial', value: 'true' },
      ],
    ]);
  });

  it('refuses a CSV bomb (100 000 rows × 1 000 columns, 200 MB) at the cell limit, saying the numbers, after reading a thousand rows of it', () => {
    const row = `${'c,'.repeat(999)}c\n`;
    const bomb = row.repeat(100_001);
    expect(bomb.length).toBe(200_002_000);
    expect(dataRows('data/bomb.csv', bomb)).toEqual({
      ok: false,
      problem: 'data/bomb.csv: The CSV has 1,000 columns, and by row 1,001 more than 1,000,000 cells (rows × columns), the most it may have.',
    });
    expect(dataRows('data/long.csv', `customer\nc-1\n${'x'.repeat(DATA_LIMITS.maxCellChars + 1)}\n`)).toEqual({
      ok: false,
      problem: 'data/long.csv: Row 3 has a cell of 65,537 characters (column 1); a cell may have at most 65,536.',
    });
  });

  it("refuses a JSON data file past its size, its cells or a cell's length", () => {
    expect(dataRows('data/big.json', `[${' '.repeat(MAX_JSON_DATA_CHARS)}{}]`)).toEqual({
      ok: false,
      problem: 'data/big.json: 16,777,220 characters; a JSON data file may have at most 16,777,216 (a CSV data file, read a row at a time, may be larger).',
    });
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, column) => [`c${column}`, 1]));
    expect(dataRows('data/wide.json', JSON.stringify(Array.from({ length: 1001 }, () => wide)))).toEqual({
      ok: false,
      problem: 'data/wide.json: by row 1,001, more than 1,000,000 cells (rows × columns), the most a data file may have.',
    });
    expect(dataRows('data/long.json', JSON.stringify([{ note: 'x'.repeat(DATA_LIMITS.maxCellChars + 1) }]))).toEqual({
      ok: false,
      problem: 'data/long.json: row 1 has a value of 65,537 characters in "note"; a cell may have at most 65,536.',
    });
  });

  it('refuses a data file of more rows than a run can send, before parsing a CSV that long, and takes one of exactly the most', () => {
    const csv = (rows: number, end = '\n') => `customer\n${'c\n'.repeat(rows - 1)}c${end}`;
    expect(dataRows('data/all.csv', csv(MAX_DATA_ROWS))).toMatchObject({ ok: true, value: { count: MAX_DATA_ROWS } });
    expect(dataRows('data/all.csv', csv(MAX_DATA_ROWS + 1, ''))).toEqual({
      ok: false,
      problem: 'data/all.csv: 100,001 rows; a step runs once per row, and a data file may have at most 100,000. Split it, or keep the rows the test needs.',
    });
    // A million rows are refused from a count of their lines ("more than"), never parsed.
    expect(dataRows('data/all.csv', csv(1_000_000))).toEqual({
      ok: false,
      problem:
        'data/all.csv: more than 100,000 rows; a step runs once per row, and a data file may have at most 100,000. Split it, or keep the rows the test needs.',
    });
    expect(dataRows('data/all.json', JSON.stringify(Array.from({ length: MAX_DATA_ROWS + 1 }, () => ({ customer: 'c' }))))).toMatchObject({
      ok: false,
      problem: expect.stringContaining('data/all.json: 100,001 rows;'),
    });
  });

  it('names the file and the row that cannot be read', () => {
    expect(dataRows('data/users.csv', 'a,b\n1\n')).toEqual({ ok: false, problem: 'data/users.csv: Row 2 has 1 cells, but the header row has 2 columns.' });
    expect(dataRows('data/users.json', '[{"a":1}, 2]')).toEqual({
      ok: false,
      problem: 'data/users.json: /1 (row 2) is a number, not an object of column values.',
    });
    expect(dataRows('data/users.json', '{}')).toMatchObject({ ok: false, problem: expect.stringContaining('an array of at least one object') });
  });
});

describe('resolveStepEvents', () => {
  const environment = {
    name: 'staging',
    variables: [
      { name: 'plan', value: 'env-plan' },
      { name: 'region', value: 'eu' },
    ],
  };
  const events = [{ token: 'signup', customer_id: '{{customer}}', attributes: { plan: '{{plan}}', region: '{{region}}' }, created_at: '{{$now}}' }];

  it("resolves the row's columns over the environment's variables: the row wins", () => {
    const resolved = resolveStepEvents({
      events,
      environment,
      row: {
        file: 'data/users.csv',
        number: 1,
        columns: [
          { name: 'customer', value: 'cust-1' },
          { name: 'plan', value: 'pro' },
        ],
      },
      timeZone: 'UTC',
      now: NOW,
    });
    expect(resolved).toEqual({
      ok: true,
      value: [{ token: 'signup', customer_id: 'cust-1', attributes: { plan: 'pro', region: 'eu' }, created_at: '2026-11-24 09:30:00' }],
    });
  });

  it('fails clearly on a variable neither the row nor the environment has: which variable, which row, which file', () => {
    const resolved = resolveStepEvents({
      events,
      environment,
      row: { file: 'data/users.csv', number: 3, columns: [{ name: 'plan', value: 'pro' }] },
      timeZone: 'UTC',
      now: NOW,
    });
    expect(resolved).toEqual({
      ok: false,
      problem:
        '{{customer}}: no such variable. Row 3 of data/users.csv has no column of that name, and the environment "staging" has no variable of that name. Add the column or the variable, or fix the template.',
    });
    expect(resolveStepEvents({ events, environment, row: null, timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('There is no data file, and the environment "staging"'),
    });
  });

  it("says where another template's problem is", () => {
    expect(resolveStepEvents({ events: [{ token: '{{$randomInt 5 1}}' }], environment, row: null, timeZone: 'UTC', now: NOW })).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^The batch's templates cannot be resolved: event 1 \(\/0\/token\): /),
    });
  });
});
