import { describe, expect, it } from 'vitest';
import { AppError } from '../../../base/common/errors.ts';
import {
  countsOf,
  diffEntries,
  diffEvents,
  diffSummary,
  eventsOfText,
  fieldDifferences,
  isIdentical,
  pathText,
  sameValue,
} from '../../../features/transforms/common/event-diff.ts';

const event = (token: string, extra: Record<string, unknown> = {}) => ({
  token,
  customer_id: 'cust-7781',
  created_at: '2026-11-20 10:00:00',
  attributes: { plan: 'pro', spend: '19.99' },
  ...extra,
});

describe('the event diff', () => {
  it('calls a batch identical to its own reordered, reformatted text', () => {
    const left = eventsOfText(JSON.stringify([event('a'), event('b')], null, 2), 'left');
    const right = eventsOfText(
      '[{"attributes":{"spend":"19.99","plan":"pro"},"created_at":"2026-11-20 10:00:00","customer_id":"cust-7781","token":"b"},\n{"customer_id":"cust-7781","token":"a","created_at":"2026-11-20 10:00:00","attributes":{"plan":"pro","spend":"19.99"}}]',
      'right',
    );
    const diff = diffEvents(left, right);
    expect(isIdentical(countsOf(diff))).toBe(true);
    expect(diffSummary(countsOf(diff))).toBe('Identical');
  });

  it('compares numbers by value, not as written', () => {
    const diff = diffEvents(eventsOfText('[{"token":"a","svc_id":100,"n":1.50}]', 'left'), eventsOfText('[{"token":"a","svc_id":1e2,"n":1.5}]', 'right'));
    expect(isIdentical(countsOf(diff))).toBe(true);
  });

  it('counts events on one side only and events that differ, numbered from 1 on each side', () => {
    const left = [event('a'), event('b'), event('c'), event('d')];
    const right = [event('b'), event('a', { attributes: { plan: 'free', spend: '19.99' } }), event('e')];
    const diff = diffEvents(left, right);
    expect(diff.onlyLeft.map((lone) => lone.number)).toEqual([3, 4]);
    expect(diff.onlyLeft[0]!.key).toEqual({ token: 'c', customer_id: 'cust-7781', created_at: '2026-11-20 10:00:00' });
    expect(diff.onlyRight.map((lone) => lone.number)).toEqual([3]);
    expect(diff.differing).toEqual([{ left: 1, right: 2, fields: [{ path: ['attributes', 'plan'], left: 'pro', right: 'free' }] }]);
    expect(diffSummary(countsOf(diff))).toBe('2 events only left, 1 only right, 1 differs');
  });

  it('lists its entries a window at a time: the differing events, then those only left, then those only right', () => {
    const diff = diffEvents([event('a'), event('b', { n: 1 }), event('c')], [event('b', { n: 2 }), event('d'), event('e')]);
    const all = diffEntries(diff, 0, 100);
    expect(all.map((entry) => [entry.kind, entry.kind === 'differs' ? entry.event.left : entry.event.number])).toEqual([
      ['differs', 2],
      ['only-left', 1],
      ['only-left', 3],
      ['only-right', 2],
      ['only-right', 3],
    ]);
    expect(diffEntries(diff, 1, 3)).toEqual(all.slice(1, 4));
    expect(diffEntries(diff, 4, 10)).toEqual(all.slice(4));
    expect(diffEntries(diff, 9, 10)).toEqual([]);
  });

  it('words the summary by what it has: singular, plural, and the first count naming events', () => {
    const one = diffEvents([event('a'), event('b', { svc_id: 1 })], [event('b', { svc_id: 2 })]);
    expect(diffSummary(countsOf(one))).toBe('1 event only left, 1 differs');
    const two = diffEvents([event('a', { svc_id: 1 }), event('b', { svc_id: 1 })], [event('a', { svc_id: 2 }), event('b', { svc_id: 2 })]);
    expect(diffSummary(countsOf(two))).toBe('2 events differ');
    expect(diffSummary(countsOf(diffEvents([], [event('a')])))).toBe('1 event only right');
  });

  it('matches a repeated key in order: the first on the left with the first on the right', () => {
    const left = [event('x', { n: 1 }), event('x', { n: 2 }), event('x', { n: 3 })];
    const right = [event('x', { n: 1 }), event('x', { n: 20 })];
    const diff = diffEvents(left, right);
    expect(diff.differing).toEqual([{ left: 2, right: 2, fields: [{ path: ['n'], left: 2, right: 20 }] }]);
    expect(diff.onlyLeft.map((lone) => lone.number)).toEqual([3]);
    expect(diff.onlyRight).toEqual([]);
  });

  it('tells an absent key field from a null one', () => {
    const diff = diffEvents([{ token: 'a', customer_id: null }], [{ token: 'a' }]);
    expect(diff.onlyLeft).toHaveLength(1);
    expect(diff.onlyRight).toHaveLength(1);
  });

  it('matches by position when asked: a changed key is then a differing field', () => {
    const left = [event('a'), event('b')];
    const right = [event('a2'), event('b'), event('c')];
    const byKey = diffEvents(left, right);
    expect(diffSummary(countsOf(byKey))).toBe('1 event only left, 2 only right');
    const byPosition = diffEvents(left, right, 'position');
    expect(byPosition.differing).toEqual([{ left: 1, right: 1, fields: [{ path: ['token'], left: 'a', right: 'a2' }] }]);
    expect(byPosition.onlyRight.map((lone) => lone.number)).toEqual([3]);
    expect(diffSummary(countsOf(byPosition))).toBe('1 event only right, 1 differs');
  });

  it('names fields present on one side only, with the absent side undefined, and compares arrays whole', () => {
    expect(fieldDifferences({ a: 1, tags: [1, 2], attributes: { plan: 'pro' } }, { tags: [2, 1], attributes: { plan: 'pro', country: 'DE' } })).toEqual([
      { path: ['a'], left: 1, right: undefined },
      { path: ['tags'], left: [1, 2], right: [2, 1] },
      { path: ['attributes', 'country'], left: undefined, right: 'DE' },
    ]);
    expect(fieldDifferences({ attributes: { plan: 'pro' } }, { attributes: null })).toEqual([{ path: ['attributes'], left: { plan: 'pro' }, right: null }]);
  });

  it('compares events that are not objects as whole values', () => {
    const diff = diffEvents([1, 'two'], [1, 'three'], 'position');
    expect(diff.differing).toEqual([{ left: 2, right: 2, fields: [{ path: [], left: 'two', right: 'three' }] }]);
    expect(pathText([])).toBe('(the whole event)');
    expect(pathText(['attributes', 'plan'])).toBe('attributes.plan');
  });

  it('compares deeply, whatever the key order', () => {
    expect(sameValue({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });

  it('refuses a text that is not a JSON array of events with a clear error', () => {
    const notJson = (() => {
      try {
        eventsOfText('[{"token": ', 'left');
      } catch (error) {
        return error;
      }
    })();
    expect(notJson).toBeInstanceOf(AppError);
    expect(notJson).toMatchObject({ code: 'compare-not-json', message: expect.stringContaining('The left batch is not valid JSON') });
    expect(() => eventsOfText('{"token":"a"}', 'right')).toThrow(expect.objectContaining({ code: 'compare-not-array', detail: 'a JSON object' }));
  });
});
