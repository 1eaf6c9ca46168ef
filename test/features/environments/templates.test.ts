import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from '../../../base/common/json-nesting.ts';
import { insideArrays } from '../../fixtures/events.ts';
import {
  findTemplates,
  generateFrom,
  GENERATE_LIMIT,
  resolveBatch,
  templateResultType,
  type ResolveResult,
  type TemplateContext,
} from '../../../features/environments/common/templates.ts';

/** Berlin springs forward at 2026-03-29 01:00 UTC: 02:00 CET becomes 03:00 CEST. */
const afterSpringForward = new Date('2026-03-29T01:30:00Z');

function context(overrides: Partial<TemplateContext> = {}): TemplateContext {
  let uuids = 0;
  return {
    variables: [
      { name: 'customer', value: 'cust-42' },
      { name: 'plan.name', value: 'pro' },
    ],
    timeZone: 'UTC',
    now: new Date('2026-05-04T10:20:30Z'),
    random: () => 0.5,
    uuid: () => `uuid-${++uuids}`,
    ...overrides,
  };
}

function events(result: ResolveResult): unknown[] {
  if ('problems' in result) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.events;
}

function resolveOne(value: string, overrides: Partial<TemplateContext> = {}): unknown {
  return (events(resolveBatch([{ value }], context(overrides)))[0] as { value: unknown }).value;
}

