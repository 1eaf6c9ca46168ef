import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changesAsEdits, fieldChanges } from '../../../features/transforms/common/apply-changes.ts';
import { readBatchEvents } from '../../../features/validation/common/batch-layout.ts';
import { TextBlocks } from '../../../base/common/text-changes.ts';

function applyAll(text: string, edits: readonly { rangeOffset: number; rangeLength: number; text: string }[]): string {
  // The edits are in the original text's offsets: applied from the last, each leaves the ones before in place.
  const blocks = new TextBlocks([text]);
  blocks.apply([...edits].reverse());
  return blocks.toString();
}

function transformed(text: string, change: (event: Record<string, unknown>, index: number) => Record<string, unknown> | null) {
  const batch = readBatchEvents(text)!;
  const after = batch.events.map((event, index) => change(structuredClone(event) as Record<string, unknown>, index) ?? event);
  const changed = after.flatMap((event, index) => (event === batch.events[index] ? [] : [index]));
  const result = changesAsEdits(text, batch, after, changed);
  return { ...result, text: applyAll(text, result.edits), after };
}

const pretty = `\uFEFF[
    {
        "token": "a",
        "created_at": "2026-01-30 10:00:00",
        "attributes": { "email": "ann@example.com", "plan": "pro" }
    },
    { "token": "b",   "created_at": "2026-01-30 11:00:00", "attributes": {} }
]`;

describe('changesAsEdits', () => {
  it('changes only the changed values, keeping spacing, the byte order mark and the other events', () => {
    const result = transformed(pretty, (event) =>
      event.token === 'a' ? { ...event, created_at: '2026-11-24 03:00:00', attributes: { email: 'user-1@example.invalid', plan: 'pro' } } : null,
    );
    expect(result.text).toBe(pretty.replace('2026-01-30 10:00:00', '2026-11-24 03:00:00').replace('ann@example.com', 'user-1@example.invalid'));
    expect(result.edits).toHaveLength(2);
    expect(result.events).toHaveLength(1);
    expect(result.events[0]!.index).toBe(0);
    expect(result.events[0]!.fields.map((field) => field.path)).toEqual([['created_at'], ['attributes', 'email']]);
  });

  it('adds a field in the event’s own indentation', () => {
    const text = '[\n    {\n        "token": "a",\n        "customer_id": "c-1"\n    }\n]';
    const result = transformed(text, (event) => ({ ...event, svc_id: 12 }));
    expect(result.text).toBe('[\n    {\n        "token": "a",\n        "customer_id": "c-1",\n        "svc_id": 12\n    }\n]');
  });

  it('lists nothing for an event said to change that did not', () => {
    const batch = readBatchEvents(pretty)!;
    expect(changesAsEdits(pretty, batch, batch.events, [0, 1])).toEqual({ edits: [], events: [] });
  });

  it('names a removed field and an added one', () => {
    expect(fieldChanges({ a: 1, b: { c: 2 } }, { b: { c: 3 }, d: 4 })).toEqual([
      { path: ['b', 'c'], before: 2, after: 3 },
      { path: ['d'], before: undefined, after: 4 },
      { path: ['a'], before: 1, after: undefined },
    ]);
  });

  it('reads no events from a text that is not a JSON array', () => {
    expect(readBatchEvents('{"token": 1}')).toBeNull();
    expect(readBatchEvents('[{"token": ')).toBeNull();
  });

  const value = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null));
  const event = fc
    .dictionary(fc.constantFrom('token', 'customer_id', 'created_at', 'svc_id', 'name'), value, { minKeys: 1 })
    .chain((fields) => fc.record({ fields: fc.constant(fields), attributes: fc.dictionary(fc.constantFrom('email', 'plan', 'phone'), value) }));
  const edit = fc.record({ key: fc.constantFrom('token', 'customer_id', 'svc_id', 'attributes.email', 'attributes.plan'), value, remove: fc.boolean() });

  it('turns any batch, in any indentation, into exactly the changed events, leaving the rest byte for byte', () => {
    fc.assert(
      fc.property(
        fc.array(event, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 2, 4, '\t'),
        fc.array(fc.tuple(fc.nat(5), edit), { maxLength: 8 }),
        (events, indent, edits) => {
          const text = JSON.stringify(
            events.map(({ fields, attributes }) => ({ ...fields, attributes })),
            null,
            indent,
          );
          const result = transformed(text, (changed, index) => {
            const mine = edits.filter(([at]) => at % events.length === index);
            if (mine.length === 0) return null;
            for (const [, { key, value: next, remove }] of mine) {
              const [head, tail] = key.split('.') as [string, string | undefined];
              const target = tail ? (changed.attributes as Record<string, unknown>) : changed;
              const name = tail ?? head;
              if (remove) delete target[name];
              else target[name] = next;
            }
            return changed;
          });
          expect(JSON.parse(result.text)).toEqual(result.after);
          const batch = readBatchEvents(text)!;
          const changedIndexes = new Set(result.events.map((changed) => changed.index));
          const now = readBatchEvents(result.text)!;
          for (let index = 0; index < events.length; index++) {
            if (changedIndexes.has(index)) continue;
            expect(result.text.slice(now.starts[index], now.ends[index])).toBe(text.slice(batch.starts[index], batch.ends[index]));
          }
          for (const changed of result.events) expect(result.text.slice(now.starts[changed.index], now.ends[changed.index])).toBe(changed.after);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
