import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyToLayout,
  deleteEvents,
  duplicateEvents,
  insertEvents,
  keepOnlyEvents,
  orderAfterMoveTo,
  orderAfterStep,
  reorderEvents,
  writeEvents,
  type EventChange,
  type EventsLayout,
} from '../../../features/transforms/common/operations.ts';
import { TextBlocks } from '../../../base/common/text-changes.ts';
import { layOutBatch } from '../../../features/validation/common/batch-layout.ts';

/** A batch as people write them: pretty with spaces or tabs, compact, or one event a line. */
const styles = ['two', 'four', 'tabs', 'compact', 'lines'] as const;
type Style = (typeof styles)[number];

function written(events: readonly unknown[], style: Style): string {
  if (style === 'two') return `${JSON.stringify(events, null, 2)}\n`;
  if (style === 'four') return JSON.stringify(events, null, 4);
  if (style === 'tabs') return JSON.stringify(events, null, '\t').replaceAll('\n', '\r\n');
  if (style === 'compact') return JSON.stringify(events);
  return `[\n${events.map((event) => `  ${JSON.stringify(event)}`).join(',\n')}\n]\n`;
}

const event = fc.record(
  {
    token: fc.string({ maxLength: 8 }),
    customer_id: fc.constantFrom('cust-7781', 'cust-1', 'c"q'),
    svc_id: fc.integer({ min: 0, max: 2000 }),
    attributes: fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
  },
  { requiredKeys: ['token'] },
);

const batch = fc.record({ events: fc.array(event, { maxLength: 12 }), style: fc.constantFrom(...styles) });

function setUp(events: unknown[], style: Style) {
  const text = written(events, style);
  const parsed = JSON.parse(text) as unknown[];
  const { starts, ends } = layOutBatch(text, parsed, parsed.length, false);
  const layout: EventsLayout = { events: parsed, starts, ends };
  return { text, layout, source: { length: text.length, read: (start: number, end: number) => text.slice(start, end) } };
}

/** Applies the changes one after another, as the editor reports them. */
function applied(text: string, changes: readonly EventChange[]): string {
  const blocks = new TextBlocks([text]);
  blocks.apply(changes);
  return blocks.toString();
}

/** The result parses to `expected`, the layout kept up without reading matches one read anew, and kept events' text is untouched. */
function check(text: string, layout: EventsLayout, changes: EventChange[], expected: unknown[]) {
  const after = applied(text, changes);
  expect(JSON.parse(after)).toEqual(expected);
  const next = applyToLayout(layout, changes);
  const fresh = layOutBatch(after, expected, expected.length, false);
  expect([...next.starts]).toEqual([...fresh.starts]);
  expect([...next.ends]).toEqual([...fresh.ends]);
  expect(next.events).toEqual(expected);
  next.moved.forEach((to, from) => {
    if (to >= 0) expect(after.slice(next.starts[to], next.ends[to])).toBe(text.slice(layout.starts[from], layout.ends[from]));
  });
  return { after, next };
}

const indexesOf = (count: number) => fc.uniqueArray(fc.nat({ max: Math.max(count - 1, 0) }), { maxLength: count });

