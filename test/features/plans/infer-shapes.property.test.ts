import { fastFormats, fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_PATTERN, SHAPES, shapeOf, shapesOf, type Shape } from '../../../features/plans/common/infer-shapes.ts';

/** Inference's cheap checks never accept a text that the validator's check of the same format (ajv-formats, full or fast) refuses. */

type FormatCheck = RegExp | ((text: string) => boolean) | { validate: RegExp | ((text: string) => boolean) };

function passes(check: FormatCheck | undefined, text: string): boolean {
  const validate = check !== undefined && typeof check === 'object' && 'validate' in check ? check.validate : check;
  if (validate instanceof RegExp) return validate.test(text);
  if (typeof validate === 'function') return validate(text);
  throw new Error('no such format check');
}

function validatorAccepts(shape: Shape, text: string): boolean {
  if (shape === 'decimal') return new RegExp(DECIMAL_PATTERN).test(text);
  return passes(fullFormats[shape] as FormatCheck, text) && passes(fastFormats[shape] as FormatCheck, text);
}

const texts = fc.oneof(
  fc.string(),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,3})?([Zz]|[+-]\d{2}:\d{2})?$/),
  fc.uuid().map((uuid) => uuid.toUpperCase()),
  fc.uuid(),
  fc.emailAddress(),
  fc.stringMatching(/^[a-z.+-]{1,8}@[a-z0-9.-]{1,80}$/),
  fc.stringMatching(/^-?\d{0,4}(\.\d{0,3})?$/),
);

describe('the shapes inference recognises', () => {
  it('are each a subset of the validator’s check', () => {
    fc.assert(
      fc.property(texts, (text) => {
        for (const shape of SHAPES) if (shapesOf(text) & (1 << SHAPES.indexOf(shape))) expect(validatorAccepts(shape, text), `${shape}: ${text}`).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['2026-11-24T07:30:00Z', 'date-time'],
    ['2024-02-29T23:59:59.123+01:00', 'date-time'],
    ['1b4e28ba-2fa1-41d2-883f-0016d3cca427', 'uuid'],
    ['ada@lovelace.org', 'email'],
    ['19.99', 'decimal'],
  ])('knows %s as %s', (text, shape) => {
    expect(shapeOf(shapesOf(text))).toBe(shape);
  });

  it.each([
    '2026-11-24 07:30:00',
    '2025-02-29T10:00:00Z',
    '2026-11-24T24:00:00Z',
    '2026-11-24T07:30:00',
    'ada@localhost',
    '1e5',
    '19.',
    'urn:uuid:1b4e28ba-2fa1-41d2-883f-0016d3cca427',
  ])('knows no shape in %s', (text) => {
    expect(shapesOf(text)).toBe(0);
  });
});
