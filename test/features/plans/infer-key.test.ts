import { describe, expect, it } from 'vitest';
import { inferPlan } from '../../../features/plans/common/infer.ts';

/**
 * Inferring a plan from SDK traffic whose token differs per event (issue 32, item 5): a key
 * inside the attributes, the warning when a key names about one kind per event with the fields
 * that would group the events instead, and the real reason a key is refused.
 */

const SCREENS = ['home', 'search', 'product', 'cart', 'checkout', 'profile'];

/** 180 events as an SDK sends them: a token per event, the screen and platform among the attributes. */
function sdkTraffic(count = 180): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
    token: `evt-${index.toString(36)}-${(index * 7919).toString(16)}`,
    customer_id: `cust-${index % 30}`,
    device_id: `device-${index}`,
    created_at: `2026-11-02 10:${String(Math.floor(index / 60)).padStart(2, '0')}:${String(index % 60).padStart(2, '0')}`,
    svc_id: 7,
    attributes: {
      screen: SCREENS[index % SCREENS.length],
      platform: index % 3 === 0 ? 'ios' : 'android',
      session: `s-${Math.floor(index / 2)}`,
      duration_ms: index * 10,
    },
  }));
}

describe('choosing the key of an inferred plan', () => {
  it('keys kinds by a field inside the attributes', () => {
    const inferred = inferPlan(sdkTraffic(), { key: 'attributes.screen' });
    expect(Object.keys(inferred.plan.events)).toEqual([...SCREENS].sort());
    expect(inferred.plan.key).toBe('attributes.screen');
    expect(inferred).toMatchObject({ events: 180, planned: 180, notes: [], advice: null });
  });

  it('says a key that differs per event drafts a kind per event, and proposes the fields whose values repeat, best first', () => {
    const inferred = inferPlan(sdkTraffic());
    expect(Object.keys(inferred.plan.events)).toHaveLength(180);
    expect(inferred.advice?.message).toBe(
      '"token" differs in nearly every event (180 kinds from 180 events), so each kind would describe single events rather than a kind of event. Fields whose values repeat, best first: key by one of them.',
    );
    expect(inferred.advice?.candidates).toEqual([
      { key: 'attributes.platform', description: '2 values: android, ios; in all 180 events' },
      { key: 'attributes.screen', description: '6 values: cart, checkout, home, …; in all 180 events' },
      { key: 'customer_id', description: '30 values: cust-0, cust-1, cust-10, …; in all 180 events' },
    ]);
  });

  it('says so past the kind limit too, and lets a small sample of distinct kinds be', () => {
    const many = inferPlan(sdkTraffic(3000));
    expect(many.advice?.message).toMatch(/^"token" differs in nearly every event \(more than 1,000 kinds from 3,000 events\)/);
    expect(many.advice?.candidates[0]?.key).toBe('attributes.platform');
    expect(inferPlan(sdkTraffic(10)).advice).toBeNull();
    expect(inferPlan(sdkTraffic().map((event, index) => ({ ...event, token: SCREENS[index % 6] }))).advice).toBeNull();
  });

  it('refuses a key with the real reason: where it is missing, where it is no text, with the first of each', () => {
    const events = sdkTraffic(4);
    events[1] = { ...events[1], attributes: { platform: 'ios' } };
    events[2] = { ...events[2], attributes: 'none' };
    events[3] = { ...events[3], attributes: { screen: 42 } };
    const inferred = inferPlan(events, { key: 'attributes.screen' });
    expect(inferred.notes).toEqual([
      '2 events had no "attributes.screen" (the first: event 2), so no kind: left out.',
      '1 event had "attributes.screen" but not as a non-empty text (event 4 has 42), so no kind: left out.',
    ]);
    expect(inferred.advice).toBeNull();
    const refused = inferPlan(events.slice(1), { key: 'attributes.screen' });
    expect(Object.keys(refused.plan.events)).toEqual([]);
    expect(refused.advice?.message).toBe(
      '"attributes.screen" names no kind in these events. No field\'s values repeat enough to key by: name the field that says each event\'s kind.',
    );
  });
});
