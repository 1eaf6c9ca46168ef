import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { mapCsv, parseCsv, suggestCsvMapping, type CsvTable } from '../../../features/formats/common/csv.ts';
import { eventArbitrary, sampleEvent } from './events.ts';

const options = { serviceIdField: 'svc_id' };

function table(text: string): CsvTable {
  const reading = parseCsv(text);
  if (!reading.ok) throw new Error(reading.message);
  return reading;
}

/** The suggested mapping applied, as the import dialog does before anyone changes it. */
function importCsv(text: string, serviceIdField = 'svc_id') {
  const read = table(text);
  return mapCsv(read, suggestCsvMapping(read.headers, { serviceIdField }), { serviceIdField });
}

describe('CSV import', () => {
  it('reads headers and rows, with a BOM, ; delimiters, quoted line breaks and CRLF', () => {
    expect(parseCsv('\uFEFFtoken;attr.note\r\n"a;1";"two\r\nlines"\r\n\r\n')).toEqual({
      ok: true,
      headers: ['token', 'attr.note'],
      rows: [['a;1', 'two\r\nlines']],
    });
    expect(parseCsv('token\tsvc_id\nx\t1\n')).toMatchObject({ ok: true, rows: [['x', '1']] });
    expect(parseCsv('token\nonly-one-column\n')).toMatchObject({ ok: true, headers: ['token'], rows: [['only-one-column']] });
  });

  it('knows the usual other names of the fields, in any case and spacing', () => {
    expect(suggestCsvMapping(['Device ID', 'svc', 'Timestamp', 'customer', 'Service-Id', 'plan', 'attr.device'], options)).toEqual([
      { to: 'field', field: 'device_id' },
      { to: 'service-id' },
      { to: 'field', field: 'created_at' },
      { to: 'field', field: 'customer_id' },
      { to: 'service-id' },
      { to: 'attribute', name: 'plan' },
      { to: 'attribute', name: 'device' },
    ]);
  });

  it('suggests a mapping from the header names', () => {
    expect(
      suggestCsvMapping(['Token', 'created_at', 'brand_id', 'svc_id', 'device_id', 'customer_id', 'attr.spend', 'attributes.plan', 'country', ' '], {
        serviceIdField: 'brand_id',
      }),
    ).toEqual([
      { to: 'field', field: 'token' },
      { to: 'field', field: 'created_at' },
      { to: 'service-id' },
      { to: 'service-id' },
      { to: 'field', field: 'device_id' },
      { to: 'field', field: 'customer_id' },
      { to: 'attribute', name: 'spend' },
      { to: 'attribute', name: 'plan' },
      { to: 'attribute', name: 'country' },
      { to: 'nothing' },
    ]);
  });

  it('maps rows to events: the service id as an integer, attributes as text', () => {
    const text =
      'token,created_at,svc_id,device_id,customer_id,attr.spend,plan\ntok-1,2026-05-04 10:20:30, 12 ,6f1c2a3e-8b1d-4c4e-9a7b-2d9e1f0a3b4c,cust-42,12.50,pro\n';
    expect(importCsv(text)).toEqual({ ok: true, events: [sampleEvent] });
  });

  it("writes the service id under the environment's field name", () => {
    expect(importCsv('token,brand_id\na,7\n', 'brand_id')).toEqual({ ok: true, events: [{ token: 'a', brand_id: 7 }] });
  });

  it('leaves empty cells out and keeps a service id that is not a whole number as text, saying both', () => {
    expect(importCsv('token,svc_id,attr.plan\n,12x,\nb,3,pro\n')).toEqual({
      ok: true,
      events: [
        { svc_id: '12x', attributes: {} },
        { token: 'b', svc_id: 3, attributes: { plan: 'pro' } },
      ],
      note: '2 empty cells were left out. 1 svc_id value is not a whole number and stayed text for you to fix.',
    });
  });

  it('keeps an attribute named __proto__ an attribute', () => {
    const result = importCsv('token,attr.__proto__\na,b\n');
    const attributes = result.ok ? (result.events[0]!.attributes as object) : null;
    expect(attributes && Object.getOwnPropertyDescriptor(attributes, '__proto__')?.value).toBe('b');
  });

  it('drops columns mapped to nothing and refuses two columns on one field', () => {
    const read = table('token,token2,extra\na,b,c\n');
    expect(mapCsv(read, [{ to: 'field', field: 'token' }, { to: 'nothing' }, { to: 'nothing' }], options)).toEqual({ ok: true, events: [{ token: 'a' }] });
    expect(mapCsv(read, [{ to: 'field', field: 'token' }, { to: 'field', field: 'token' }, { to: 'nothing' }], options)).toEqual({
      ok: false,
      message: 'Columns 1 and 2 both go to token; choose one.',
    });
    expect(mapCsv(read, [{ to: 'nothing' }, { to: 'nothing' }, { to: 'nothing' }], options)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/No column/),
    });
  });

  it.each([
    ['', /empty/],
    ['token,svc_id\n', /no rows/],
    ['token,svc_id\na,1,extra\n', /Row 2 has 3 cells, but the header row has 2/],
    ['token,note\na,"not closed\n', /line 2: a quoted cell is not closed/],
  ])('refuses %j', (text, message) => {
    expect(parseCsv(text)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });

  it('round-trips any batch of events written as CSV with attr. columns', () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { minLength: 1, maxLength: 10 }), fc.constantFrom(',', ';', '\t'), (events, delimiter) => {
        const names = [...new Set(events.flatMap((event) => Object.keys(event.attributes)))];
        const fields = ['token', 'created_at', 'svc_id', 'device_id', 'customer_id'] as const;
        const rows = events.map((event) => [
          ...fields.map((field) => String(event[field])),
          ...names.map((name) => (Object.hasOwn(event.attributes, name) ? event.attributes[name]! : '')),
        ]);
        const text = Papa.unparse({ fields: [...fields, ...names.map((name) => `attr.${name}`)], data: rows }, { delimiter, quotes: true });
        // With no attribute column, the events get no attributes field at all.
        const expected = names.length > 0 ? events : events.map(({ attributes: _none, ...rest }) => rest);
        const result = importCsv(text);
        expect(result.ok && result.events).toEqual(expected);
      }),
    );
  });
});
