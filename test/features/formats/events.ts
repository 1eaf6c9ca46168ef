import fc from 'fast-check';

/** Generated events as the service describes them (service-api.md §2.3), attribute values as text. */
export const eventArbitrary = fc.record({
  token: fc.string({ minLength: 1 }),
  attributes: fc.dictionary(
    fc.string({ minLength: 1 }).filter((name) => name.trim() === name),
    fc.string({ minLength: 1 }),
    { maxKeys: 4 },
  ),
  created_at: fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 19).replace('T', ' ')),
  svc_id: fc.integer({ min: -1_000_000, max: 1_000_000 }),
  device_id: fc.uuid(),
  customer_id: fc.string({ minLength: 1 }),
});

export const sampleEvent = {
  token: 'tok-1',
  attributes: { spend: '12.50', plan: 'pro' },
  created_at: '2026-05-04 10:20:30',
  svc_id: 12,
  device_id: '6f1c2a3e-8b1d-4c4e-9a7b-2d9e1f0a3b4c',
  customer_id: 'cust-42',
};
