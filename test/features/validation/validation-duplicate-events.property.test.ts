import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../base/common/datetime.ts';
import { findDuplicateEvents, fingerprintOf } from '../../../features/validation/common/duplicate-events.ts';
import { validEvent } from './validation-support.ts';

/**
 * findDuplicateEvents passes over events whose fingerprint no other event's shares a bit of its
 * filter with, and writes events out only when their fingerprints meet. Drawn from a small pool,
 * the events here repeat, share fingerprints while differing elsewhere (attributes, key order),
 * and share filter bits; a crude fingerprint makes every event meet. Whatever happens inside, the answer must be the
 * plain one: each event that is written out the same as an earlier one, paired with the first.
 */

function isEvent(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Each event's fingerprint as the checks take it or, `crude`, its number of fields: alike events still meet. */
function fingerprints(events: readonly unknown[], crude = false): Int32Array {
  return Int32Array.from(events, (event) => (!isEvent(event) ? 0 : crude ? Object.keys(event).length : fingerprintOf(event, 'svc_id')));
}

function plainDuplicates(events: readonly unknown[]): { index: number; original: number }[] {
  const firsts = new Map<string, number>();
  const duplicates: { index: number; original: number }[] = [];
  events.forEach((event, index) => {
    if (!isEvent(event)) return;
    const written = JSON.stringify(event);
    const original = firsts.get(written);
    if (original === undefined) firsts.set(written, index);
    else duplicates.push({ index, original });
  });
  return duplicates;
}

const pooledEvent = fc.record(
  {
    token: fc.constantFrom('tok_1', 'tok_2'),
    attributes: fc.constantFrom({ plan: 'pro' }, { plan: 'free' }, { spend: '1' }),
    created_at: fc.constantFrom('2026-05-31 09:30:00', '2026-05-31 09:30:01'),
    svc_id: fc.constantFrom(12, 13, '12'),
    device_id: fc.constant('1b4e28ba-2fa1-41d2-883f-0016d3cca427'),
    customer_id: fc.constantFrom('customer-1', 'customer-2'),
  },
  { requiredKeys: ['token', 'created_at'] },
);

const element = fc.oneof({ weight: 8, arbitrary: pooledEvent }, fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }));

describe('findDuplicateEvents, by property', () => {
  it('finds exactly the events written out the same as an earlier one', () => {
    fc.assert(
      fc.property(fc.array(element, { maxLength: 60 }), fc.boolean(), (events, crude) => {
        expect(findDuplicateEvents(events, fingerprints(events, crude))).toEqual(plainDuplicates(events));
      }),
      { numRuns: 500 },
    );
  });

  it('finds each repeat when many events share bits of the filter', () => {
    const events = Array.from({ length: 5000 }, (_, index) => ({
      token: `tok_${index % 1700}`,
      created_at: '2026-05-31 09:30:00',
      svc_id: (index % 1700) % 3,
    }));
    expect(findDuplicateEvents(events, fingerprints(events))).toEqual(plainDuplicates(events));
  });

  it('finds each repeat among 700 000 events, with the filter at its largest', () => {
    // Fingerprints read the last characters of fields, so the digits go at the ends of two of them.
    const events = Array.from({ length: 700_000 }, (_, index) => ({
      token: `tok_${String((index % 600_000) % 1000).padStart(3, '0')}`,
      customer_id: `c${String(Math.floor((index % 600_000) / 1000)).padStart(3, '0')}`,
    }));
    expect(findDuplicateEvents(events, fingerprints(events))).toEqual(plainDuplicates(events));
  });
});

describe('fingerprintOf', () => {
  it('tells apart events a minute apart that differ in nothing else', () => {
    // Their created_at all end in ":00", and every other field is the same.
    const start = Date.parse('2026-01-01T00:00:00Z');
    const fingerprintsSeen = new Set(
      Array.from({ length: 5000 }, (_, minute) =>
        fingerprintOf({ ...validEvent(), created_at: formatDateTime(new Date(start + minute * 60_000), 'UTC') }, 'svc_id'),
      ),
    );
    expect(fingerprintsSeen.size).toBe(5000);
  });
});
