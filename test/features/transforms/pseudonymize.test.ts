import { describe, expect, it } from 'vitest';
import { personalSpans, personalValues, pseudonymize } from '../../../features/transforms/common/transforms.ts';
import { validEvent } from '../../fixtures/events.ts';
import { pseudonymizeWithKey } from './pseudonyms.ts';

const DEVICE = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

const support = () => [
  validEvent({
    token: 'tok_1',
    customer_id: 'cust-7781',
    device_id: DEVICE,
    name: 'Ada Lovelace',
    attributes: {
      plan: 'pro',
      spend: '19.99',
      note: 'Call ada@lovelace.org or +49 30 1234567, from 203.0.114.9 and 2a02:8108:1:2::17 on 2026-11-20 14:30:00',
      name: 'Ada',
      owner: { email: 'ada@lovelace.org' },
    },
  }),
  validEvent({ token: 'tok_2', customer_id: 'cust-7781', device_id: DEVICE, attributes: { contact: '(555) 123-4567', list: ['10.0.0.1', 'none'] } }),
];

/** The fields the test reads of a pseudonymized event. */
interface Pseudonymized {
  customer_id: string;
  device_id: string;
  name: string;
  attributes: { note: string; owner: { email: string }; contact: string; list: string[] };
}

function textOf(value: unknown): string {
  return JSON.stringify(value);
}

describe('personalSpans', () => {
  it('finds emails, phone numbers and IP addresses anywhere in a text', () => {
    expect(
      personalSpans('mail a.b+c@mail.example.de, ring 0151 23456789 or 555.123.4567; ::1 and fe80::1ff:fe23:4567:890a via 192.168.0.1.').map(
        (span) => `${span.kind}:${span.value}`,
      ),
    ).toEqual(['email:a.b+c@mail.example.de', 'phone:0151 23456789', 'phone:555.123.4567', 'ip:::1', 'ip:fe80::1ff:fe23:4567:890a', 'ip:192.168.0.1']);
  });

  it('leaves alone what only looks like them: dates, times, amounts, UUIDs, versions of more than four parts, and example values', () => {
    const plain = `2026-11-20 14:30:00, 19.99, ${DEVICE}, 1.2.3.4.5, 00:1A:2B:3C:4D:5E, order 000012345, user-0123456789@example.invalid, +44 20 7946 0123, 192.0.2.7, 2001:db8::5`;
    expect(personalSpans(plain)).toEqual([]);
  });
});

describe('pseudonymize', () => {
  it('lists every distinct personal value once, in order of appearance', () => {
    const listed = personalValues(support(), { fields: ['name'] });
    expect(listed.ok && listed.values.map((personal) => `${personal.kind}:${personal.value}`)).toEqual([
      'email:ada@lovelace.org',
      'phone:+49 30 1234567',
      'ip:203.0.114.9',
      'ip:2a02:8108:1:2::17',
      'value:Ada',
      'device:1b4e28ba-2fa1-41d2-883f-0016d3cca427',
      'customer:cust-7781',
      'value:Ada Lovelace',
      'phone:(555) 123-4567',
      'ip:10.0.0.1',
    ]);
  });

  it('replaces each with a value of its kind, the same one wherever it occurs, and leaves the rest as it was', () => {
    const result = pseudonymizeWithKey(support(), { fields: ['attributes.name', 'name'] });
    if (!result.ok) throw new Error(result.message);
    const [first, second] = result.events as Pseudonymized[];
    expect(result.changed).toEqual([0, 1]);
    expect(first!.customer_id).toMatch(/^cust-[0-9a-f]{12}$/);
    expect(second!.customer_id).toBe(first!.customer_id);
    expect(first!.device_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second!.device_id).toBe(first!.device_id);
    expect(first!.name).toMatch(/^anon-[0-9a-f]{12}$/);
    expect(first!.attributes.note).toMatch(
      /^Call user-[0-9a-f]{12}@example\.invalid or \+44 [\d ]+, from (192\.0\.2|198\.51\.100|203\.0\.113)\.\d+ and 2001:db8:[0-9a-f:]+ on 2026-11-20 14:30:00$/,
    );
    expect(first!.attributes.owner.email).toBe(/user-\w+@example\.invalid/.exec(first!.attributes.note)?.[0]);
    expect(second!.attributes.contact).toMatch(/^\+44 /);
    expect(second!.attributes.list[1]).toBe('none');
    expect({ ...first, customer_id: 0, device_id: 0, name: 0, attributes: { ...first!.attributes, note: 0, name: 0, owner: 0 } }).toEqual({
      ...support()[0],
      customer_id: 0,
      device_id: 0,
      name: 0,
      attributes: { ...(support()[0]!.attributes as object), note: 0, name: 0, owner: 0 },
    });
    for (const original of ['cust-7781', DEVICE, 'Ada', 'lovelace', '1234567', '203.0.114.9', '2a02:8108', '123-4567', '10.0.0.1'])
      expect(textOf(result.events)).not.toContain(original);
  });

  it('keeps a numeric customer id a number, and leaves a second run’s input of example values alone', () => {
    const result = pseudonymizeWithKey([validEvent({ customer_id: 7781, attributes: { ip: '8.8.8.8' } })], { fields: [] });
    expect(result.ok && typeof (result.events[0] as { customer_id: unknown }).customer_id).toBe('number');
    const again = result.ok && personalValues(result.events, { fields: [] });
    expect(again && again.ok && again.values.map((personal) => personal.kind)).toEqual(['device', 'customer']);
  });

  it('works on the selection only, and says when a replacement is missing', () => {
    const result = pseudonymizeWithKey(support(), { indexes: [1], fields: [] });
    expect(result.ok && result.events[0]).toEqual(support()[0]);
    expect(result).toMatchObject({ changed: [1] });
    expect(pseudonymize(support(), { fields: [], replacements: new Map() })).toEqual({
      ok: false,
      message: 'There is no replacement for the email "ada@lovelace.org" of event 1: list the values with personalValues first.',
    });
  });
});
