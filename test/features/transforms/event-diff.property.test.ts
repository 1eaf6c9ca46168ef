import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf, diffEvents, eventsOfText, isIdentical, sameValue, type MatchBy } from '../../../features/transforms/common/event-diff.ts';

/**
 * What the event diff promises whatever the batch: its own reordered, reformatted copy is
 * identical; removing k events gives k only left; changing one field gives exactly that field.
 */

const attributeName = fc.string({ minLength: 1, maxLength: 8 });
const batch = fc.uniqueArray(
  fc.record({
    token: fc.string({ maxLength: 10 }),
    customer_id: fc.oneof(fc.string({ maxLength: 10 }), fc.integer()),
    created_at: fc.string({ maxLength: 19 }),
    svc_id: fc.integer(),
    attributes: fc.dictionary(attributeName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  }),
  // Unique keys, so every event has exactly one partner in its copy.
  { selector: (event) => JSON.stringify([event.token, event.customer_id, event.created_at]), maxLength: 25 },
);
const matchBy = fc.constantFrom<MatchBy>('key', 'position');

/**
 * The same value written another way: every object's keys in reverse order, another indent,
 * and whole numbers as 2.0 or 20e-1 rather than as JSON.stringify writes them.
 */
function rewritten(value: unknown, indent: string, depth = 0): string {
  const inner = indent ? `\n${indent.repeat(depth + 1)}` : '';
  const outer = indent ? `\n${indent.repeat(depth)}` : '';
  if (typeof value === 'number')
    return Number.isInteger(value) && Math.abs(value) < 1e14 ? (value % 2 ? `${value}.0` : `${value * 10}e-1`) : JSON.stringify(value);
  if (Array.isArray(value)) return value.length ? `[${value.map((item) => inner + rewritten(item, indent, depth + 1)).join(',')}${outer}]` : '[]';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value).reverse();
  return entries.length ? `{${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${rewritten(item, indent, depth + 1)}`).join(',')}${outer}}` : '{}';
}

describe('the event diff, for any batch', () => {
  it('finds a batch identical to a copy of itself with keys reordered and the text reformatted', () => {
    fc.assert(
      fc.property(batch, fc.constantFrom('', ' ', '\t', '    '), matchBy, (events, indent, by) => {
        const left = eventsOfText(JSON.stringify(events, null, 2), 'left');
        const right = eventsOfText(rewritten(events, indent), 'right');
        expect(isIdentical(countsOf(diffEvents(left, right, by)))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a shuffled copy identical when matching by key', () => {
    fc.assert(
      fc.property(
        batch.chain((events) => fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length }))),
        ([events, shuffled]) => {
          expect(isIdentical(countsOf(diffEvents(events, shuffled)))).toBe(true);
        },
      ),
    );
  });

  it('gives k events only left, and nothing else, when k events are removed from the right', () => {
    const withRemoved = batch.chain((events) =>
      fc.tuple(fc.constant(events), fc.uniqueArray(fc.nat({ max: Math.max(0, events.length - 1) }), { maxLength: events.length })),
    );
    fc.assert(
      fc.property(withRemoved, ([events, removed]) => {
        const gone = new Set(removed);
        const right = events.filter((_, index) => !gone.has(index));
        const diff = diffEvents(events, right);
        expect(diff.onlyLeft.map((lone) => lone.number)).toEqual([...gone].sort((a, b) => a - b).map((index) => index + 1));
        expect(diff.onlyRight).toEqual([]);
        expect(diff.differing).toEqual([]);
      }),
    );
  });

  it('counts k only left for removed events even when keys repeat', () => {
    const repeating = fc.array(fc.record({ token: fc.constantFrom('a', 'b'), n: fc.integer({ min: 0, max: 3 }) }), { maxLength: 20 });
    fc.assert(
      fc.property(
        repeating.chain((events) => fc.tuple(fc.constant(events), fc.subarray(events.map((_, index) => index)))),
        ([events, removed]) => {
          const right = events.filter((_, index) => !removed.includes(index));
          const diff = diffEvents(events, right);
          expect(diff.onlyLeft).toHaveLength(removed.length);
          expect(diff.onlyRight).toEqual([]);
        },
      ),
    );
  });

  it('gives exactly the one changed field, of the one changed event', () => {
    const changed = batch
      .filter((events) => events.length > 0)
      .chain((events) =>
        fc.tuple(
          fc.constant(events),
          fc.nat({ max: events.length - 1 }),
          fc.oneof(
            fc.constant(['svc_id']),
            attributeName.map((name) => ['attributes', name]),
          ),
          fc.jsonValue({ maxDepth: 1 }),
          matchBy,
        ),
      );
    fc.assert(
      fc.property(changed, ([events, index, path, value, by]) => {
        const attributes = events[index]!.attributes;
        const before = path.length === 1 ? events[index]!.svc_id : Object.hasOwn(attributes, path[1]!) ? attributes[path[1]!] : undefined;
        fc.pre(!sameValue(before, value));
        const right = structuredClone(events);
        if (path.length === 1) (right[index] as Record<string, unknown>).svc_id = value;
        else Object.defineProperty(right[index]!.attributes, path[1]!, { value, enumerable: true, writable: true, configurable: true });
        const diff = diffEvents(events, right, by);
        expect(diff.onlyLeft).toEqual([]);
        expect(diff.onlyRight).toEqual([]);
        expect(diff.differing).toEqual([{ left: index + 1, right: index + 1, fields: [{ path, left: before, right: value }] }]);
      }),
      { numRuns: 300 },
    );
  });
});
