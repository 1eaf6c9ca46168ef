import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNdjson, serializeNdjson } from '../../../features/formats/common/ndjson.ts';
import { eventArbitrary, sampleEvent } from './events.ts';

describe('NDJSON import and export', () => {
  it('reads one event a line, skipping blank lines, CRLF line ends and a BOM', () => {
    const line = JSON.stringify(sampleEvent);
    expect(parseNdjson(`\uFEFF${line}\r\n\r\n  \n${line}\r\n`)).toEqual({ ok: true, events: [sampleEvent, sampleEvent] });
  });

  it('names the line and column of a bad line', () => {
    const text = `${JSON.stringify(sampleEvent)}\n\n{"token": "a" "svc_id": 1}\n`;
    expect(parseNdjson(text)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 3 is not valid JSON at column 15: expected ',' or '\}', found '"svc_id"'\. It starts: \{"token"/),
      line: 3,
    });
  });

  it('says where a line nests too deep, without overflowing the stack or the memory', () => {
    const deepEvent = `{"token":"t","attributes":{"a":${'['.repeat(20_000)}${']'.repeat(20_000)}}}`;
    expect(parseNdjson(`${JSON.stringify(sampleEvent)}\n${deepEvent}\n`)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 2 nests too deep at column 94: Arrays and objects nest deeper than 64 levels/),
      line: 2,
    });
    expect(parseNdjson('['.repeat(2_000_000))).toEqual({
      ok: false,
      message: expect.stringMatching(/^Line 1 nests too deep at column 65: Arrays and objects nest deeper/),
      line: 1,
    });
  });

  it('keeps the message short when a huge line is bad', () => {
    const huge = `{"token": "${'x'.repeat(5_000_000)}"`;
    const result = parseNdjson(`${JSON.stringify(sampleEvent)}\n${huge}\n`);
    expect(result).toMatchObject({ ok: false, line: 2 });
    expect(!result.ok && result.message.length).toBeLessThan(200);
  });

  it('reads a huge valid line', () => {
    const big = { ...sampleEvent, attributes: { note: 'x'.repeat(5_000_000) } };
    expect(parseNdjson(JSON.stringify(big))).toEqual({ ok: true, events: [big] });
  });

  it.each([
    ['', /no events/],
    ['\n\n  \n', /no events/],
    ['[{"token": "a"}]', /Line 1 holds a list, not one event/],
    ['{"token": "a"}\n7', /Line 2 holds a number/],
  ])('refuses %j', (text, message) => {
    expect(parseNdjson(text)).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });

  it('round-trips any batch of events', () => {
    fc.assert(
      fc.property(fc.array(eventArbitrary, { minLength: 1, maxLength: 20 }), (events) => {
        const text = serializeNdjson(events);
        expect(text.split('\n')).toHaveLength(events.length + 1);
        expect(parseNdjson(text)).toEqual({ ok: true, events });
      }),
    );
  });
});
