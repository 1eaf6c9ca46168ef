import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../../../features/validation/common/validation.ts';
import { fingerprintOf } from '../../../features/validation/common/duplicate-events.ts';
import { checkEvent, type CheckContext, type EventTally } from '../../../features/validation/common/event-checks.ts';
import { everyKeyWrittenOnce, shapeOf } from '../../../features/validation/common/keys-written-once.ts';
import { plainWallClock } from '../../../features/validation/common/text-shapes.ts';

/**
 * everyKeyWrittenOnce proves by counting commas that a text writes no key twice. Here texts are
 * written from trees that may repeat keys, in any spelling (`"a"` or `"\u0061"`), with commas in
 * keys and strings (some spelt `\u002c`) and any white space, so the count is tried where it could
 * be fooled; a repeat must never pass as none.
 */

/** A string as the tree holds it and as the text spells it. */
interface Written {
  value: string;
  spelling: string;
}

type Tree = null | number | Written | Tree[] | { entries: [Written, Tree][] };

function escapedEverywhere(value: string): string {
  return `"${[...value].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;
}

const written = (values: fc.Arbitrary<string>) =>
  fc.tuple(values, fc.boolean()).map(([value, escaped]): Written => ({ value, spelling: escaped ? escapedEverywhere(value) : JSON.stringify(value) }));

const { tree } = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.constant(null), fc.integer(), written(fc.constantFrom('', 'x', 'x,y', ',', 'é, "q"'))),
    fc.array(tie('tree'), { maxLength: 3 }),
    fc.array(fc.tuple(written(fc.constantFrom('a', 'b', 'a,b', ',', 'é')), tie('tree')), { maxLength: 4 }).map((entries) => ({ entries })),
  ),
}));

/** Space between tokens: any of JSON's four white-space characters, CRLF included. */
const gap = fc.constantFrom('', ' ', '\n    ', '\r\n\t', '  \r\n  ');

function write(value: Tree, space: string): string {
  if (value === null || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${space}${value.map((element) => write(element, space)).join(`${space},${space}`)}${space}]`;
  if ('spelling' in value) return value.spelling;
  return `{${space}${value.entries.map(([key, member]) => `${key.spelling}${space}:${space}${write(member, space)}`).join(`${space},${space}`)}${space}}`;
}

function repeatsAKey(value: Tree): boolean {
  if (value === null || typeof value !== 'object' || 'spelling' in value) return false;
  if (Array.isArray(value)) return value.some(repeatsAKey);
  const keys = value.entries.map(([key]) => key.value);
  return new Set(keys).size < keys.length || value.entries.some(([, member]) => repeatsAKey(member));
}

function verdict(text: string): boolean {
  const batch = JSON.parse(text) as unknown[];
  return everyKeyWrittenOnce(text, batch, shapeOf(batch).commas);
}

describe('everyKeyWrittenOnce', () => {
  it('never passes a text that repeats a key, and passes every other one without an escaped comma', () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), gap, (batch, space) => {
        const text = write(batch, space);
        if (repeatsAKey(batch)) expect(verdict(text)).toBe(false);
        else if (!/\\u002c/i.test(text)) expect(verdict(text)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['in an event', '[{"a": 1, "b": 2, "a": 3}]'],
    ['in its attributes', '[{"attributes": {"plan": "x", "plan": "y"}}]'],
    ['deeper down, in an array', '[{"a": [{"b": {"c": 1, "c": 1}}]}]'],
    ['spelt with an escape', '[{"a": 1, "\\u0061": 1}]'],
    ['after CRLFs and tabs', '[\r\n\t{\r\n\t\t"a"\t:\t1\r\n\t,\r\n\t\t"a" : 1\r\n\t}\r\n]'],
    ['among strings with commas', '[{"a": "x, y", "b": ",", "a": "z,"}]'],
    ['empty, twice', '[{"": 1, "": 2}]'],
  ])('finds a key written twice %s', (_where, text) => {
    expect(verdict(text)).toBe(false);
  });

  it('is not fooled by a comma spelt as an escape, which the text has one fewer of', () => {
    // Two commas, between the members; the parsed object needs one and its string holds another.
    expect(verdict('[{"a": 1, "a": 2, "b": "\\u002c"}]')).toBe(false);
  });

  it.each([
    ['compact', '[{"a":1,"b":[1,2,{}],"c":{"d":{"e":"f"}}},[],{}]'],
    ['with commas in keys and strings', '[{"a,b": "1, 2", "b": ["x,", ","]}]'],
    ['with escapes other than a comma', '[{"\\u0061": "\\"q\\"", "a\\nb": "\\u00e9"}]'],
  ])('passes a text that writes each key once, %s', (_how, text) => {
    expect(verdict(text)).toBe(true);
  });
});

describe('the tally checkEvent takes in the same pass', () => {
  const context = (attributeNotString: 'warning' | 'off'): CheckContext => ({
    serviceIdField: 'svc_id',
    timeZone: 'UTC',
    now: '2026-06-01 12:00:00',
    latest: '2026-06-01 12:05:00',
    earliest: '2025-06-01 12:00:00',
    latestClock: 20260601120500,
    earliestClock: 20250601120000,
    maxAgeDays: 365,
    severity: { ...DEFAULT_RULES.severity, 'attribute-not-string': attributeNotString },
  });
  // Events of any fields, and events as the service expects them (most taking the checks' short way).
  const anyEvent = fc.dictionary(fc.constantFrom('token', 'attributes', 'svc_id', 'created_at', 'other'), fc.jsonValue({ maxDepth: 3 }));
  const plainEvent = fc.record({
    token: fc.string(),
    attributes: fc.dictionary(fc.string(), fc.oneof({ weight: 9, arbitrary: fc.string() }, fc.jsonValue({ maxDepth: 2 })), { maxKeys: 4 }),
    created_at: fc.constantFrom('2026-05-31 09:30:00', '2026-01-29 23:59:59', '2030-01-01 00:00:00'),
    svc_id: fc.integer(),
    device_id: fc.oneof(fc.uuid(), fc.string()),
    customer_id: fc.string(),
  });
  const event = fc.oneof(anyEvent, plainEvent);

  it('counts the separators and the depth, and takes the fingerprint, of the event read on its own', () => {
    fc.assert(
      fc.property(event, fc.constantFrom('warning' as const, 'off' as const), (value, attributeNotString) => {
        const tally: EventTally = { separators: -1, fingerprint: -1, depth: -1, clock: -1 };
        const problems = checkEvent(value, context(attributeNotString), tally);
        const shape = shapeOf(value);
        expect(tally).toEqual({ separators: shape.commas, fingerprint: fingerprintOf(value, 'svc_id'), depth: shape.depth, clock: expect.any(Number) });
        // A clock is taken only from an event with no problem under any rules.
        if (!Number.isNaN(tally.clock)) {
          expect(problems).toBeNull();
          expect(tally.clock).toBe(plainWallClock(value.created_at as string));
        }
      }),
    );
  });

  it('counts the separators and the depth of an element that is not an object', () => {
    const tally: EventTally = { separators: -1, fingerprint: -1, depth: -1, clock: -1 };
    checkEvent([1, [2, 3], { a: 1, b: [] }], context('warning'), tally);
    expect(tally).toMatchObject({ separators: 4, depth: 3 });
  });
});
