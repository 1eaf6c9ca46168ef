import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validEvent } from '../../fixtures/events.ts';
import { pseudonymizeWithKey } from './pseudonyms.ts';

const guide = readFileSync(path.join(import.meta.dirname, '../../../docs/guide/transforming.md'), 'utf8');

/** The guide's paragraph on `--pseudonymize`: from its bullet to the next one. */
const paragraph = guide.slice(guide.indexOf('- `--pseudonymize` replaces'), guide.indexOf('- `--set FIELD=VALUE`'));

/** A number without its last three digits: the range it was drawn from. */
const rangeOf = (phone: string) => phone.slice(0, -3);

describe("the guide's pseudonymize example (docs/guide/transforming.md)", () => {
  it('shows phone numbers as the transform writes them, from more than one of the ranges it writes to', () => {
    const inputs = Array.from({ length: 400 }, (_, index) => `+49 30 ${String(1_000_000 + index * 7919)}`);
    const result = pseudonymizeWithKey([validEvent({ attributes: Object.fromEntries(inputs.map((phone, index) => [`phone${index}`, phone])) })], {
      fields: [],
    });
    if (!result.ok) throw new Error('pseudonymize failed');
    const written = Object.values((result.events[0] as { attributes: Record<string, string> }).attributes);
    const ranges = new Set(written.map(rangeOf));
    expect(ranges.size).toBeGreaterThan(1);

    const examples = [...paragraph.matchAll(/`(\+44[^`]*)`/g)].map((match) => match[1]!);
    expect(examples.length).toBeGreaterThan(1);
    for (const example of examples) {
      expect(example).toMatch(/^\+44 [\d ]+\d{3}$/);
      expect(ranges, example).toContain(rangeOf(example));
    }
    expect(new Set(examples.map(rangeOf)).size).toBeGreaterThan(1);
  });
});
