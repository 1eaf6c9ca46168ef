import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventAtTextOffset, readBatchEvents } from '../../../features/validation/common/batch-layout.ts';

/** The event readBatchEvents' spans put at each offset: the reference, which reads the whole text. */
function fromLayout(text: string): (offset: number) => number | null {
  const layout = readBatchEvents(text);
  return (offset) => {
    if (!layout) return null;
    for (let index = 0; index < layout.starts.length; index++) if (layout.starts[index]! <= offset && offset <= layout.ends[index]!) return index;
    return null;
  };
}

/** Values a batch may hold, events and not: escapes, nesting, numbers and literals at the top level. */
const element = fc.oneof(
  fc.record({ token: fc.string(), customer_id: fc.string(), attributes: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) }),
  fc.jsonValue({ maxDepth: 2 }),
);

const batchText = fc
  .tuple(fc.array(element, { maxLength: 6 }), fc.constantFrom(undefined, 0, 2, '\t'), fc.boolean(), fc.constantFrom('', '\n', ' \r\n '))
  .map(([events, indent, bom, around]) => `${bom ? '\ufeff' : ''}${around}${JSON.stringify(events, null, indent)}${around}`);

describe('the event at an offset, read from the text up to it', () => {
  it('is the event whose span holds the offset, at every offset of a batch, and reads nothing past it', () => {
    fc.assert(
      fc.property(batchText, (text) => {
        const expected = fromLayout(text);
        const differences: string[] = [];
        for (let offset = 0; offset <= text.length; offset++) {
          const whole = eventAtTextOffset(text, offset);
          // Only the text up to the offset (and the character there) is read.
          const prefix = eventAtTextOffset(text.slice(0, offset + 1), offset);
          if (whole !== expected(offset) || prefix !== expected(offset)) differences.push(`at ${offset}: ${whole}, ${prefix}, not ${expected(offset)}`);
        }
        expect(differences).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('answers null where no event is, and for a text that is not an array', () => {
    const text = '[\n  {"token": "a"},\n  "b",\n  12\n]\n';
    expect(eventAtTextOffset(text, 0)).toBeNull();
    expect(eventAtTextOffset(text, text.indexOf('{'))).toBe(0);
    expect(eventAtTextOffset(text, text.indexOf('"b"') + 1)).toBe(1);
    expect(eventAtTextOffset(text, text.indexOf('12') + 2)).toBe(2);
    expect(eventAtTextOffset(text, text.length - 1)).toBeNull();
    expect(eventAtTextOffset('{"token": "a"}', 3)).toBeNull();
    expect(eventAtTextOffset('', 0)).toBeNull();
  });

  it('does not read a long text past the offset: a cursor at the top of a big batch is answered at once', () => {
    const head = '[{"token": "first"},';
    // A text broken past the offset still answers for the part read.
    expect(eventAtTextOffset(`${head}{"token": `, 5)).toBe(0);
  });
});
