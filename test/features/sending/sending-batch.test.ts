import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import { resolveBatch } from '../../../features/environments/common/templates.ts';
import { readBatchJson } from '../../../features/validation/common/syntax.ts';
import { batchSearchText } from '../../../features/history/node/history-search.ts';
import { prepareBatch, preparing } from '../../../features/sending/node/sending-batch.ts';

/**
 * The batch a send reads once, event by event, must be exactly the batch a parse of the whole
 * text gives: the same events, the same hash, the same refusals, and the same searchable values.
 */

const environment = { variables: [{ name: 'who', value: 'tester' }], timeZone: 'UTC' };
const NOW = new Date('2026-06-01T12:00:00Z');

/** What a send made of a batch before: the whole text parsed, resolved, and written back. */
function wholeReading(text: string): { texts: string[] } | { code: string } {
  const read = readBatchJson(text);
  if (read.problem) return { code: read.problem.code === 'json-too-deep' ? 'batch-too-deep' : 'batch-not-json' };
  if (!Array.isArray(read.value) || read.value.length === 0) return { code: 'batch-empty' };
  const resolved = resolveBatch(read.value, { ...environment, now: NOW });
  if ('problems' in resolved) return { code: resolved.problems.some((problem) => problem.tooDeep) ? 'batch-too-deep' : 'template-problems' };
  return { texts: resolved.events.map((event) => JSON.stringify(event)) };
}

function eventByEvent(text: string): { texts: string[] } | { code: string } {
  try {
    return { texts: prepareBatch(environment, text, NOW).eventTexts };
  } catch (error) {
    if (error instanceof AppError) return { code: error.code };
    throw error;
  }
}

/** Any JSON value, with now and then a string that holds a template ($uuid and $randomInt left out: they differ per call). */
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.constantFrom('evt-{{$seq}}', '{{who}}', '{{$now -1d}}', 'a "quoted" \\ {x} [y], z', '{{nobody}}', '{{'),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
  ),
  node: fc.oneof({ depthSize: 'small' }, tie('leaf'), fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('node'), { maxKeys: 4 })),
})).node;

describe('reading a batch for a send, event by event', () => {
  it('gives the events, the hash and the parts of a reading of the whole text', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 30 }), fc.constantFrom(0, 2), (events, indent) => {
        const text = JSON.stringify(events, null, indent);
        const whole = wholeReading(text);
        if ('code' in whole) {
          expect(eventByEvent(text)).toEqual(whole);
          return;
        }
        const prepared = prepareBatch(environment, text, NOW);
        expect(prepared.eventTexts).toEqual(whole.texts);
        const batch = `[${whole.texts.join(',')}]`;
        expect(prepared.batchHash).toBe(createHash('sha256').update(batch).digest('hex'));
        expect(prepared.batchBytes).toBe(Buffer.byteLength(batch));
        expect(prepared.eventBytes).toEqual(whole.texts.map((eventText) => Buffer.byteLength(eventText)));
        expect(`[${prepared.parts.map((part) => part.events).join(',')}]`).toBe(batch);
        let next = 0;
        for (const part of prepared.parts) {
          expect(part.firstEvent).toBe(next);
          next += part.eventCount;
          // The values gathered as the events were read are those a parse of the part finds.
          expect(new Set(part.searchText.split('\n'))).toEqual(new Set(batchSearchText(`[${part.events}]`).split('\n')));
        }
        expect(next).toBe(whole.texts.length);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses what a reading of the whole text refuses, for the same reason', () => {
    const broken = fc
      .tuple(fc.array(value, { maxLength: 6 }), fc.nat(), fc.constantFrom('', ',', ']', '[', '}', '{', '"', '\\', 'x', ' ', ':'), fc.nat(3))
      .map(([events, at, inserted, cut]) => {
        const text = JSON.stringify(events);
        const where = at % (text.length + 1);
        return text.slice(0, where) + inserted + text.slice(where + cut);
      });
    fc.assert(
      fc.property(fc.oneof(broken, fc.string()), (text) => {
        const whole = wholeReading(text);
        const read = eventByEvent(text);
        if ('code' in whole) expect(read).toEqual(whole);
        else expect(read).toEqual({ texts: whole.texts });
      }),
      { numRuns: 1000 },
    );
  });

  it('resolves templates as the batch does: $seq is each event number, one now for all', () => {
    const text = JSON.stringify([
      { token: 'evt-{{$seq}}', at: '{{$now}}' },
      { token: 'evt-{{$seq}}', at: '{{$now}}', plain: 'no template' },
    ]);
    expect(prepareBatch(environment, text, NOW).eventTexts).toEqual([
      '{"token":"evt-1","at":"2026-06-01 12:00:00"}',
      '{"token":"evt-2","at":"2026-06-01 12:00:00","plain":"no template"}',
    ]);
    // Braces written as escapes are braces all the same.
    expect(prepareBatch(environment, '[{"token":"\\u007b{$seq}}"}]', NOW).eventTexts).toEqual(['{"token":1}']);
    expect(() => prepareBatch(environment, '[{"\\u007b{who}}":1}]', NOW)).toThrow(expect.objectContaining({ code: 'template-problems' }));
    // Which event, numbered from 1 as people read it, and where in it, as a pointer.
    expect(() => prepareBatch(environment, '[{"token":"a"},{"token":"{{nobody}}"}]', NOW)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('event 2 (/1/token): ') }),
    );
  });

  it('stops every few events, so a send can let other work run between its steps', () => {
    const text = JSON.stringify(Array.from({ length: 5000 }, (_, n) => ({ token: `t-${n}` })));
    const steps = preparing(environment, text, NOW);
    let pauses = 0;
    for (let step = steps.next(); !step.done; step = steps.next()) pauses++;
    expect(pauses).toBeGreaterThanOrEqual(5000 / 64);
  });
});
