import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkBody, planChunks, utf8Length } from '../../../features/history/common/chunking.ts';

/**
 * Whatever the events and the limits, the plan covers every event once, in order, and each
 * chunk's body (as chunkBody builds it) is within both limits, or is a lone oversized event.
 */

const bytesOf = (text: string) => new TextEncoder().encode(text).length;

// Event texts of mixed widths: ASCII, two-, three- and four-byte characters, and lone surrogates.
const eventText = fc.oneof(
  fc.json({ maxDepth: 2 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => JSON.stringify({ token: text })),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

describe('planChunks', () => {
  it('covers every event exactly once, in order, each chunk within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(eventText, { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 400 }),
        (texts, chunkSize, maxChunkBytes) => {
          const chunks = planChunks(texts, { chunkSize, maxChunkBytes });
          let next = 0;
          for (const chunk of chunks) {
            expect(chunk.firstEvent).toBe(next);
            expect(chunk.eventCount).toBeGreaterThanOrEqual(1);
            expect(chunk.eventCount).toBeLessThanOrEqual(chunkSize);
            const body = chunkBody(texts, chunk.firstEvent, chunk.eventCount);
            expect(chunk.bytes).toBe(bytesOf(body));
            if (chunk.bytes > maxChunkBytes) {
              expect(chunk.eventCount).toBe(1);
              expect(chunk.oversized).toBe(true);
            } else {
              expect(chunk.oversized).toBe(false);
            }
            next += chunk.eventCount;
          }
          expect(next).toBe(texts.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('fills each chunk as far as the limits allow: the next event would not have fitted', () => {
    fc.assert(
      fc.property(
        fc.array(eventText, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2, max: 400 }),
        (texts, chunkSize, maxChunkBytes) => {
          const chunks = planChunks(texts, { chunkSize, maxChunkBytes });
          for (const chunk of chunks.slice(0, -1)) {
            const grown = chunkBody(texts, chunk.firstEvent, chunk.eventCount + 1);
            expect(chunk.eventCount === chunkSize || bytesOf(grown) > maxChunkBytes).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts UTF-8 bytes as an encoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (text) => {
        expect(utf8Length(text)).toBe(bytesOf(text));
      }),
    );
  });

  it('plans 500-event chunks, and an oversized event alone', () => {
    const texts = Array.from({ length: 1201 }, (_, index) => JSON.stringify({ token: `t-${index}` }));
    expect(planChunks(texts, { chunkSize: 500, maxChunkBytes: 5 * 1024 * 1024 }).map((chunk) => chunk.eventCount)).toEqual([500, 500, 201]);
    const big = 'x'.repeat(100);
    const plan = planChunks(['"a"', JSON.stringify(big), '"b"'], { chunkSize: 10, maxChunkBytes: 50 });
    expect(plan.map(({ firstEvent, eventCount, oversized }) => [firstEvent, eventCount, oversized])).toEqual([
      [0, 1, false],
      [1, 1, true],
      [2, 1, false],
    ]);
    expect(planChunks([], { chunkSize: 10, maxChunkBytes: 50 })).toEqual([]);
  });
});
