import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setField, typedFieldValue } from '../../../features/transforms/common/transforms.ts';
import { validEvent } from '../../fixtures/events.ts';

const batch = () => [validEvent({ token: 'a' }), validEvent({ token: 'b', svc_id: 40 }), validEvent({ token: 'c', attributes: undefined })];

describe('setField', () => {
  it('sets a top-level field on the selected events, reporting only those it changed', () => {
    const events = batch();
    const result = setField(events, { indexes: [0, 1], path: 'svc_id', value: 40 });
    expect(result).toMatchObject({
      ok: true,
      changed: [0],
      events: [
        { token: 'a', svc_id: 40 },
        { token: 'b', svc_id: 40 },
        { token: 'c', svc_id: 12 },
      ],
    });
    expect(result.ok && result.events[1]).toBe(events[1]);
    expect(events[0]!.svc_id).toBe(12);
  });

  it('sets an attribute, making attributes where an event has none', () => {
    const result = setField(batch(), { path: 'attributes.plan', value: 'team' });
    expect(result).toMatchObject({ ok: true, changed: [0, 1, 2] });
    expect(result.ok && result.events.map((event) => (event as { attributes: { plan: string } }).attributes.plan)).toEqual(['team', 'team', 'team']);
    expect(result.ok && result.events[0]).toMatchObject({ attributes: { spend: '19.99' } });
  });

  it('gives each event its own new UUID', () => {
    let next = 0;
    const result = setField(batch(), { path: 'device_id', value: { generate: 'uuid' }, uuid: () => `00000000-0000-4000-8000-00000000000${next++}` });
    expect(result.ok && result.events.map((event) => (event as { device_id: string }).device_id)).toEqual([
      '00000000-0000-4000-8000-000000000000',
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ]);
    const random = setField(batch(), { path: 'device_id', value: { generate: 'uuid' } });
    expect(random.ok && new Set(random.events.map((event) => (event as { device_id: string }).device_id)).size).toBe(3);
  });

  it('says what is wrong with a path or an event', () => {
    expect(setField(batch(), { path: 'attributes.', value: 1 })).toEqual({
      ok: false,
      message: 'Name the attribute to set after "attributes.", as in attributes.plan.',
    });
    expect(setField(batch(), { path: 'meta.x', value: 1 })).toMatchObject({
      ok: false,
      message: '"meta.x" is not a field of an event: set token, created_at, svc_id, device_id, customer_id or attributes.NAME.',
    });
    expect(setField(batch(), { path: ' ', value: 1 })).toMatchObject({ ok: false });
    expect(setField([validEvent({ attributes: 'x' })], { path: 'attributes.plan', value: 1 })).toEqual({
      ok: false,
      message: "Event 1's attributes is not an object, so attributes.plan cannot be set in it.",
    });
  });

  it('refuses a field the service does not name, and a created_at or service id it would not take, saying what the field must be', () => {
    const refused = (path: string, value: unknown, serviceIdField?: string) =>
      setField(batch(), { path, value, ...(serviceIdField ? { serviceIdField } : {}) });
    expect(refused('custmer_id', 'c-1')).toEqual({
      ok: false,
      message: '"custmer_id" is not a field of an event: set token, created_at, svc_id, device_id, customer_id or attributes.NAME.',
    });
    expect(refused('attributes', 'pro')).toEqual({ ok: false, message: 'attributes holds the attributes: set one of them, as in attributes.plan.' });
    expect(refused('created_at', 'yesterday')).toEqual({
      ok: false,
      message: 'created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}}), not the string "yesterday".',
    });
    expect(refused('created_at', '2026-11-40 10:00:00')).toEqual({
      ok: false,
      message: 'created_at must be a date-time written YYYY-MM-DD HH:MM:SS (or {{$now}}): 2026-11-40 is not a date in the calendar.',
    });
    expect(refused('created_at', 20261120)).toMatchObject({ ok: false, message: expect.stringContaining('not the number 20261120.') });
    expect(refused('created_at', { generate: 'uuid' })).toMatchObject({ ok: false, message: expect.stringContaining('not a new UUID.') });
    expect(refused('svc_id', 'abc')).toEqual({ ok: false, message: 'svc_id must be a whole number (or {{$seq}}), not the string "abc".' });
    expect(refused('svc_id', 4.5)).toMatchObject({ ok: false, message: expect.stringContaining('not the number 4.5.') });
    // The environment's name for the service-id field is the one known; svc_id then is not a field.
    expect(refused('acme_id', '7', 'acme_id')).toEqual({ ok: false, message: 'acme_id must be a whole number (or {{$seq}}), not the string "7".' });
    expect(refused('svc_id', 7, 'acme_id')).toMatchObject({
      ok: false,
      message: expect.stringContaining('set token, created_at, acme_id, device_id, customer_id or attributes.NAME.'),
    });
  });

  it('takes what the service takes: a real date-time, a whole number, the templates validation takes there, any attribute', () => {
    for (const [path, value] of [
      ['created_at', '2028-02-29 23:59:59'],
      ['created_at', '{{$now -15m}}'],
      ['svc_id', 42],
      ['svc_id', '{{$seq}}'],
      ['attributes.custmer_id', 'free'],
    ] as const) {
      expect(setField(batch(), { path, value })).toMatchObject({ ok: true });
    }
    expect(setField(batch(), { path: 'acme_id', value: 7, serviceIdField: 'acme_id' })).toMatchObject({ ok: true, changed: [0, 1, 2] });
  });

  it('touches only the selected events (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }), { minLength: 1, maxLength: 10 }),
        fc.array(fc.nat(9)),
        fc.constantFrom('token', 'customer_id', 'attributes.plan', 'attributes.a b'),
        fc.jsonValue({ maxDepth: 1 }),
        (raw, picks, path, value) => {
          const events = raw.map((event) => ({ ...event, attributes: {} }));
          const indexes = picks.filter((index) => index < events.length);
          const result = setField(events, { indexes, path, value });
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          result.events.forEach((event, index) => {
            if (!indexes.includes(index)) expect(event).toBe(events[index]);
            expect(result.changed.includes(index)).toBe(event !== events[index]);
          });
        },
      ),
    );
  });
});

describe('typedFieldValue', () => {
  it('keeps text for the fields the service takes as text, and reads the service id as JSON', () => {
    expect(typedFieldValue('customer_id', '123')).toBe('123');
    expect(typedFieldValue('token', 'true')).toBe('true');
    expect(typedFieldValue('device_id', 'null')).toBe('null');
    expect(typedFieldValue('created_at', '"2026-11-20 10:00:00"')).toBe('"2026-11-20 10:00:00"');
    expect(typedFieldValue('attributes.plan', '12')).toBe('12');
    expect(typedFieldValue('svc_id', '12')).toBe(12);
  });
});
