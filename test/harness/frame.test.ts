import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, RAW_TEXT_MIN_LENGTH } from './frame.ts';

const long = (seed: string) => seed.repeat(Math.ceil(RAW_TEXT_MIN_LENGTH / seed.length) + 1);
const roundTrip = (value: unknown) => decodeFrame(encodeFrame(value).join(''));

describe('a harness frame', () => {
  it('carries a long text raw after one line of JSON, never escaped inside it', () => {
    const text = long('[\n  {"token": "tök_\\u00e9 \\"quoted\\""}\n]\n');
    const [header, ...texts] = encodeFrame({ input: { id: 'b1', text, filePath: null } });
    expect(header).toBe(`{"texts":[[["input","text"],${text.length}]],"value":{"input":{"id":"b1","text":null,"filePath":null}}}\n`);
    expect(texts).toEqual([text]);
    expect(roundTrip({ input: { id: 'b1', text, filePath: null } })).toEqual({ input: { id: 'b1', text, filePath: null } });
  });

  it('gives back any JSON value, with long texts at any depth, in arrays, or as the whole value', () => {
    const longText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map(long);
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 2 }),
        longText,
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, (sent) => {
        expect(roundTrip(sent)).toEqual(JSON.parse(JSON.stringify(sent)));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a text with a lone surrogate in the JSON, which can escape it', () => {
    const text = long('a\uD800b');
    expect(encodeFrame({ text })).toHaveLength(1);
    expect(roundTrip({ text })).toEqual({ text });
  });

  it('refuses a frame whose texts point outside its value or do not add up', () => {
    const frame = (texts: unknown, value: unknown, tail: string) => `${JSON.stringify({ texts, value })}\n${tail}`;
    expect(() => decodeFrame(frame([[['__proto__', 'polluted'], 1]], {}, 'x'))).toThrow('outside its value');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(() => decodeFrame(frame([[['text'], 1]], { text: 'already' }, 'x'))).toThrow('outside its value');
    expect(() => decodeFrame(frame([[['text'], 5]], { text: null }, 'x'))).toThrow('cut short');
    expect(() => decodeFrame(frame([[['text'], 1]], { text: null }, 'xy'))).toThrow('more text');
    expect(() => decodeFrame(frame([['text', 1]], { text: null }, 'x'))).toThrow('no place');
    expect(() => decodeFrame('{"value": 1}')).toThrow('one line of JSON');
  });
});
