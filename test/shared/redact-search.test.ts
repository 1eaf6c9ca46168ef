import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayDecodeInto, viewsOf } from '../../shared/escape-views.ts';
import { needlesOf } from '../../shared/secret-forms.ts';
import { SLASHED_KEY } from '../fixtures/hostile/secrets.ts';

/**
 * Redaction reads the views that undo escapes only below a text where an escape may undo into a
 * character of a secret's form: a batch of 100 000 events whose escapes are quotes, backslashes
 * and spaces then costs one search, not up to fourteen copies of it.
 */

const unitsOf = (secret: string) => new Set(needlesOf(secret, 7).flatMap((needle) => [...needle.form].map((unit) => unit.charCodeAt(0))));

const SHORT_LETTERS: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', '\b': 'b', '\n': 'n' };

/** `unit` as it is or escaped, JSON or URL style, in either case, each character of that escape written the same way, up to `depth` layers. */
function written(unit: string, depth: number, choices: Iterator<number>): string {
  const choice = choices.next().value as number;
  if (depth === 0 || choice < 3) return unit;
  const code = unit.charCodeAt(0);
  const syntax =
    choice === 3 ? `\\u${code.toString(16).padStart(4, '0')}`
    : choice === 4 && code < 0x80 ? `%${code.toString(16).padStart(2, '0')}`
    : choice === 4 ? encodeURIComponent(unit).toLowerCase()
    : SHORT_LETTERS[unit] !== undefined ? `\\${SHORT_LETTERS[unit]}`
    : `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
  return [...syntax].map((part) => written(part, depth - 1, choices)).join('');
}

describe('reading views only where an escape may undo into a secret', () => {
  it('finds every text where some view undoes an escape into one of the characters', () => {
    const pool = ['A', '/', 'é', '€', ' ', '"', '\\', '%', 'u', '5', 'c', '0', '+', '\n'];
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 2 }), fc.array(fc.constantFrom(...pool), { maxLength: 8 }), fc.infiniteStream(fc.integer({ min: 0, max: 5 })), fc.boolean(), (characters, plain, choices, plusIsSpace) => {
        const text = plain.map((unit) => written(unit, 3, choices)).join('');
        if (mayDecodeInto(new Set(characters.map((unit) => unit.charCodeAt(0))), plusIsSpace).test(text)) return;
        for (const view of viewsOf(text, plusIsSpace)) {
          [...view.text].forEach((unit, index) => {
            if (characters.includes(unit)) expect(text.slice(...view.origin(index, index + 1)), JSON.stringify(text)).toBe(unit);
          });
        }
      }),
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
