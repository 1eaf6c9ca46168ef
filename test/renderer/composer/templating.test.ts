import { describe, expect, it } from 'vitest';
import { copiesOf, copyTemplate } from '../../../renderer/composer/form/templating.ts';
import { findDuplicateEvents, fingerprintOf } from '../../../features/validation/common/duplicate-events.ts';
import { validEvent } from '../../fixtures/events.ts';

describe('copies of an event', () => {
  it('writes the fields that must differ as templates', () => {
    expect(copyTemplate(validEvent(), { uniqueDevice: true, numbered: ['customer_id'] })).toMatchObject({
      device_id: '{{$uuid}}',
      customer_id: 'customer-1-{{$seq}}',
      token: 'tok_1',
    });
    expect(copyTemplate({ token: 7 }, { uniqueDevice: false, numbered: ['token'] })).toEqual({ token: '{{$seq}}' });
  });

  it('resolves each copy on its own, so none repeats another or the event', () => {
    const event = validEvent();
    const result = copiesOf(event, 3, { uniqueDevice: true, numbered: ['token'] }, null);
    if (!('events' in result)) throw new Error(result.problems.join(' '));
    expect(result.events.map((copy) => (copy as Record<string, unknown>).token)).toEqual(['tok_1-1', 'tok_1-2', 'tok_1-3']);
    const batch = [event, ...result.events] as Record<string, unknown>[];
    expect(
      findDuplicateEvents(
        batch,
        Int32Array.from(batch, (one) => fingerprintOf(one, 'svc_id')),
      ),
    ).toEqual([]);
    // Without a change of their own, the copies are duplicates: what the choices are for.
    const same = copiesOf(event, 2, { uniqueDevice: false, numbered: [] }, null) as { events: Record<string, unknown>[] };
    expect(
      findDuplicateEvents(
        [event, ...same.events],
        Int32Array.from([event, ...same.events], (one) => fingerprintOf(one, 'svc_id')),
      ),
    ).toHaveLength(2);
  });
});
