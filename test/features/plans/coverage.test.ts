import { describe, expect, it } from 'vitest';
import { CoverageCount, UNPLANNED_KINDS_LISTED, createCoverageKeeper, planCoverage, readCoveragePlan } from '../../../features/plans/common/coverage.ts';
import { validEvent } from '../../fixtures/events.ts';

/** Which planned kinds a batch (or history, one event at a time) covers, which it never shows, and what it brought unplanned. */

const PLAN = { key: 'token', events: { purchase: {}, refund: {}, signup: {} } };

describe('coverage of a plan', () => {
  it('counts the planned kinds seen, names those never seen and the unplanned ones that came, and the events with no key', () => {
    const events = [
      validEvent({ token: 'signup' }),
      validEvent({ token: 'purchase' }),
      validEvent({ token: 'purchase' }),
      validEvent({ token: 'debug' }),
      validEvent({ token: 'add_to_cart' }),
      validEvent({ token: 'debug' }),
      validEvent({ token: '' }),
      { attributes: {} },
      'not an event',
    ];
    expect(planCoverage(events, PLAN)).toEqual({
      key: 'token',
      events: 9,
      seen: [
        { key: 'purchase', count: 2 },
        { key: 'signup', count: 1 },
      ],
      neverSeen: ['refund'],
      unplanned: [
        { key: 'add_to_cart', count: 1 },
        { key: 'debug', count: 2 },
      ],
      unplannedUnlisted: 0,
      unkeyed: 3,
    });
  });

  it('counts a kind named __proto__ like any other', () => {
    const read = readCoveragePlan('{"events": {"__proto__": {}}}');
    if (!read.ok) throw new Error(read.message);
    expect(planCoverage(JSON.parse('[{"token": "__proto__"}, {"token": "constructor"}]') as unknown[], read.plan)).toMatchObject({
      seen: [{ key: '__proto__', count: 1 }],
      unplanned: [{ key: 'constructor', count: 1 }],
    });
  });

  it('reads the kind from the plan’s key field, token when the plan names none', () => {
    const events = [validEvent({ token: 'x', name: 'refund' })];
    expect(planCoverage(events, { key: 'name', events: PLAN.events })).toMatchObject({ key: 'name', seen: [{ key: 'refund', count: 1 }] });
    expect(planCoverage(events, { events: PLAN.events })).toMatchObject({ key: 'token', unplanned: [{ key: 'x', count: 1 }] });
  });

  it('reads the kind from a field inside another when the key has dots, and refuses a key with an empty field name', () => {
    const events = [validEvent({ attributes: { screen: 'refund' } }), validEvent({ attributes: { screen: 'home' } }), validEvent({ attributes: 'none' })];
    expect(planCoverage(events, { key: 'attributes.screen', events: PLAN.events })).toMatchObject({
      seen: [{ key: 'refund', count: 1 }],
      unplanned: [{ key: 'home', count: 1 }],
      unkeyed: 1,
    });
    expect(readCoveragePlan('{"key": "attributes.", "events": {}}')).toEqual({
      ok: false,
      message: 'The key "attributes." has an empty field name: write a field, or fields joined by dots (attributes.screen).',
    });
  });

  it('takes events one at a time, as history pages come, and answers at any point', () => {
    const count = new CoverageCount(PLAN);
    count.add(validEvent({ token: 'refund' }));
    expect(count.result().neverSeen).toEqual(['purchase', 'signup']);
    count.add(validEvent({ token: 'purchase' }));
    expect(count.result()).toMatchObject({ events: 2, neverSeen: ['signup'] });
  });

  it('names at most so many unplanned kinds and counts the events of the rest', () => {
    const events = (function* () {
      for (let index = 0; index < UNPLANNED_KINDS_LISTED + 500; index++) yield { token: `unique-${index}` };
      yield { token: 'unique-0' };
    })();
    const coverage = planCoverage(events, PLAN);
    expect(coverage.unplanned).toHaveLength(UNPLANNED_KINDS_LISTED);
    expect(coverage.unplanned.find((kind) => kind.key === 'unique-0')).toEqual({ key: 'unique-0', count: 2 });
    expect(coverage.unplannedUnlisted).toBe(500);
  });
});

describe('reading a plan for coverage', () => {
  it('takes its kinds and key, and nothing of its schemas', () => {
    expect(readCoveragePlan('{"name": "P", "key": "kind", "events": {"a": {"attributes": {"type": "nonsense"}}}}')).toEqual({
      ok: true,
      plan: { key: 'kind', events: { a: { attributes: { type: 'nonsense' } } } },
    });
    expect(readCoveragePlan('\uFEFF{"events": {}}')).toEqual({ ok: true, plan: { events: {} } });
  });

  it.each([
    ['', /^The plan is empty\.$/],
    ['{"events": {', /^The plan is not valid JSON at line 1, column 13/],
    ['[]', /^The plan is not a JSON object: a plan is \{"name", "key", "events"/],
    ['{"name": "P", "events": []}', /^The plan has no "events" object: a plan is/],
    ['{"name": "P"}', /^The plan has no "events" object/],
    ['{"key": 3, "events": {}}', /^The plan's "key" must name an event field \(default "token"\)\.$/],
  ])('refuses %j, saying what a plan is', (text, message) => {
    expect(readCoveragePlan(text)).toEqual({ ok: false, message: expect.stringMatching(message) });
  });
});

describe('coverage kept across edits', () => {
  it('answers what it had after an edit that changed no event’s kind, and counts again otherwise', () => {
    const keep = createCoverageKeeper();
    const events = [validEvent({ token: 'signup' }), validEvent({ token: 'purchase' }), validEvent({ token: 'debug' })];
    const first = keep(events, PLAN, null);
    expect(first).toEqual(planCoverage(events, PLAN));
    // A value typed in event 2: same kinds, the same answer, not counted again.
    const typed = [events[0], validEvent({ token: 'purchase', customer_id: 'typed' }), events[2]];
    expect(keep(typed, PLAN, new Set([1]))).toBe(first);
    // Its kind changed: counted again.
    const renamed = [events[0], validEvent({ token: 'refund' }), events[2]];
    expect(keep(renamed, PLAN, new Set([1]))).toEqual(planCoverage(renamed, PLAN));
    // An event added, the whole text read, or another plan: counted again.
    const added = [...renamed, validEvent({ token: 'signup' })];
    expect(keep(added, PLAN, new Set([3]))).toEqual(planCoverage(added, PLAN));
    expect(keep(added, PLAN, null)).toEqual(planCoverage(added, PLAN));
    const other = { key: 'token', events: { debug: {} } };
    expect(keep(added, other, new Set())).toEqual(planCoverage(added, other));
  });
});