describe('templates', () => {
  it('resolves $uuid, $now, $pick and variables as text inside a string', () => {
    expect(resolveOne('{{$uuid}}')).toBe('uuid-1');
    expect(resolveOne('at {{$now}}')).toBe('at 2026-05-04 10:20:30');
    expect(resolveOne('{{$pick free|pro|team}}', { random: () => 0.99 })).toBe('team');
    expect(resolveOne('{{$pick  free | pro }}', { random: () => 0 })).toBe('free');
    expect(resolveOne('{{customer}}/{{ plan.name }}')).toBe('cust-42/pro');
  });

  it('writes $now in the given zone and moves it by s, m, h and d', () => {
    expect(resolveOne('{{$now}}', { timeZone: 'America/New_York' })).toBe('2026-05-04 06:20:30');
    expect(resolveOne('{{$now -15m}}')).toBe('2026-05-04 10:05:30');
    expect(resolveOne('{{$now +2h}}')).toBe('2026-05-04 12:20:30');
    expect(resolveOne('{{$now -45s}}')).toBe('2026-05-04 10:19:45');
    expect(resolveOne('{{$now -1d}}')).toBe('2026-05-03 10:20:30');
  });

  it('counts hours as elapsed time across a daylight-saving change', () => {
    // 03:30 CEST minus one real hour is 01:30 CET: the wall clock moves two hours.
    expect(resolveOne('{{$now -1h}}', { timeZone: 'Europe/Berlin', now: afterSpringForward })).toBe('2026-03-29 01:30:00');
    expect(resolveOne('{{$now}}', { timeZone: 'Europe/Berlin', now: afterSpringForward })).toBe('2026-03-29 03:30:00');
  });

  it('counts days as calendar days that keep the wall clock across a daylight-saving change', () => {
    expect(resolveOne('{{$now -1d}}', { timeZone: 'Europe/Berlin', now: afterSpringForward })).toBe('2026-03-28 03:30:00');
    // 2026-03-28 02:30 +1d would be 2026-03-29 02:30, which Berlin skips: it moves on to 03:30.
    expect(resolveOne('{{$now +1d}}', { timeZone: 'Europe/Berlin', now: new Date('2026-03-28T01:30:00Z') })).toBe('2026-03-29 03:30:00');
  });

  it('turns a value that is exactly one $randomInt or $seq into a number, and anything more into text', () => {
    const [event] = events(
      resolveBatch([{ svc_id: '{{$seq}}', spend: '{{ $randomInt 1 100 }}', label: 'n{{$seq}}', padded: ' {{$seq}}', pick: '{{$pick 7}}' }], context()),
    );
    expect(event).toEqual({ svc_id: 1, spend: 51, label: 'n1', padded: ' 1', pick: '7' });
  });

  it('keeps $randomInt within its bounds, both included', () => {
    expect(resolveOne('{{$randomInt -5 5}}', { random: () => 0 })).toBe(-5);
    expect(resolveOne('{{$randomInt -5 5}}', { random: () => 0.999999 })).toBe(5);
    expect(resolveOne('{{$randomInt 3 3}}')).toBe(3);
  });

  it('makes $seq the number of its event, the same wherever it appears in that event', () => {
    const batch = [
      { a: '{{$seq}}', nested: { list: ['{{$seq}}', 'x{{$seq}}y{{$seq}}'] } },
      { a: '{{$seq}}', token: 'evt-{{$seq}}' },
      { b: 'none' },
      { a: '{{$seq}}' },
    ];
    expect(events(resolveBatch(batch, context()))).toEqual([{ a: 1, nested: { list: [1, 'x1y1'] } }, { a: 2, token: 'evt-2' }, { b: 'none' }, { a: 4 }]);
  });

  it('leaves values without templates as they are and does not change the input', () => {
    const batch = [{ token: 't', svc_id: 7, ok: true, none: null, attributes: { spend: '12.50' }, at: '{{$now}}' }];
    const before = structuredClone(batch);
    const [event] = events(resolveBatch(batch, context())) as Record<string, unknown>[];
    expect(event).toEqual({ ...before[0], at: '2026-05-04 10:20:30' });
    expect(batch).toEqual(before);
  });

  it('reports an unknown variable with its path and its place in the value, and resolves nothing', () => {
    const result = resolveBatch([{ token: 'ok' }, { attributes: { who: 'id {{custmer}}' } }], context());
    expect(result).toEqual({
      problems: [{ path: '/1/attributes/who', message: 'There is no variable "custmer". The environment has customer, plan.name.', start: 3, end: 14 }],
    });
  });

  it.each([
    ['{{}}', /empty/],
    ['{{$nope}}', /\$nope is not a template/],
    ['{{$uuid 4}}', /takes nothing after it/],
    ['{{$now -15x}}', /not an offset/],
    ['{{$now 15m}}', /not an offset/],
    ['{{$now -99999999999d}}', /200 years/],
    ['{{$randomInt 1}}', /two whole numbers/],
    ['{{$randomInt 9 1}}', /larger than its largest/],
    ['{{$randomInt 1 99999999999999999999}}', /within/],
    ['{{$pick}}', /needs choices/],
    ['{{$pick a||b}}', /choice 2 is empty/],
    ['{{not a name}}', /not a variable name/],
    ['abc {{$uuid', /no closing/],
  ])('reports the malformed %s', (value, message) => {
    const result = resolveBatch([{ value }], context());
    expect('problems' in result && result.problems[0]).toMatchObject({ path: '/0/value', message: expect.stringMatching(message) });
  });

  it('reports a template in a field name and an unknown time zone', () => {
    expect(resolveBatch([{ '{{customer}}': 'x' }], context())).toMatchObject({
      problems: [{ path: '/0/{{customer}}', message: expect.stringMatching(/values only/) }],
    });
    expect(resolveBatch([{ at: '{{$now}}' }], context({ timeZone: 'Mars/Olympus' }))).toMatchObject({
      problems: [{ message: expect.stringMatching(/Mars\/Olympus/) }],
    });
  });

  it('keeps a field named __proto__ a field', () => {
    const [event] = events(resolveBatch(JSON.parse('[{"__proto__": "{{customer}}"}]') as unknown[], context())) as object[];
    expect(Object.getPrototypeOf(event)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(event, '__proto__')?.value).toBe('cust-42');
  });

  it('escapes / and ~ in a problem path as a JSON pointer does', () => {
    expect(resolveBatch([{ 'a/b~c': '{{nope}}' }], context())).toMatchObject({ problems: [{ path: '/0/a~1b~0c' }] });
  });

  it('finds templates in a document for the editor, with positions and problems', () => {
    const text = '[{"svc_id": "{{$seq}}", "token": "{{oops\n"}]';
    expect(findTemplates(text)).toEqual([
      { start: 13, end: 21, template: { kind: 'seq' }, problem: null },
      { start: 34, end: 40, template: null, problem: '"{{oops" has no closing }}.' },
    ]);
    expect(findTemplates('no templates')).toEqual([]);
  });

  it('tells the validator what type a template value becomes', () => {
    expect(templateResultType('{{$seq}}')).toBe('number');
    expect(templateResultType('{{$randomInt 1 2}}')).toBe('number');
    expect(templateResultType('#{{$seq}}')).toBe('string');
    expect(templateResultType('{{customer}}')).toBe('string');
    expect(templateResultType('plain')).toBeNull();
  });
});

