import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { validateBatch, type Diagnostic } from '../../../features/validation/common/validation.ts';
import { insideArrays } from '../../fixtures/events.ts';
import { RULES, offsetAt, validEvent } from './validation-support.ts';

/**
 * Nesting deeper than MAX_JSON_DEPTH is one error, at the bracket that opens the level too
 * many, whether JSON.parse is spared the text (brackets dense, see readBatchJson) or reads it and
 * the event checks measure what it read (brackets sparse).
 */

/** The offset of the first `[` or `{` opening level `level`, counted by hand (these texts have no brackets in strings). */
function openingOfLevel(text: string, level: number): number {
  let depth = 0;
  for (let offset = 0; offset < text.length; offset++) {
    if (text[offset] === '[' || text[offset] === '{') depth++;
    if (text[offset] === ']' || text[offset] === '}') depth--;
    if (depth === level) return offset;
  }
  throw new Error(`Nothing opens level ${level}.`);
}

function tooDeep(text: string): Diagnostic[] {
  return validateBatch(text, RULES).diagnostics.filter((diagnostic) => diagnostic.code === 'json-too-deep');
}

/** The only diagnostic of `text`, which must be json-too-deep at `offset`. */
function expectTooDeepAt(text: string, offset: number): void {
  const { diagnostics } = validateBatch(text, RULES);
  expect(diagnostics).toHaveLength(1);
  const [diagnostic] = diagnostics;
  expect(diagnostic).toMatchObject({ severity: 'error', code: 'json-too-deep', message: TOO_DEEP_MESSAGE, path: '' });
  expect(offsetAt(text, diagnostic!.line, diagnostic!.column)).toBe(offset);
  expect(offsetAt(text, diagnostic!.endLine, diagnostic!.endColumn)).toBe(offset + 1);
}

describe('nesting deeper than the limit', () => {
  it(`lets ${MAX_JSON_DEPTH} levels pass and stops at the bracket opening level ${MAX_JSON_DEPTH + 1}`, () => {
    expect(tooDeep('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH))).toEqual([]);
    const text = '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1);
    expectTooDeepAt(text, MAX_JSON_DEPTH);
    expect(validateBatch(text, RULES).diagnostics[0]).toMatchObject({ line: 1, column: MAX_JSON_DEPTH + 1, endLine: 1, endColumn: MAX_JSON_DEPTH + 2 });
  });

  it('is said once, and before the end of a text that never closes', () => {
    expectTooDeepAt('['.repeat(MAX_JSON_DEPTH * 3), MAX_JSON_DEPTH);
  });

  it('is said where it starts in a batch of events, at its line and column', () => {
    // Attributes are level 3, so 61 arrays in an attribute reach level 64, and 62 go past it.
    const deepest = [validEvent(), validEvent({ token: 'tok_2', attributes: { plan: insideArrays(MAX_JSON_DEPTH - 3, 'x') } })];
    expect(tooDeep(JSON.stringify(deepest, null, 2))).toEqual([]);
    const events = [validEvent(), validEvent({ token: 'tok_2', attributes: { plan: insideArrays(MAX_JSON_DEPTH - 2, 'x') } })];
    const text = JSON.stringify(events, null, 2);
    expectTooDeepAt(text, openingOfLevel(text, MAX_JSON_DEPTH + 1));
    expect(validateBatch(text, RULES).diagnostics[0]).toMatchObject({ line: 77, column: 129 });
  });

  it('is found in a long batch with one deep event, after JSON.parse has read it', () => {
    const events = Array.from({ length: 200 }, (_, index) => validEvent({ token: `tok_${index}` }));
    events[150] = validEvent({ token: 'deep', attributes: { plan: insideArrays(100, 'x') } });
    const text = JSON.stringify(events);
    expectTooDeepAt(text, openingOfLevel(text, MAX_JSON_DEPTH + 1));
    // Brackets this sparse go straight to JSON.parse: the events were read.
    expect(validateBatch(text, RULES).events).toHaveLength(200);
  });

  it('counts objects as levels too', () => {
    let attributes: Record<string, unknown> = { plan: 'pro' };
    for (let level = 0; level < 100; level++) attributes = { plan: attributes };
    const text = JSON.stringify([validEvent({ attributes })]);
    expectTooDeepAt(text, openingOfLevel(text, MAX_JSON_DEPTH + 1));
  });

  it('does not count brackets inside strings', () => {
    const text = JSON.stringify([validEvent({ token: `"${'['.repeat(200)}\\"{{{{` })]);
    expect(validateBatch(text, RULES).diagnostics).toEqual([]);
  });

  it('gives way to a syntax error before it, and goes before one after it', () => {
    const earlier = validateBatch(`[x${'['.repeat(100)}`, RULES).diagnostics;
    expect(earlier).toEqual([expect.objectContaining({ code: 'not-json', line: 1, column: 2 })]);
    const later = `${'['.repeat(100)}x`;
    expectTooDeepAt(later, MAX_JSON_DEPTH);
  });

  it('answers 2 MB of [ with the one diagnostic, reading no further than the limit', () => {
    const text = '['.repeat(2 * 1024 * 1024);
    expectTooDeepAt(text, MAX_JSON_DEPTH);
    expect(validateBatch(text, RULES).events).toBeUndefined();
  });

  it('answers 2 MB of arrays nested and closed again the same way', () => {
    const half = 1024 * 1024;
    expectTooDeepAt('['.repeat(half) + ']'.repeat(half), MAX_JSON_DEPTH);
  });
});
