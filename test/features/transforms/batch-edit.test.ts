import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eventEdits, type EventEdit } from '../../../features/transforms/common/batch-edit.ts';
import { TextBlocks } from '../../../base/common/text-changes.ts';

/** The event at `index` of a batch text whose events each start a line: its text, where it starts and its column. */
function eventAt(batch: string, index: number): { start: number; text: string; column: number } {
  const starts = [...batch.matchAll(/^([ \t]*)\{/gm)].map((match) => ({ start: match.index + match[1]!.length, column: match[1]!.length }));
  const { start, column } = starts[index]!;
  let depth = 0;
  let end = start;
  for (; end < batch.length; end++) {
    if (batch[end] === '{') depth++;
    if (batch[end] === '}' && --depth === 0) break;
  }
  return { start, column, text: batch.slice(start, end + 1) };
}

/** Applies an edit to the event at `index` and answers the batch's new text and the one change. */
function edited(batch: string, index: number, edit: EventEdit) {
  const event = eventAt(batch, index);
  const changes = eventEdits(event.text, event.column, edit);
  const absolute = changes.map((change) => ({ ...change, rangeOffset: change.rangeOffset + event.start }));
  const text = new TextBlocks([batch]);
  text.apply(absolute);
  return { text: text.toString(), changes: absolute };
}

const batch = `[
    {
        "token": "a", // the first
        "attributes": { "plan": "pro" }
    },
    { "token": "b",   "attributes": {} }
]`;

const pretty = `[
  {
    "token": "evt-1",
    "customer_id": "c-1",
    "attributes": {
      "plan": "pro",
      "spend": "19.99"
    }
  },
  {
    "token": "evt-2",
    "attributes": {
      "plan": "free"
    }
  }
]
`;

describe('a form edit as an edit of the text', () => {
  it('changes one value: the edit spans the characters that differ and nothing else', () => {
    const { text, changes } = edited(batch, 1, { kind: 'set', path: ['token'], value: 'changed' });
    expect(text).toBe(batch.replace('"b"', '"changed"'));
    expect(changes).toEqual([{ rangeOffset: batch.indexOf('"b"') + 1, rangeLength: 1, text: 'changed' }]);
  });

  it('adds a field after the others in the indentation the file uses, inserting only the new line', () => {
    const { text, changes } = edited(pretty, 1, { kind: 'set', path: ['attributes', 'spend'], value: '5' });
    expect(text).toBe(pretty.replace('"plan": "free"', '"plan": "free",\n      "spend": "5"'));
    expect(changes).toEqual([{ rangeOffset: pretty.indexOf('"plan": "free"') + '"plan": "free"'.length, rangeLength: 0, text: ',\n      "spend": "5"' }]);
  });

  it('keeps comments, and a one-line event on one line', () => {
    const { text } = edited(batch, 0, { kind: 'set', path: ['attributes', 'spend'], value: '19.99' });
    expect(text).toContain('// the first');
    expect(JSON.parse(text.replace(/\/\/.*$/m, ''))[0].attributes).toEqual({ plan: 'pro', spend: '19.99' });
    const oneLine = edited(batch, 1, { kind: 'set', path: ['customer_id'], value: 'c' }).text;
    expect(oneLine.split('\n').at(-2)).toMatch(/^ {4}\{ "token": "b",.*"customer_id": "c" \}$/);
  });

  it('renames an attribute in place, keeping the key order', () => {
    const { text, changes } = edited(pretty, 0, { kind: 'rename', from: 'plan', to: 'tier' });
    expect(Object.keys(JSON.parse(text)[0].attributes)).toEqual(['tier', 'spend']);
    expect(changes).toEqual([{ rangeOffset: pretty.indexOf('"plan"'), rangeLength: 6, text: '"tier"' }]);
  });

  it('renames any attribute in place in a file of 2 or 4 spaces, tabs or one line per event, changing only its key', () => {
    const event = { token: 'evt-1', attributes: { plan: 'pro', limits: { seats: 5 }, spend: '19.99' }, customer_id: 'c-1' };
    const layouts = [
      JSON.stringify([event], null, 2),
      JSON.stringify([event], null, 4),
      JSON.stringify([event], null, '\t'),
      `[\n  ${JSON.stringify(event)}\n]`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...layouts), fc.constantFrom('plan', 'limits', 'spend'), fc.string({ minLength: 1 }), (layout, from, to) => {
        fc.pre(!Object.hasOwn(event.attributes, to));
        const { text } = edited(layout, 0, { kind: 'rename', from, to });
        // The same text but the key: every other character, and so the key's place and the indentation, as they were.
        expect(text).toBe(layout.replace(JSON.stringify(from), () => JSON.stringify(to)));
        expect(JSON.parse(text)[0].attributes[to]).toEqual(event.attributes[from as keyof typeof event.attributes]);
      }),
    );
  });

  it('removes an attribute and its comma', () => {
    const { text } = edited(pretty, 0, { kind: 'remove', path: ['attributes', 'plan'] });
    expect(JSON.parse(text)[0].attributes).toEqual({ spend: '19.99' });
    expect(text).toBe(pretty.replace('"plan": "pro",\n      ', ''));
  });

  it('keeps CRLF line ends', () => {
    const crlf = '[\r\n  {\r\n    "token": "a"\r\n  }\r\n]';
    expect(edited(crlf, 0, { kind: 'set', path: ['customer_id'], value: 'c' }).text).not.toMatch(/[^\r]\n/);
  });

  it('touches only the edited event, whatever the value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1 }), fc.constantFrom('token', 'customer_id', 'device_id'), fc.string(), (index, field, value) => {
        const { text, changes } = edited(pretty, index, { kind: 'set', path: [field], value });
        const event = eventAt(pretty, index);
        for (const change of changes) {
          expect(change.rangeOffset).toBeGreaterThanOrEqual(event.start);
          expect(change.rangeOffset + change.rangeLength).toBeLessThanOrEqual(event.start + event.text.length);
        }
        const events = JSON.parse(text) as Record<string, unknown>[];
        expect(events[index]![field]).toBe(value);
        expect(events[1 - index]).toEqual(JSON.parse(pretty)[1 - index]);
      }),
    );
  });
});