describe('values nested deeper than a batch may be', () => {
  /** The array at /0/attributes/a opens level 4, so the one 61 arrays further in opens level 65. */
  const tooDeepPath = `/0/attributes/a${'/0'.repeat(MAX_JSON_DEPTH - 3)}`;

  it('are one problem at the path where the level too many opens, not a stack overflow', () => {
    const result = resolveBatch([{ token: '{{$uuid}}', attributes: { a: insideArrays(20_000, '{{customer}}') } }], context());
    expect(result).toEqual({ problems: [{ path: tooDeepPath, message: TOO_DEEP_MESSAGE, start: 0, end: 0, tooDeep: true }] });
  });

  it('are said once however many events nest too deep', () => {
    const deep = { attributes: { a: insideArrays(100, 1) } };
    expect(resolveBatch([deep, deep, { attributes: { a: insideArrays(100, 1), b: insideArrays(100, 1) } }], context())).toEqual({
      problems: [{ path: tooDeepPath, message: TOO_DEEP_MESSAGE, start: 0, end: 0, tooDeep: true }],
    });
  });

  it(`resolve as usual ${MAX_JSON_DEPTH} levels deep`, () => {
    const [event] = events(resolveBatch([{ attributes: { a: insideArrays(MAX_JSON_DEPTH - 3, '{{customer}}') } }], context())) as {
      attributes: { a: unknown };
    }[];
    expect(event!.attributes.a).toEqual(insideArrays(MAX_JSON_DEPTH - 3, 'cust-42'));
  });

  it('are a problem in an event generated from, at its path within the event', () => {
    expect(generateFrom({ attributes: { a: insideArrays(100, 1) } }, 3, context())).toEqual({
      problems: [{ path: tooDeepPath.slice('/0'.length), message: TOO_DEEP_MESSAGE, start: 0, end: 0, tooDeep: true }],
    });
  });
});

describe('generating events from one', () => {
  const event = { token: '{{$uuid}}', svc_id: '{{$seq}}', attributes: { plan: 'pro' }, created_at: '{{$now -15m}}' };

  it('resolves each copy on its own, counting $seq across the copies', () => {
    const generated = events(generateFrom(event, 3, context())) as Record<string, unknown>[];
    expect(generated.map((copy) => [copy.token, copy.svc_id, copy.created_at])).toEqual([
      ['uuid-1', 1, '2026-05-04 10:05:30'],
      ['uuid-2', 2, '2026-05-04 10:05:30'],
      ['uuid-3', 3, '2026-05-04 10:05:30'],
    ]);
    expect(generated[2]!.attributes).toEqual({ plan: 'pro' });
  });

  it('generates from 1 to 100 000 events and refuses other counts', () => {
    expect(events(generateFrom(event, GENERATE_LIMIT.min, context()))).toHaveLength(1);
    expect(events(generateFrom({ svc_id: '{{$seq}}' }, GENERATE_LIMIT.max, context())).at(-1)).toEqual({ svc_id: 100_000 });
    for (const count of [0, -1, 1.5, GENERATE_LIMIT.max + 1, Number.NaN]) {
      expect(generateFrom(event, count, context())).toMatchObject({ problems: [{ path: '', message: expect.stringMatching(/from 1 to 100,000/) }] });
    }
  });

  it('reports a problem once, with a path into the one event', () => {
    expect(generateFrom({ customer_id: '{{nobody}}' }, 500, context())).toMatchObject({ problems: [{ path: '/customer_id' }] });
    expect((generateFrom({ customer_id: '{{nobody}}' }, 500, context()) as { problems: unknown[] }).problems).toHaveLength(1);
  });

  it('previews 100 000 generated events in well under a second', () => {
    const generated = events(
      generateFrom({ ...event, device_id: '{{$uuid}}', customer_id: '{{customer}}' }, 100_000, context({ uuid: undefined, random: undefined })),
    );
    const started = performance.now();
    const preview = resolveBatch(generated, context());
    const elapsed = performance.now() - started;
    expect('events' in preview && preview.events).toHaveLength(100_000);
    expect(elapsed).toBeLessThan(1_000);
  });
});
