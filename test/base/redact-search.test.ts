import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayDecodeInto, viewsOf } from '../../base/common/escape-views.ts';
import { MASK, redactText } from '../../base/common/redaction/redact.ts';
import { familiesWithin, needlesOf } from '../../base/common/redaction/secret-forms.ts';
import { secretSpans } from '../../base/common/redaction/secret-spans.ts';
import { SLASHED_KEY } from '../fixtures/hostile/secrets.ts';

/**
 * Redaction searches all forms of all secrets in one pass and reads the views that undo escapes
 * only where an escape may undo into a character of a form (a 23 MB batch is searched in about the
 * time of one pattern of the secrets). These check that the shortcuts lose nothing against the
 * plain way: every form searched for alone, in the text and in every view.
 */

/** The spans the plain way finds: each form alone, each place of it, in the text and every view. */
function everyPlace(text: string, secret: string): [number, number][] {
  const forms = needlesOf(secret, familiesWithin(secret, text.length)).map((needle) => needle.form);
  const views = [{ text, origin: (start: number, end: number) => [start, end] as const }, ...viewsOf(text, secret.includes(' '))];
  return views.flatMap((view) =>
    forms.flatMap((form) => {
      const places: [number, number][] = [];
      for (let at = view.text.indexOf(form); at !== -1; at = view.text.indexOf(form, at + 1)) places.push([...view.origin(at, at + form.length)]);
      return places;
    }),
  );
}

const covered = (spans: [number, number][], [start, end]: [number, number]) => spans.some(([from, to]) => from <= start && end <= to);

const unitsOf = (secret: string) => new Set(needlesOf(secret, 7).flatMap((needle) => [...needle.form].map((unit) => unit.charCodeAt(0))));

const SHORT_LETTERS: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\n': 'n' };

/** `unit` as it is or escaped, JSON or URL style, in either case, each character of that escape written the same way, up to `depth` layers. */
function written(unit: string, depth: number, choices: Iterator<number>): string {
  const choice = choices.next().value as number;
  if (depth === 0 || choice < 3) return unit;
  const code = unit.charCodeAt(0);
  const syntax =
    choice === 3
      ? `\\u${code.toString(16).padStart(4, '0')}`
      : choice === 4 && code < 0x80
        ? `%${code.toString(16).padStart(2, '0')}`
        : choice === 4
          ? encodeURIComponent(unit).toLowerCase()
          : SHORT_LETTERS[unit] !== undefined
            ? `\\${SHORT_LETTERS[unit]}`
            : `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
  return [...syntax].map((part) => written(part, depth - 1, choices)).join('');
}

/** A text with the secret in it, each character written some way, between characters of escape syntax written the same ways. */
const textWith = (secret: string) =>
  fc
    .tuple(
      fc.array(fc.constantFrom('\\', '%', 'u', '0', '5', 'c', '"', '/', '+', ' ', 'x'), { maxLength: 6 }),
      fc.infiniteStream(fc.integer({ min: 0, max: 5 })),
    )
    .map(([noise, choices]) => [...noise, ...secret, ...noise.toReversed()].map((unit) => written(unit, 3, choices)).join(''));

describe('searching all forms at once', () => {
  it('finds every place the plain way finds, escaped in any layers, written any way', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 4, maxLength: 8, unit: fc.constantFrom('A', 'z', '/', '+', '%', '\\', '"', 'u', '5', ' ', 'é', '\n') })
          .chain((secret) => fc.tuple(fc.constant(secret), textWith(secret))),
        ([secret, text]) => {
          const found = secretSpans(text, [secret]);
          for (const place of everyPlace(text, secret)) expect(covered(found, place), `${JSON.stringify(text)} ${JSON.stringify(place)}`).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('masks a secret that overlaps another one, or starts it, and a secret that overlaps itself', () => {
    expect(redactText('abcd1234wxyz', ['abcd1234', '1234wxyz'])).toBe(MASK);
    expect(redactText('abcdef abcd', ['abcd', 'abcdef'])).toBe(`${MASK} ${MASK}`);
    expect(redactText('[ababab]', ['abab'])).toBe(`[${MASK}]`);
  });
});

describe('reading views only where an escape may undo into a secret', () => {
  it('finds every text where some view undoes an escape into one of the characters', () => {
    const pool = ['A', '/', 'é', '€', ' ', '"', '\\', '%', 'u', '5', 'c', '0', '+', '\n'];
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 2 }),
        fc.array(fc.constantFrom(...pool), { maxLength: 8 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 5 })),
        fc.boolean(),
        (characters, plain, choices, plusIsSpace) => {
          const text = plain.map((unit) => written(unit, 3, choices)).join('');
          if (mayDecodeInto(new Set(characters.map((unit) => unit.charCodeAt(0))), plusIsSpace).test(text)) return;
          for (const view of viewsOf(text, plusIsSpace)) {
            [...view.text].forEach((unit, index) => {
              if (characters.includes(unit)) expect(text.slice(...view.origin(index, index + 1)), JSON.stringify(text)).toBe(unit);
            });
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  const units = unitsOf('demo-password');

  it('reads none for a batch whose escapes undo into quotes, backslashes and spaces', () => {
    const batch = JSON.stringify([{ note: 'say "hi" to %20 user 1', path: 'a\\b', query: 'a%20b+c' }], null, 2);
    expect(mayDecodeInto(units, false).test(batch)).toBe(false);
  });

  it('reads them where an escape, or an escape of an escape, may undo into one of its characters', () => {
    expect(mayDecodeInto(unitsOf(SLASHED_KEY), false).test('\\/')).toBe(true);
    for (const text of ['\\u0064', '%64', '\\\\u0064', '%5cu0064', '\\u005c\\u0075', '%2564', '\\%64', '\\u00%36%34', '%%364']) {
      expect(mayDecodeInto(units, false).test(text), text).toBe(true);
    }
  });
});
