import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personalValues } from '../../../features/transforms/common/transforms.ts';
import { pseudonymizeWithKey } from './pseudonyms.ts';

/**
 * Whatever personal data a batch holds, and wherever in its attribute values: pseudonymize
 * gives the same output for the same input and key, run after run; each original value gets
 * one replacement throughout the batch; and no original personal value is left in the output.
 */

const word = fc.stringMatching(/^[a-z]{3,8}$/);
const email = fc.tuple(word, word).map(([user, host]) => `${user}@${host}.com`);
const phone = fc.tuple(fc.integer({ min: 30, max: 89 }), fc.integer({ min: 1_000_000, max: 99_999_999 })).map(([area, number]) => `+49 ${area} ${number}`);
const ipv4 = fc.tuple(fc.integer({ min: 11, max: 99 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 })).map((parts) => parts.join('.'));
const ipv6 = fc
  .array(fc.integer({ min: 0x1000, max: 0xffff }), { minLength: 4, maxLength: 4 })
  .map((groups) => `2a02:${groups.map((group) => group.toString(16)).join(':')}::1`);
const personal = fc.oneof(email, phone, ipv4, ipv6);
const note = fc.array(fc.oneof(word, personal), { maxLength: 6 }).map((parts) => parts.join(', '));
const customer = fc.integer({ min: 1000, max: 1012 }).map((number) => `cust-${number}`);
const device = fc.integer({ min: 0, max: 5 }).map((number) => `6f1c2d3e-4a5b-4c6d-8e7f-${String(number).padStart(12, '0')}`);
const person = fc.constantFrom('Ada Lovelace', 'Grace Hopper', 'Alan Turing');

const event = fc.record({
  token: word.map((text) => `tok_${text}`),
  customer_id: customer,
  device_id: device,
  created_at: fc.constant('2026-11-20 14:30:00'),
  svc_id: fc.constant(12),
  attributes: fc.record({ plan: fc.constantFrom('free', 'pro'), note, name: person, nested: fc.array(note, { maxLength: 2 }) }),
});
const batch = fc.array(event, { minLength: 1, maxLength: 12 });

/** Whether `value` occurs in `text` as a whole, not as part of a longer word or number. */
function occursWhole(text: string, value: string): boolean {
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + value.length] ?? ' ';
    if (!/[\w.:@-]/.test(before) && !/[\w.:@]/.test(after)) return true;
  }
  return false;
}

describe('pseudonymize properties', () => {
  it('is consistent within a batch and across runs with the same key, and leaves no original personal value', () => {
    fc.assert(
      fc.property(batch, (events) => {
        const options = { fields: ['attributes.name'] };
        const first = pseudonymizeWithKey(events, options);
        const second = pseudonymizeWithKey(structuredClone(events), options);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        expect(second).toEqual(first);
        const listed = personalValues(events, options);
        if (!listed.ok) return;
        const output = JSON.stringify(first.events);
        for (const { value } of listed.values) expect(occursWhole(output, value), value).toBe(false);
        for (const field of ['customer_id', 'device_id'] as const) {
          const replacementOf = new Map<string, unknown>();
          events.forEach((original, index) => {
            const replaced = (first.events[index] as Record<string, unknown>)[field];
            expect(replacementOf.get(original[field]) ?? replaced).toBe(replaced);
            replacementOf.set(original[field], replaced);
          });
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives other replacements under another key', () => {
    fc.assert(
      fc.property(batch, (events) => {
        const one = pseudonymizeWithKey(events, { fields: [] }, new Uint8Array(32).fill(1));
        const other = pseudonymizeWithKey(events, { fields: [] }, new Uint8Array(32).fill(2));
        expect(one.ok && other.ok && (one.events[0] as { customer_id: string }).customer_id).not.toBe(
          other.ok && (other.events[0] as { customer_id: string }).customer_id,
        );
      }),
      { numRuns: 30 },
    );
  });
});