describe('event operations as text edits', () => {
  it('delete leaves exactly the other events, their text untouched', () => {
    fc.assert(
      fc.property(
        batch.chain((b) => fc.tuple(fc.constant(b), indexesOf(b.events.length))),
        ([{ events, style }, doomed]) => {
          const { text, layout, source } = setUp(events, style);
          const gone = new Set(doomed.filter((index) => index < events.length));
          const { next } = check(
            text,
            layout,
            deleteEvents(source, layout, doomed),
            events.filter((_, index) => !gone.has(index)),
          );
          expect(next.moved.filter((to) => to >= 0)).toHaveLength(events.length - gone.size);
        },
      ),
    );
  });

  it('keep only leaves exactly the kept events, in order', () => {
    fc.assert(
      fc.property(
        batch.chain((b) => fc.tuple(fc.constant(b), indexesOf(b.events.length))),
        ([{ events, style }, kept]) => {
          const { text, layout, source } = setUp(events, style);
          const keep = new Set(kept);
          check(
            text,
            layout,
            keepOnlyEvents(source, layout, kept),
            events.filter((_, index) => keep.has(index)),
          );
        },
      ),
    );
  });

  it('duplicate puts each copy right after its event', () => {
    fc.assert(
      fc.property(
        batch.chain((b) => fc.tuple(fc.constant(b), indexesOf(b.events.length))),
        ([{ events, style }, copied]) => {
          const { text, layout, source } = setUp(events, style);
          const copy = new Set(copied.filter((index) => index < events.length));
          const { next } = check(
            text,
            layout,
            duplicateEvents(source, layout, copied),
            events.flatMap((one, index) => (copy.has(index) ? [one, one] : [one])),
          );
          expect(next.added).toHaveLength(copy.size);
        },
      ),
    );
  });

  it('insert writes new events after the given one, indented like the batch', () => {
    fc.assert(
      fc.property(
        batch.chain((b) => fc.tuple(fc.constant(b), fc.integer({ min: -1, max: b.events.length - 1 }), fc.array(event, { minLength: 1, maxLength: 3 }))),
        ([{ events, style }, after, inserted]) => {
          const { text, layout, source } = setUp(events, style);
          const texts = writeEvents(source, layout, Math.max(after, 0), inserted);
          const { after: result } = check(text, layout, insertEvents(source, layout, after, texts, inserted), [
            ...events.slice(0, after + 1),
            ...inserted,
            ...events.slice(after + 1),
          ]);
          // Written as a person would have: the same text as the whole batch written in its style.
          if (events.length > 0 && style !== 'compact') expect(result).toBe(written(JSON.parse(result) as unknown[], style));
        },
      ),
    );
  });

  it('moving a selection up or down, or to a place, keeps every event once', () => {
    fc.assert(
      fc.property(
        batch.chain((b) => fc.tuple(fc.constant(b), indexesOf(b.events.length), fc.constantFrom<-1 | 1 | 'to'>(-1, 1, 'to'), fc.nat({ max: b.events.length }))),
        ([{ events, style }, moving, step, before]) => {
          const { text, layout, source } = setUp(events, style);
          const order = step === 'to' ? orderAfterMoveTo(events.length, moving, before) : orderAfterStep(events.length, moving, step);
          expect([...order].sort((a, b) => a - b)).toEqual(events.map((_, index) => index));
          const changes = reorderEvents(source, layout, order);
          expect(changes.length).toBeLessThanOrEqual(events.length);
          check(
            text,
            layout,
            changes,
            Array.from(order, (from) => events[from]),
          );
        },
      ),
    );
  });
});

describe('event operations, by example', () => {
  const { text: three, layout, source } = setUp([{ token: 'a' }, { token: 'b' }, { token: 'c' }], 'lines');

  it('deleting one event of many removes its text and one separator, nothing else', () => {
    expect(three).toBe('[\n  {"token":"a"},\n  {"token":"b"},\n  {"token":"c"}\n]\n');
    expect(deleteEvents(source, layout, [1])).toEqual([
      { rangeOffset: three.indexOf('{"token":"b"}'), rangeLength: '{"token":"b"},\n  '.length, text: '', events: [] },
    ]);
    expect(applied(three, deleteEvents(source, layout, [2]))).toBe('[\n  {"token":"a"},\n  {"token":"b"}\n]\n');
  });

  it('deleting every event leaves an empty array, and adding to it writes two-space JSON', () => {
    const empty = applied(three, deleteEvents(source, layout, [0, 1, 2]));
    expect(empty).toBe('[]\n');
    const none = setUp([], 'two');
    expect(none.text).toBe('[]\n');
    const values = [{ token: 'new' }];
    expect(applied(none.text, insertEvents(none.source, none.layout, -1, writeEvents(none.source, none.layout, 0, values), values))).toBe(
      '[\n  {\n    "token": "new"\n  }\n]\n',
    );
  });

  it('moving the first event up changes nothing', () => {
    expect(reorderEvents(source, layout, orderAfterStep(3, [0], -1))).toEqual([]);
    expect([...orderAfterStep(3, [1, 2], -1)]).toEqual([1, 2, 0]);
    expect([...orderAfterStep(3, [0, 1], 1)]).toEqual([2, 0, 1]);
    expect([...orderAfterStep(5, [1, 3], -1)]).toEqual([1, 0, 3, 2, 4]);
    expect([...orderAfterMoveTo(3, [2], 0)]).toEqual([2, 0, 1]);
  });

  it('costs what it touches: one delete in 100 000 events is one small change', () => {
    const events = Array.from({ length: 100_000 }, (_, index) => ({ token: `t${index}`, customer_id: 'cust-1' }));
    const big = setUp(events, 'two');
    const changes = deleteEvents(big.source, big.layout, [50_000]);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.rangeLength).toBeLessThan(100);
  });
});
