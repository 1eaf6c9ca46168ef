import { describe, expect, it } from 'vitest';
import { parseJson, serializeJson } from '../../../features/formats/common/json.ts';
import { sampleEvent } from './events.ts';

describe('JSON import and export', () => {
  it('reads an array of events, with or without a BOM', () => {
    expect(parseJson(JSON.stringify([sampleEvent, sampleEvent]))).toEqual({ ok: true, events: [sampleEvent, sampleEvent] });
    expect(parseJson(`\uFEFF${JSON.stringify([sampleEvent])}`)).toEqual({ ok: true, events: [sampleEvent] });
  });

  it('wraps a single event object into a batch of one, and says so', () => {
    expect(parseJson(JSON.stringify(sampleEvent))).toEqual({ ok: true, events: [sampleEvent], note: expect.stringMatching(/one event/) });
  });

  it('says where the JSON breaks, by line and column', () => {
    const result = parseJson('[\n  {"token": "a",}\n]');
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/line 2, column 17: expected a field name in double quotes/), line: 2 });
    expect(parseJson('[{"token": "a"}')).toMatchObject({ ok: false, message: expect.stringMatching(/line 1, column 16: it ends where ',' or '\]' should be/) });
    expect(parseJson('[] // list')).toMatchObject({ ok: false, message: expect.stringMatching(/line 1, column 4/) });
  });

  it.each([
    ['', /empty/],
    [' \n\t', /empty/],
    ['[]', /list is empty/],
    ['42', /a number, not a list/],
    ['"text"', /a text, not a list/],
    ['null', /null, not a list/],
    ['[{"token":"a"}, [1], 3]', /Item 2 of the list is a list, not an event object/],
  ])('refuses %j', (text, message) => {
    expect(parseJson(text)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });

  it('exports readable JSON that imports back the same', () => {
    const text = serializeJson([sampleEvent]);
    expect(text).toMatch(/^\[\n {2}\{\n {4}"token": "tok-1",/);
    expect(text.endsWith('\n')).toBe(true);
    expect(parseJson(text)).toEqual({ ok: true, events: [sampleEvent] });
  });
});
